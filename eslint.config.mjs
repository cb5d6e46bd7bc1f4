// @ts-check
import js from "@eslint/js"
import { createNodeResolver, importX } from "eslint-plugin-import-x"
import jsxA11y from "eslint-plugin-jsx-a11y"
import react from "eslint-plugin-react"
import reactHooks from "eslint-plugin-react-hooks"
import globals from "globals"
import tseslint from "typescript-eslint"

/** Everything that builds, hosts, edits or tests the site. */
const TOOLING = [
  "./auth",
  "./functions",
  "./gatsby",
  "./cms",
  "./scripts",
  "./test",
  "./e2e",
  "./gatsby-config.ts",
  "./gatsby-node.ts",
  "./gatsby-browser.tsx",
  "./gatsby-ssr.tsx",
]

export default tseslint.config(
  {
    ignores: [
      "public/**",
      ".cache/**",
      ".tmp/**",
      ".artifact/**",
      "node_modules/**",
      "test-results/**",
      "playwright-report/**",
      "screenshots/**",
      "src/gatsby-types.d.ts",
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ["**/*.{ts,tsx,mjs,cjs,js}"],
    languageOptions: {
      globals: { ...globals.browser, ...globals.node },
    },
  },
  {
    files: ["**/*.tsx", "src/**/*.ts"],
    ...react.configs.flat.recommended,
    ...react.configs.flat["jsx-runtime"],
    settings: { react: { version: "18.3" } },
  },
  {
    files: ["**/*.tsx", "src/**/*.ts"],
    plugins: { "react-hooks": reactHooks, "jsx-a11y": jsxA11y },
    rules: {
      ...reactHooks.configs.recommended.rules,
      ...jsxA11y.flatConfigs.recommended.rules,
      "react/prop-types": "off",
    },
  },
  {
    rules: {
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_" }],
    },
  },
  {
    // Three layers, imports one way only (docs/architecture.md): the content model (model/) <- the
    // site (src/) <- the tooling (gatsby/, cms/, scripts/, the gatsby-* hooks, tests). No cycles.
    files: ["**/*.{ts,tsx,mjs,cjs}"],
    plugins: { "import-x": importX },
    settings: {
      "import-x/extensions": importX.flatConfigs.typescript.settings["import-x/extensions"],
      "import-x/parsers": importX.flatConfigs.typescript.settings["import-x/parsers"],
      "import-x/resolver-next": [createNodeResolver({ extensions: [".ts", ".tsx", ".mjs", ".cjs", ".js", ".json"] })],
    },
    rules: {
      "import-x/no-cycle": ["error", { ignoreExternal: true }],
      "import-x/no-restricted-paths": [
        "error",
        {
          zones: [
            {
              target: "./model",
              from: TOOLING.concat("./src"),
              message: "The content model stands alone: it imports neither the site nor the tooling.",
            },
            {
              target: "./src",
              from: TOOLING,
              message: "The site imports the content model only; the tooling imports the site, never the reverse.",
            },
          ],
        },
      ],
    },
  },
  {
    // The content model is plain TypeScript: no Node, React or Gatsby.
    files: ["model/**"],
    rules: {
      "no-restricted-imports": [
        "error",
        {
          patterns: [
            {
              regex: "^(node:|fs$|path$|react|gatsby|styled-components)",
              message: "The content model is plain TypeScript: no Node, React or Gatsby imports.",
            },
          ],
        },
      ],
    },
  },
  {
    files: ["**/*.cjs"],
    languageOptions: { sourceType: "commonjs" },
    rules: { "@typescript-eslint/no-require-imports": "off" },
  },
  {
    // Tests read untyped JSON content and browser results.
    files: ["e2e/**", "test/**"],
    rules: { "@typescript-eslint/no-explicit-any": "off" },
  },
)

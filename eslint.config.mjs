// @ts-check
import js from "@eslint/js"
import { createNodeResolver, importX } from "eslint-plugin-import-x"
import jsxA11y from "eslint-plugin-jsx-a11y"
import react from "eslint-plugin-react"
import reactHooks from "eslint-plugin-react-hooks"
import globals from "globals"
import tseslint from "typescript-eslint"

/** What builds, ships and edits the site: it runs in the build, on the build server, on a host or in the admin. */
const SHIPPING = [
  "./build-steps",
  "./gatsby",
  "./cms",
  "./deploy",
  "./functions",
  "./gatsby-config.ts",
  "./gatsby-node.ts",
  "./gatsby-browser.tsx",
  "./gatsby-ssr.tsx",
]
/** What checks, measures and helps work on the site: the developers' commands, the tests and their harnesses. */
const DEVELOPING = ["./scripts", "./test", "./e2e", "./playwright.config.ts", "./vitest.config.ts"]
/** Everything above the site. */
const TOOLING = [...SHIPPING, ...DEVELOPING]

export default tseslint.config(
  {
    ignores: [
      "public/**",
      ".cache/**",
      ".tmp/**",
      ".artifact/**",
      ".hosting/**",
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
    // Layers, imports one way only (docs/architecture.md): the content model (model/) and the
    // contracts between processes (contracts/) <- the site
    // (src/) <- what ships it (gatsby/, cms/, deploy/, functions/, the gatsby-* hooks) <- what
    // develops it (scripts/, test/, e2e/). The browser tests are imported by nothing. No cycles.
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
              message:
                "The content model stands alone: it imports neither the site nor the tooling (only the contracts' values, e.g. a time).",
            },
            {
              target: "./contracts",
              from: TOOLING.concat("./src", "./model"),
              message:
                "The contracts between processes stand alone: what the CMS and the build server both read imports nothing of either.",
            },
            {
              target: "./lib",
              from: TOOLING.concat("./src", "./model", "./contracts"),
              message:
                "The file helpers stand alone: Node only, nothing of the project (the release command bundles them).",
            },
            {
              target: ["./src", "./model", "./contracts"],
              from: "./lib",
              message: "lib/ is Node's: the site, the model and the contracts also run in a browser.",
            },
            {
              target: "./deploy/release",
              from: "./model",
              except: ["./routes.ts", "./locales.ts"],
              message:
                "The release command runs on a host with Node alone: of the content model it reads only the site's addresses and languages (model/routes.ts, model/locales.ts, plain values), the words its nginx configuration and its counts share with the site.",
            },
            {
              target: "./deploy/release",
              from: [
                "./build-steps",
                "./gatsby",
                "./src",
                "./cms",
                "./functions",
                "./deploy/auth",
                "./deploy/hosting",
                "./deploy/lib",
                "./deploy/publish",
              ],
              message:
                "The release command runs on a host with Node alone: it reads contracts/, lib/ and the site's addresses, never the build, the site or the rest of deploy/.",
            },
            {
              target: "./build-steps",
              from: [
                "./gatsby",
                "./cms",
                "./deploy",
                "./functions",
                "./gatsby-node.ts",
                "./gatsby-config.ts",
                "./gatsby-ssr.tsx",
                "./gatsby-browser.tsx",
              ],
              message:
                "The build's own steps work on content and on a built folder without Gatsby: they import nothing of its hooks (gatsby/), the admin or what deploys the site.",
            },
            {
              target: ["./deploy", "./cms"],
              from: "./gatsby",
              message:
                "gatsby/ is Gatsby's adapter and nothing stands on it: what the hosts, the publish path and the admin share with the build lives in build-steps/.",
            },
            {
              target: "./gatsby",
              from: "./deploy",
              message:
                "The build's steps never import what deploys the site: what both read is a contract (contracts/) or a file helper (lib/).",
            },
            {
              target: "./cms",
              from: "./deploy",
              message: "The admin never imports the build server's code: what both read is a contract (contracts/).",
            },
            {
              target: "./deploy",
              from: "./cms",
              message: "The build server never imports the admin's code: what both read is a contract (contracts/).",
            },
            {
              target: "./src",
              from: TOOLING,
              message: "The site imports the content model only; the tooling imports the site, never the reverse.",
            },
            {
              target: SHIPPING,
              from: DEVELOPING,
              message:
                "What ships the site never imports the developers' tools, tests or harnesses: move what both need to the shipping side.",
            },
            {
              target: [
                "./model",
                "./src",
                ...SHIPPING,
                "./scripts",
                "./test",
                "./playwright.config.ts",
                "./vitest.config.ts",
              ],
              from: "./e2e",
              message: "Nothing imports the browser tests: what they share with others lives in test/support/.",
            },
          ],
        },
      ],
    },
  },
  {
    // The content model and the contracts are plain TypeScript: no Node, React or Gatsby.
    files: ["model/**", "contracts/**"],
    rules: {
      "no-restricted-imports": [
        "error",
        {
          patterns: [
            {
              regex: "^(node:|fs$|path$|react|gatsby|styled-components)",
              message: "The content model and the contracts are plain TypeScript: no Node, React or Gatsby imports.",
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

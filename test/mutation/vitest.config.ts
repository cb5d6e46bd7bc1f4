/**
 * The unit tests as one project, for mutation testing (stryker.config.mjs): Stryker's Vitest runner
 * runs every project a configuration declares, and the other projects need a build, nginx and browsers.
 */
import path from "node:path"
import { defineConfig } from "vitest/config"

const ROOT = path.resolve(__dirname, "../..")

export default defineConfig({
  root: ROOT,
  esbuild: { jsx: "automatic" },
  resolve: { alias: { gatsby: path.join(ROOT, "cms/app/stand-ins/gatsby.tsx") } },
  test: {
    globals: true,
    setupFiles: [path.join(ROOT, "test/setup.ts")],
    include: ["test/**/*.test.{ts,tsx}"],
    exclude: ["test/with-build/**", "test/engines/**", "node_modules/**", ".tmp/**"],
  },
})

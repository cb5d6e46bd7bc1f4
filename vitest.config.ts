import path from "node:path"
import { defineConfig } from "vitest/config"

export default defineConfig({
  esbuild: { jsx: "automatic" },
  resolve: {
    alias: {
      // Components import Gatsby's browser APIs; unit tests get the CMS preview's stand-in, fed with
      // the shipped content (test/setup.ts).
      gatsby: path.resolve(__dirname, "cms/app/stand-ins/gatsby.tsx"),
    },
  },
  test: {
    include: ["test/**/*.test.{ts,tsx}"],
    globals: true,
    setupFiles: ["test/setup.ts"],
  },
})

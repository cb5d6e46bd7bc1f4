import path from "node:path"
import { defineConfig } from "vitest/config"

export default defineConfig({
  esbuild: { jsx: "automatic" },
  resolve: {
    alias: {
      // Components import Gatsby's browser APIs; unit tests get a small stand-in fed with real content.
      gatsby: path.resolve(__dirname, "test/mocks/gatsby.tsx"),
    },
  },
  test: {
    include: ["test/**/*.test.{ts,tsx}"],
    globals: true,
    setupFiles: ["test/setup.ts"],
  },
})

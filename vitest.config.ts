import path from "node:path"
import { defineConfig } from "vitest/config"
import LongestFirst from "./test/support/longest-first"

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
    globals: true,
    setupFiles: ["test/setup.ts"],
    // The longest files first, on a fresh clone too (test/support/longest-first.ts).
    sequence: { sequencer: LongestFirst },
    projects: [
      {
        // Node alone: the model, validation, the CMS, components, each build step on its own input.
        extends: true,
        test: {
          name: "unit",
          include: ["test/**/*.test.{ts,tsx}"],
          exclude: ["test/with-build/**", "test/engines/**"],
        },
      },
      {
        // Needs `npm run build` first and nginx (scripts/ensure-system-packages.sh): reads public/,
        // serves it, and builds altered copies of the site.
        extends: true,
        test: {
          name: "with-build",
          include: ["test/with-build/**/*.test.ts"],
          setupFiles: ["test/with-build/setup.ts"],
          // A deadline for a hang, not a timing verdict: these tests start nginx and write releases to
          // disk, and five releases took 6.8 s on a host half as fast (Vitest's default is 5 s).
          testTimeout: 30_000,
          // Hooks stop test hosts and remove copies of the project (a build's cache and output): on a
          // CI host two to three times slower, one of them took over Vitest's default 10 s.
          hookTimeout: 120_000,
        },
      },
      {
        // The built site in Firefox and WebKit (test/engines/engines.ts; Chromium is Playwright's,
        // e2e/), each file one engine: run with --maxWorkers=2 so they work side by side; needs the
        // build, nginx and the browsers (scripts/ensure-system-packages.sh).
        extends: true,
        test: {
          name: "engines",
          include: ["test/engines/**/*.test.ts"],
          setupFiles: ["test/with-build/setup.ts"],
          maxConcurrency: 4,
          // As Playwright's on CI: browsers side by side on two cores now and then miss a deadline (a menu
          // that closes after 30 s, once in three runs). A test that passes on its second try is
          // listed as flaky with its first failure by the suite's closing lines (test-summary.mjs).
          retry: process.env.CI ? 1 : 0,
        },
      },
    ],
  },
})

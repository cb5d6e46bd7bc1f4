// @ts-check
/**
 * Mutation testing of the decisions (npm run test:mutation, not part of npm test): StrykerJS changes
 * each decision module a little at a time (a condition, a boundary, a string) and runs the unit tests
 * that cover the change; a change no test notices is a survivor, a promise no test keeps. The modules
 * are those that decide on values (a release, a rollback, the calendar, an address, a translation's
 * state, the visit counts, the content rules, the structured data, the case search, two editors' saves
 * and an entry's versions); what starts
 * processes, writes a host's files or drives nginx is proven on the release test host
 * (test/with-build/), where a run per mutant would take hours. The content rules
 * (model/content-check.ts) are the second run's (stryker.content.config.mjs), the photo verdict the
 * third's (stryker.photos.config.mjs). The score and the
 * survivors: docs/testing.md, "Mutation testing".
 * @type {import('@stryker-mutator/api/core').PartialStrykerOptions}
 */
export default {
  testRunner: "vitest",
  plugins: ["@stryker-mutator/vitest-runner"],
  vitest: { configFile: "test/mutation/vitest.config.ts", related: true },
  coverageAnalysis: "perTest",
  mutate: [
    "deploy/release/stamp.ts",
    "deploy/release/told-calendar.ts",
    "deploy/release/staged.ts",
    "deploy/release/tick.ts",
    "deploy/release/root/history.ts",
    "deploy/release/go-live.ts",
    "deploy/release/root/layout.ts",
    "deploy/release/root/manifest.ts",
    "deploy/release/root/manifest-path.ts",
    "deploy/release/root/records.ts",
    "deploy/release/nginx-config.ts",
    "deploy/release/visits-log.ts",
    "deploy/release/visit-counts.ts",
    "deploy/release/visits-report.ts",
    "model/schedule.ts",
    "model/translations.ts",
    "model/translation-sources.ts",
    "build-steps/content/translation-history.ts",
    "build-steps/post-build/addresses.ts",
    "src/seo/json-ld.ts",
    "src/components/case-study/case-filter.ts",
    "cms/stale-save.ts",
    "cms/entry-history.ts",
  ],
  ignorePatterns: [".tmp", "public", ".cache", ".hosting", ".artifact", "screenshots", "node_modules"],
  tempDirName: ".tmp/stryker",
  // A run picks up where the last one left off: only mutants of changed code, or covered by changed tests, run again.
  incremental: true,
  incrementalFile: ".tmp/mutation/incremental.json",
  concurrency: 2,
  timeoutMS: 20_000,
  reporters: ["clear-text", "progress", "json", "html"],
  jsonReporter: { fileName: ".tmp/mutation/mutation.json" },
  htmlReporter: { fileName: ".tmp/mutation/mutation.html" },
  // The verdict is both runs' together (scripts/mutation-score.mjs, under 85% fails), not each one's.
  thresholds: { high: 90, low: 85, break: null },
}

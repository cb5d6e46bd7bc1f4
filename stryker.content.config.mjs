// @ts-check
/**
 * The content rules' mutation testing (model/content-check.ts and the checks it runs), the second half of
 * `npm run test:mutation` (stryker.config.mjs is the first): the same options, over the content's and
 * the CMS's unit tests alone (test/mutation/content.vitest.config.ts says why), its results beside the
 * first's. scripts/mutation-score.mjs adds the two up.
 * @type {import('@stryker-mutator/api/core').PartialStrykerOptions}
 */
import decisions from "./stryker.config.mjs"

export default {
  ...decisions,
  vitest: { ...decisions.vitest, configFile: "test/mutation/content.vitest.config.ts" },
  mutate: ["model/content-check.ts", "model/cross-file-check.ts", "model/content-dates.ts", "model/parsed-file.ts"],
  incrementalFile: ".tmp/mutation/content-incremental.json",
  jsonReporter: { fileName: ".tmp/mutation/content-mutation.json" },
  htmlReporter: { fileName: ".tmp/mutation/content-mutation.html" },
}

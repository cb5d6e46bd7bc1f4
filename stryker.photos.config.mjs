// @ts-check
/**
 * The photo verdict's mutation testing (build-steps/content/photo-metadata.ts, photos.ts), the third
 * part of `npm run test:mutation`: the same options, over the photos' and the content check's tests
 * alone (test/mutation/photos.vitest.config.ts says why), its results beside the others'.
 * scripts/mutation-score.mjs adds them up.
 * @type {import('@stryker-mutator/api/core').PartialStrykerOptions}
 */
import decisions from "./stryker.config.mjs"

export default {
  ...decisions,
  vitest: { ...decisions.vitest, configFile: "test/mutation/photos.vitest.config.ts" },
  mutate: ["build-steps/content/photo-metadata.ts", "build-steps/content/photos.ts"],
  incrementalFile: ".tmp/mutation/photos-incremental.json",
  jsonReporter: { fileName: ".tmp/mutation/photos-mutation.json" },
  htmlReporter: { fileName: ".tmp/mutation/photos-mutation.html" },
}

/**
 * The photo verdict's unit tests, for mutation testing build-steps/content/photo-metadata.ts and
 * photos.ts (stryker.photos.config.mjs): the photos' own tests and the content check's, which run the
 * verdict on every image. With the whole unit project, each mutant of these modules would rerun every
 * test that reaches the content check.
 */
import { mergeConfig } from "vitest/config"
import unit from "./vitest.config"

export default mergeConfig(unit, {
  test: {
    include: [
      "test/content/photo-blocks.test.ts",
      "test/content/photo-metadata.test.ts",
      "test/content/validate.test.ts",
    ],
  },
})

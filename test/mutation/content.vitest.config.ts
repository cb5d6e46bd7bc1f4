/**
 * The unit tests of the content rules, for mutation testing model/content-check.ts
 * (stryker.content.config.mjs): the content's own tests and the CMS's, which read every rule through
 * it. Every unit test imports the content model somewhere, and Stryker runs all the tests related to a
 * module for a mutant of its module-level values: with the whole unit project, a run over
 * content-check.ts had not ended after an hour.
 */
import { mergeConfig } from "vitest/config"
import unit from "./vitest.config"

export default mergeConfig(unit, {
  test: {
    include: ["test/content/**/*.test.{ts,tsx}", "test/cms/**/*.test.{ts,tsx}", "test/checks/scale-content.test.ts"],
  },
})

/**
 * The order Vitest starts test files in, with the longest known first. Vitest orders by the last
 * run's durations, which a fresh clone (CI) has none of; it then starts the largest files first,
 * and the two that take longest, being small, started minutes after the others: on two workers the
 * run then ends with one of them alone (measured on a fresh clone: Vitest 1,459 s for 2,515 s of
 * file time, a best of about 1,260 s). Files named here start first, in this order; every other
 * file keeps Vitest's order after them.
 */
import path from "node:path"
import { BaseSequencer, type TestSpecification } from "vitest/node"

/** The longest files, longest first (seconds alone on a host at full speed: about 205, 53, 35). */
export const LONGEST_FIRST = [
  "test/with-build/altered-copy.test.ts",
  "test/with-build/release-staged.test.ts",
  "test/with-build/release-preview.test.ts",
]

/** Where a file stands in LONGEST_FIRST; files not named there come after, as they were. */
export function longestFirst<T>(files: T[], pathOf: (file: T) => string): T[] {
  const rank = (file: T) => {
    const index = LONGEST_FIRST.indexOf(pathOf(file))
    return index === -1 ? LONGEST_FIRST.length : index
  }
  // Array.prototype.sort is stable: the files of equal rank keep Vitest's order.
  return [...files].sort((a, b) => rank(a) - rank(b))
}

export default class LongestFirst extends BaseSequencer {
  async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const root = this.ctx.config.root
    // Across projects: they share the workers (one group order), so the longest start first whatever theirs.
    return longestFirst(await super.sort(files), (file) => path.relative(root, file.moduleId).split(path.sep).join("/"))
  }
}

/**
 * Reading the shipped content/ (or a copy of it) in scripts and tests, as the files are, so a test
 * checks the page against what editors wrote.
 */
import fs from "node:fs"
import path from "node:path"
import { inCaseOrder } from "../../model/case-order"
import { CONTENT_DIR } from "../../gatsby/paths"

/** One content file's data, by its path under content/. */
// Tests read whichever shape they check; the schemas vouch for it (test/content/).
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export function readContent<T = any>(relative: string, root = CONTENT_DIR): T {
  return JSON.parse(fs.readFileSync(path.join(root, relative), "utf8")) as T
}

/** The case study files, as their paths under content/. */
export const caseStudyFiles = (root = CONTENT_DIR): string[] =>
  fs
    .readdirSync(path.join(root, "case-studies"))
    .filter((file) => file.endsWith(".json"))
    .sort()
    .map((file) => `case-studies/${file}`)

/** Every case study, in the site's order. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export const caseStudiesInOrder = <T extends { order: number } = any>(root = CONTENT_DIR): T[] =>
  inCaseOrder(caseStudyFiles(root).map((file) => readContent<T>(file, root)))

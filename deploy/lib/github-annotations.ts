/**
 * Content problems as GitHub Actions annotations (workflow commands): on a pull request, each shows
 * on the line of the file it is about, in the reviewer's "Files changed" view and the check's summary,
 * with the build's own words.
 */
import fs from "node:fs"
import path from "node:path"
import { findNodeAtLocation, parseTree } from "jsonc-parser"
import { type ContentProblem, lineAndColumn } from "../../model/problems"

/** `en.cards[0].caseSlug` as the segments of a JSON path. */
function segmentsOf(jsonPath: string): Array<string | number> {
  return [...jsonPath.matchAll(/([^.[\]]+)|\[(\d+)\]/g)].map(([, key, index]) =>
    index === undefined ? key : Number(index),
  )
}

/** The line a problem is about: its field's, or the nearest enclosing one's (a missing field's object). */
export function problemLine(problem: ContentProblem, projectDir: string): number {
  const file = path.join(projectDir, problem.file)
  if (!fs.existsSync(file)) return 1
  const source = fs.readFileSync(file, "utf8")
  const tree = parseTree(source)
  if (!tree) return 1
  const segments = segmentsOf(problem.path)
  for (let length = segments.length; length > 0; length--) {
    const node = findNodeAtLocation(tree, segments.slice(0, length))
    // A property's value: its key's line is where the field starts.
    if (node) return lineAndColumn(source, node.parent?.type === "property" ? node.parent.offset : node.offset).line
  }
  return 1
}

const escapeData = (text: string) => text.replace(/%/g, "%25").replace(/\r/g, "%0D").replace(/\n/g, "%0A")
const escapeProperty = (text: string) => escapeData(text).replace(/:/g, "%3A").replace(/,/g, "%2C")

/** The workflow command for one problem: `::error file=…,line=…,title=…::path: message`. */
export function annotation(level: "error" | "warning", problem: ContentProblem, projectDir: string): string {
  const properties = `file=${escapeProperty(problem.file)},line=${problemLine(problem, projectDir)},title=${escapeProperty(level === "error" ? "Content the build refuses" : "Content warning")}`
  return `::${level} ${properties}::${escapeData(problem.path ? `${problem.path}: ${problem.message}` : problem.message)}`
}

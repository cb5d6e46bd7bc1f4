/** A problem found in a content file, reported as `file: json.path: what is wrong`. */
export interface ContentProblem {
  /** Path shown to the editor, e.g. content/case-studies/watches.json */
  file: string
  /** JSON path inside the file, e.g. metrics.dataPoints or cards[3].caseSlug; empty for the whole file. */
  path: string
  message: string
}

export type PathSegment = string | number | symbol

export function jsonPath(segments: readonly PathSegment[]): string {
  return segments.reduce<string>((joined, segment) => {
    if (typeof segment === "number") return `${joined}[${segment}]`
    const key = String(segment)
    return joined ? `${joined}.${key}` : key
  }, "")
}

/** The segments of a JSON path as jsonPath writes it: "cards[3].caseSlug" -> cards, 3, caseSlug. */
export function pathSegments(path: string): PathSegment[] {
  return [...path.matchAll(/([^.[\]]+)|\[(\d+)\]/g)].map(([, name, index]) =>
    index === undefined ? name : Number(index),
  )
}

export function formatProblem({ file, path, message }: ContentProblem): string {
  return path ? `${file}: ${path}: ${message}` : `${file}: ${message}`
}

/** Line and column of a character offset, both 1-based, as editors count them. */
export function lineAndColumn(source: string, offset: number): { line: number; column: number } {
  const before = source.slice(0, offset).split("\n")
  return { line: before.length, column: before[before.length - 1].length + 1 }
}

function editDistance(a: string, b: string): number {
  const row = Array.from({ length: b.length + 1 }, (_, index) => index)
  for (let i = 1; i <= a.length; i += 1) {
    let diagonal = row[0]
    row[0] = i
    for (let j = 1; j <= b.length; j += 1) {
      const above = row[j]
      row[j] = Math.min(row[j] + 1, row[j - 1] + 1, diagonal + (a[i - 1] === b[j - 1] ? 0 : 1))
      diagonal = above
    }
  }
  return row[b.length]
}

/** The known name closest to a misspelt one, if it is close enough to be a likely typo. */
export function closestName(name: string, known: readonly string[]): string | undefined {
  const ranked = known
    .map((candidate) => ({ candidate, distance: editDistance(name.toLowerCase(), candidate.toLowerCase()) }))
    .sort((left, right) => left.distance - right.distance)
  const best = ranked[0]
  return best && best.distance <= Math.max(2, Math.floor(name.length / 3)) ? best.candidate : undefined
}

/**
 * The JSON format the CMS reads and writes content with. Decap's own JSON writer orders keys as its
 * internal maps happen to hold them, so every save would reshuffle a file; this one writes each object
 * in the order of its fields in the configuration (the schema's order), so a commit shows only what
 * the editor changed. The admin bundle registers it (cms/app/index.tsx) with the shapes the build
 * derives from the configuration (fieldShapes).
 */
import type { CmsField } from "./config"

export function contentJsonFormat(shapes: string[][]) {
  const order = (value: unknown): unknown => {
    if (Array.isArray(value)) return value.map(order)
    if (!value || typeof value !== "object") return value
    const record = value as Record<string, unknown>
    const keys = Object.keys(record)
    // The object's own field list: the one naming most of its keys, the shortest on a tie.
    const score = (shape: string[]) => keys.filter((key) => shape.includes(key)).length
    const shape = shapes.reduce<string[]>(
      (best, candidate) =>
        score(candidate) > score(best) || (score(candidate) === score(best) && candidate.length < best.length)
          ? candidate
          : best,
      [],
    )
    const rank = (key: string) => (shape.includes(key) ? shape.indexOf(key) : shape.length)
    const sorted = keys
      .map((key, index) => ({ key, index }))
      .sort((a, b) => rank(a.key) - rank(b.key) || a.index - b.index)
    return Object.fromEntries(sorted.map(({ key }) => [key, order(record[key])]))
  }
  return {
    fromFile: (content: string) => JSON.parse(content) as unknown,
    toFile: (data: unknown) => `${JSON.stringify(order(data), null, 2)}\n`,
  }
}

/** The field names of every object the configuration describes, each in its order. */
export function fieldShapes(fields: readonly CmsField[]): string[][] {
  return [
    fields.map((field) => field.name),
    ...fields.flatMap((field) => (field.fields ? fieldShapes(field.fields) : [])),
  ]
}

/**
 * A path as files.json names a build's file: taken only as a plain relative path inside public/, in
 * its one spelling. `./x` and `a//b` are written `x` and `a/b`; a path that climbs (`..`), starts at
 * the file system's root, holds a backslash or a control character, names a folder, is empty, or is
 * longer or deeper than any page of a site could make it, is refused: a release or a preview writes
 * exactly the files its manifest names, under its own folder, in a tree every tool can walk.
 */
// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u001f\u007f]/

/** The longest path, and the most folders, a build's file may have (a study's page data: 60 characters, 4 folders). */
export const MAX_PATH_LENGTH = 512
export const MAX_PATH_FOLDERS = 24

export function manifestPath(raw: string): string | { refused: string } {
  if (raw.length > MAX_PATH_LENGTH) return { refused: `is longer than ${MAX_PATH_LENGTH} characters` }
  if (CONTROL.test(raw)) return { refused: "holds a control character" }
  if (raw.includes("\\")) return { refused: "holds a backslash" }
  if (raw.startsWith("/")) return { refused: "starts at the file system's root, not inside public/" }
  const parts = raw.split("/")
  if (parts.includes("..")) return { refused: "climbs out of its folder (..)" }
  if (raw.endsWith("/")) return { refused: "names a folder, not a file" }
  const plain = parts.filter((part) => part !== "" && part !== ".")
  if (plain.length === 0) return { refused: "names no file" }
  if (plain.length - 1 > MAX_PATH_FOLDERS) return { refused: `is deeper than ${MAX_PATH_FOLDERS} folders` }
  return plain.join("/")
}

/**
 * A path as files.json names a build's file: taken only as a plain relative path inside public/, in
 * its one spelling. `./x` and `a//b` are written `x` and `a/b`; a path that climbs (`..`), starts at
 * the file system's root, holds a backslash or a control character, names a folder, or is empty, is
 * refused: a release or a preview writes exactly the files its manifest names, under its own folder.
 */
// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u001f\u007f]/

export function manifestPath(raw: string): string | { refused: string } {
  if (CONTROL.test(raw)) return { refused: "holds a control character" }
  if (raw.includes("\\")) return { refused: "holds a backslash" }
  if (raw.startsWith("/")) return { refused: "starts at the file system's root, not inside public/" }
  const parts = raw.split("/")
  if (parts.includes("..")) return { refused: "climbs out of its folder (..)" }
  if (raw.endsWith("/")) return { refused: "names a folder, not a file" }
  const plain = parts.filter((part) => part !== "" && part !== ".")
  if (plain.length === 0) return { refused: "names no file" }
  return plain.join("/")
}

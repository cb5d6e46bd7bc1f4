/**
 * JSON-LD as the text of a `<script type="application/ld+json">`. react-helmet prints script bodies
 * verbatim, so a value holding `</script>` would end the element and whatever followed would run.
 * Every character that can end or reinterpret the element (`<`, `>`, `&`) and the two line
 * separators older JavaScript parsers read as line ends are written as JSON escapes: the data is
 * the same to any JSON reader, and no content can leave the script element.
 */
const UNSAFE_IN_SCRIPT = /[<>&\u2028\u2029]/g

const escapeOf = (character: string) => `\\u${character.charCodeAt(0).toString(16).padStart(4, "0")}`

export function jsonLdText(value: unknown): string {
  return JSON.stringify(value).replace(UNSAFE_IN_SCRIPT, escapeOf)
}

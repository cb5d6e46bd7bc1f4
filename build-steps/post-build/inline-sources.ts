/**
 * What the built pages carry inline, as CSP hash sources: every script that runs, every style
 * element and every style attribute, each hashed once however many pages hold it. Gatsby's own
 * inline scripts differ per page (its page path), so a policy lists the hashes of all its pages'.
 *
 * Only code the build itself writes is ever listed. Each inline script and style element must be
 * one that a known writer produces (known-inline.ts: Gatsby's runtime, styled-components, the site's
 * document CSS, the after-paint loader); JSON-LD blocks must be
 * escaped JSON data. Anything else (a script that content smuggled into a page, or a tool whose
 * output changed) is reported as foreign, and the hosting step stops the build rather than allow it.
 */
import { createHash } from "node:crypto"
import fs from "node:fs"
import { parseHtml } from "../built-html"

export interface InlineSources {
  scripts: string[]
  styles: string[]
  styleAttributes: string[]
  /** Inline code no known writer produced, as "file: what it is: its first characters". */
  foreign: string[]
}

/** Recognises the inline code the build writes (known-inline.ts). */
export interface KnownInlineCode {
  /** Whether a runnable inline script's body, found in the page `html`, is one the build wrote. */
  script(body: string, html: string): boolean
  /** Whether a style element (its body and attributes) is one the build wrote. */
  style(body: string, attributes: Readonly<Record<string, string>>): boolean
}

/** Script types a browser runs. */
const RUNS = /^(|text\/javascript|module)$/
const JSON_LD = "application/ld+json"

export const hashSource = (text: string): string =>
  `'sha256-${createHash("sha256").update(text, "utf8").digest("base64")}'`

/** JSON-LD is data, never run: it must parse as JSON and hold no `<` that could end its element. */
function isSafeJsonLd(body: string): boolean {
  if (body.includes("<")) return false
  try {
    JSON.parse(body)
    return true
  } catch {
    return false
  }
}

const excerpt = (text: string) => JSON.stringify(text.length > 80 ? `${text.slice(0, 80)}…` : text)

/** A built page's HTML, by its file. */
export type ReadHtml = (file: string) => string
const readHtml: ReadHtml = (file) => fs.readFileSync(file, "utf8")

/** The inline code of the pages in `htmlFiles`; `read` hands a page's HTML a caller has already read. */
export function inlineSources(htmlFiles: readonly string[], known: KnownInlineCode, read = readHtml): InlineSources {
  const scripts = new Set<string>()
  const styles = new Set<string>()
  const styleAttributes = new Set<string>()
  const foreign: string[] = []
  for (const file of htmlFiles) {
    const html = read(file)
    const page = parseHtml(html)
    for (const script of page.querySelectorAll("script")) {
      if (script.hasAttribute("src")) continue
      const [tag, body] = [script.outerHTML, script.rawText]
      const type = script.getAttribute("type") ?? ""
      if (type === JSON_LD) {
        if (!isSafeJsonLd(body)) foreign.push(`${file}: a JSON-LD block that is not escaped JSON: ${excerpt(tag)}`)
      } else if (!RUNS.test(type)) {
        foreign.push(`${file}: an inline script of an unexpected type: ${excerpt(tag)}`)
      } else if (known.script(body, html)) {
        scripts.add(hashSource(body))
      } else {
        foreign.push(`${file}: an inline script the build did not write: ${excerpt(tag)}`)
      }
    }
    for (const style of page.querySelectorAll("style")) {
      if (known.style(style.rawText, style.attributes)) styles.add(hashSource(style.rawText))
      else foreign.push(`${file}: a style element the build did not write: ${excerpt(style.outerHTML)}`)
    }
    // A style attribute's hash is taken over its value as the browser reads it (entities decoded).
    for (const element of page.querySelectorAll("[style]"))
      styleAttributes.add(hashSource(element.getAttribute("style")!))
  }
  const sorted = (set: Set<string>) => [...set].sort()
  return { scripts: sorted(scripts), styles: sorted(styles), styleAttributes: sorted(styleAttributes), foreign }
}

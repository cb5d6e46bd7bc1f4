/**
 * What the built pages carry inline, as CSP hash sources: every script that runs (not JSON-LD data
 * blocks), every style element and every style attribute, each hashed once however many pages hold
 * it. Gatsby's own inline scripts differ per page (its page path and chunk map), so the policy lists
 * the hashes of all of them.
 */
import { createHash } from "node:crypto"
import fs from "node:fs"

export interface InlineSources {
  scripts: string[]
  styles: string[]
  styleAttributes: string[]
}

const SCRIPT = /<script\b([^>]*)>([\s\S]*?)<\/script>/g
const STYLE = /<style\b[^>]*>([\s\S]*?)<\/style>/g
const STYLE_ATTRIBUTE = /<[a-z][^>]*?\sstyle="([^"]*)"/g
/** Script types a browser runs; any other type (application/ld+json) is data and needs no source. */
const RUNS = /^(|text\/javascript|module)$/

export const hashSource = (text: string): string =>
  `'sha256-${createHash("sha256").update(text, "utf8").digest("base64")}'`

/** An attribute value as the browser reads it, which is what a style attribute's hash is taken over. */
const unescapeAttribute = (value: string) =>
  value
    .replace(/&quot;/g, '"')
    .replace(/&#x27;/g, "'")
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&amp;/g, "&")

export function inlineSources(htmlFiles: readonly string[]): InlineSources {
  const scripts = new Set<string>()
  const styles = new Set<string>()
  const styleAttributes = new Set<string>()
  for (const file of htmlFiles) {
    const html = fs.readFileSync(file, "utf8")
    for (const [, attributes, body] of html.matchAll(SCRIPT)) {
      const type = /\btype="([^"]*)"/.exec(attributes)?.[1] ?? ""
      if (/\bsrc=/.test(attributes) || !RUNS.test(type)) continue
      scripts.add(hashSource(body))
    }
    for (const [, body] of html.matchAll(STYLE)) styles.add(hashSource(body))
    for (const [, value] of html.matchAll(STYLE_ATTRIBUTE)) styleAttributes.add(hashSource(unescapeAttribute(value)))
  }
  const sorted = (set: Set<string>) => [...set].sort()
  return { scripts: sorted(scripts), styles: sorted(styles), styleAttributes: sorted(styleAttributes) }
}

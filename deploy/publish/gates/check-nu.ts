/**
 * The W3C Nu Html Checker (npm vnu-jar, Debian's Java) over every page, the not-found pages and the
 * CMS's page (on the publish path, those changed: pages-to-check.ts): an independent reading of the
 * HTML. Errors and warnings fail; its notes (style) pass. It also checks each page's inline code
 * against the page's own policy, where it reads three things otherwise than browsers do (trimmed
 * text hashed, JSON-LD held to script-src, no 'self' for a file): a warning for exactly one of those,
 * which the policy allows as browsers read it, passes (`misreadsPagePolicy`).
 */
import { spawnSync } from "node:child_process"
import fs from "node:fs"
import path from "node:path"
import { parseHtml } from "../../../build-steps/built-html"
import { hashSource } from "../../../build-steps/post-build/inline-sources"
import { PAGE_POLICY_META } from "../../../build-steps/post-build/policy-meta"
import { pagesToCheck } from "../pages-to-check"
import { ensureSystemPackage } from "../../lib/system-packages"

const PUBLIC = path.resolve(process.argv[2] ?? "public")
const VNU_JAR = path.resolve(__dirname, "../../../node_modules/vnu-jar/build/dist/vnu.jar")

interface NuMessage {
  type: "error" | "info" | "non-document-error"
  subType?: string
  url?: string
  lastLine?: number
  firstColumn?: number
  lastColumn?: number
  message: string
}

/** What the checker says of the files, as its JSON report; the checker's own failure throws. */
export function nuMessages(files: readonly string[]): NuMessage[] {
  const java = ensureSystemPackage("java")
  const run = spawnSync(java, ["-jar", VNU_JAR, "--format", "json", "--exit-zero-always", ...files], {
    encoding: "utf8",
    maxBuffer: 64 * 1024 * 1024,
  })
  if (run.status !== 0) throw new Error(`The Nu Html Checker did not run (exit ${run.status}):\n${run.stderr}`)
  return (JSON.parse(run.stderr) as { messages: NuMessage[] }).messages
}

/** A fault: an error, or a warning. */
export const isFault = (message: NuMessage) => message.type !== "info" || message.subType === "warning"

const POLICY_WARNING = /^Inline (script|style) violates Content Security Policy \(meta tag\)/
/** "Resource violates … image “/static/a.jpg” blocked by “img-src” directive." */
const RESOURCE_WARNING =
  /^Resource violates Content Security Policy \(meta tag\): \w+(?: \w+)* “([^”]+)” blocked by “([\w-]+)” directive\.$/

/** The sources a page's policies list for a directive (or, failing it, for default-src). */
function sourcesOf(html: string, directive: string): string[][] {
  return [...html.matchAll(PAGE_POLICY_META)].map(([, policy]) => {
    const directives = new Map(
      policy.split(";").map((text) => {
        const [name, ...sources] = text.trim().split(/\s+/)
        return [name, sources] as const
      }),
    )
    return directives.get(directive) ?? directives.get("default-src") ?? []
  })
}

/** A resource of the site's own origin (a path, no scheme or host) that the page's policy allows by 'self'. */
function ownResource(message: NuMessage, html: string): boolean {
  const [, address, directive] = RESOURCE_WARNING.exec(message.message) ?? []
  if (!address || /^[a-z][a-z0-9+.-]*:|^\/\//i.test(address)) return false
  const lists = sourcesOf(html, directive)
  return lists.length > 0 && lists.every((sources) => sources.includes("'self'"))
}

/** The offset in `html` of a 1-based line and column. */
function offsetOf(html: string, line: number, column: number): number {
  let offset = 0
  for (let current = 1; current < line; current += 1) offset = html.indexOf("\n", offset) + 1
  return offset + column - 1
}

/**
 * Whether a warning is the checker's misreading of a page's own policy (above): a resource of the
 * page's own origin that its policy allows by 'self'; or an inline element (its start tag ends where
 * the warning does) that is JSON-LD, or whose text the checker trims and whose exact text's hash the
 * page's policy lists.
 */
export function misreadsPagePolicy(message: NuMessage, html: string): boolean {
  if (ownResource(message, html)) return true
  if (!POLICY_WARNING.test(message.message) || message.lastLine === undefined || message.lastColumn === undefined) {
    return false
  }
  const end = offsetOf(html, message.lastLine, message.lastColumn)
  const element = parseHtml(html)
    .querySelectorAll("script, style")
    .find((candidate) => html.indexOf(">", candidate.range[0]) === end)
  if (!element || element.hasAttribute("src")) return false
  const script = element.tagName === "SCRIPT"
  if (script && element.getAttribute("type") === "application/ld+json") return true
  const text = element.rawText
  const sources = sourcesOf(html, script ? "script-src" : "style-src")
  return text !== text.trim() && sources.some((list) => list.includes(hashSource(text)))
}

/** The faults among the checker's messages on `files`, its misreadings of the pages' policies apart. */
export function nuFaults(files: readonly string[]): NuMessage[] {
  // The checker names a file by its URL.
  const html = new Map(files.map((file) => [`file:${path.resolve(file)}`, fs.readFileSync(file, "utf8")]))
  return nuMessages(files).filter((message) => {
    if (!isFault(message)) return false
    const page = message.url ? html.get(decodeURI(message.url)) : undefined
    return page === undefined || !misreadsPagePolicy(message, page)
  })
}

function main() {
  // The CMS's page is the code's, not the content's: the publish path leaves it to the full suite.
  const { pages: selection, selected } = pagesToCheck(PUBLIC)
  const pages = [...selection, ...(selected ? [] : [path.join(PUBLIC, "admin/index.html")])]
  const faults = nuFaults(pages)
  for (const fault of faults) {
    const file = fault.url ? path.relative(PUBLIC, decodeURI(new URL(fault.url).pathname)) : "(no file)"
    const kind = fault.type === "info" ? "warning" : fault.type
    console.error(`${file} ${fault.lastLine ?? 0}:${fault.firstColumn ?? 0} ${kind}: ${fault.message}`)
  }
  console.log(
    `Nu Html Checker: ${pages.length} pages, ${faults.length} error${faults.length === 1 ? "" : "s"} or warning${faults.length === 1 ? "" : "s"}`,
  )
  if (faults.length > 0) process.exitCode = 1
}

if (require.main === module) main()

/**
 * html-validate over every page the build wrote, or the publish path's (deploy/publish/pages-to-check.ts;
 * config in .htmlvalidate.json). Prints each error
 * as `page line:column rule message` and exits 1 if there is any.
 *
 * A document title's length is measured here, as search results show it, rather than by
 * html-validate's `long-title`, which counts the escaped source: "Hotels & Resorts: Case Studies ·
 * Page 2 of 14 | Aurelle Intelligence" is 68 characters, and 72 written with `&amp;`.
 */
import fs from "node:fs"
import path from "node:path"
import { FileSystemConfigLoader, HtmlValidate } from "html-validate"
import { parseHtml } from "../../../build-steps/built-html"
import { TITLE_MAX_LENGTH } from "../../../model/behaviour"
import { pagesToCheck } from "../pages-to-check"

/** The title's text, its entities read, when it is longer than search results show; null otherwise. */
export function titleTooLong(html: string): string | null {
  const title = parseHtml(html).querySelector("title")?.text ?? ""
  return title.length > TITLE_MAX_LENGTH
    ? `long-title the title is ${title.length} characters, over the ${TITLE_MAX_LENGTH} search results show: "${title}"`
    : null
}

const PUBLIC = path.resolve(process.argv[2] ?? "public")

async function main() {
  const validator = new HtmlValidate(new FileSystemConfigLoader())
  const { pages } = pagesToCheck(PUBLIC)
  let errors = 0
  for (const page of pages) {
    const html = fs.readFileSync(page, "utf8")
    const long = titleTooLong(html)
    if (long) {
      errors++
      console.error(`${path.relative(PUBLIC, page)} ${long}`)
    }
    const report = await validator.validateString(html, page)
    for (const result of report.results) {
      for (const message of result.messages) {
        errors++
        console.error(
          `${path.relative(PUBLIC, page)} ${message.line}:${message.column} ${message.ruleId} ${message.message}`,
        )
      }
    }
  }
  console.log(`html-validate: ${pages.length} pages, ${errors} error${errors === 1 ? "" : "s"}`)
  if (errors > 0) process.exitCode = 1
}

if (require.main === module) {
  main().catch((error: unknown) => {
    console.error(error instanceof Error ? error.message : error)
    process.exitCode = 1
  })
}

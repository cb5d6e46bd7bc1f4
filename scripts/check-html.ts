/**
 * html-validate over every page the build wrote, or the publish path's (deploy/publish/pages-to-check.ts;
 * config in .htmlvalidate.json). Prints each error
 * as `page line:column rule message` and exits 1 if there is any.
 */
import fs from "node:fs"
import path from "node:path"
import { FileSystemConfigLoader, HtmlValidate } from "html-validate"
import { pagesToCheck } from "../deploy/publish/pages-to-check"

const PUBLIC = path.resolve(process.argv[2] ?? "public")

async function main() {
  const validator = new HtmlValidate(new FileSystemConfigLoader())
  const { pages } = pagesToCheck(PUBLIC)
  let errors = 0
  for (const page of pages) {
    const report = await validator.validateString(fs.readFileSync(page, "utf8"), page)
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

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error)
  process.exitCode = 1
})

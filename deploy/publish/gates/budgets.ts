/**
 * Byte budgets of the build (quality-budgets.json): first-load JavaScript of every page, and the
 * whole first visit of the home page, and the editors' admin script, which no page of the site may
 * load. Prints one row per page and exits 1 over budget.
 */
import fs from "node:fs"
import path from "node:path"
import { ADMIN_DIR, ADMIN_SCRIPT } from "../../../contracts/admin"
import { gzipSize, kB, pageWeight } from "../../lib/page-weight"
import { pagesToCheck } from "../pages-to-check"
import { qualityBudgets } from "../../lib/quality-budgets"

const PUBLIC = path.resolve(process.argv[2] ?? "public")
const budgets = qualityBudgets().bytes

const pages = pagesToCheck(PUBLIC)
  .pages.filter((page) => !page.endsWith(`${path.sep}404${path.sep}index.html`))
  .map((page) => pageWeight(PUBLIC, page))

const failures: string[] = []
const rows = pages.map((page) => {
  // Gatsby's runtime (webpack-runtime, framework, app) runs on every page: not finding it means the
  // way pages name their scripts changed, and a budget read without it would pass for the wrong reason.
  if (!page.scripts.some((script) => /\/framework-[0-9a-f]+\.js$/.test(script))) {
    failures.push(`${page.route}: Gatsby's framework bundle not found among the page's scripts`)
  }
  if (page.firstLoadJs > budgets.firstLoadJsKb * 1000) {
    failures.push(
      `${page.route}: first-load JavaScript ${kB(page.firstLoadJs)} kB is over its ${budgets.firstLoadJsKb} kB budget`,
    )
  }
  const admin = page.scripts.filter((script) => script.startsWith(`/${ADMIN_DIR}/`))
  if (admin.length > 0) failures.push(`${page.route}: loads the editors' admin (${admin.join(", ")})`)
  if (page.route === "/" && page.total > budgets.homeTotalKb * 1000) {
    failures.push(`/: first visit ${kB(page.total)} kB is over the ${budgets.homeTotalKb} kB budget`)
  }
  return [
    page.route,
    kB(page.html),
    kB(page.firstLoadJs),
    String(page.scripts.length),
    kB(page.data),
    kB(page.fonts),
    kB(page.images),
    kB(page.total),
  ]
})

const header = ["route", "HTML", "first-load JS", "scripts", "page data", "fonts", "images", "total"]
const widths = header.map((title, column) => Math.max(title.length, ...rows.map((row) => row[column].length)))
const line = (cells: string[]) =>
  cells.map((cell, column) => (column === 0 ? cell.padEnd(widths[column]) : cell.padStart(widths[column]))).join("  ")
console.log(
  `Bytes per first visit (kB = 1000 bytes, text gzip -9; budgets: first-load JS <= ${budgets.firstLoadJsKb} kB, home total <= ${budgets.homeTotalKb} kB)`,
)
console.log(line(header))
for (const row of rows) console.log(line(row))
const adminScript = path.join(PUBLIC, ADMIN_DIR, ADMIN_SCRIPT)
if (fs.existsSync(adminScript)) {
  const adminBytes = gzipSize(adminScript)
  console.log(
    `Editors only: /${ADMIN_DIR}/${ADMIN_SCRIPT} ${kB(adminBytes)} kB (Decap CMS, React 19 and the previews; budget ${budgets.adminScriptKb} kB; no page above loads it)`,
  )
  if (adminBytes > budgets.adminScriptKb * 1000) {
    failures.push(`/${ADMIN_DIR}/${ADMIN_SCRIPT}: ${kB(adminBytes)} kB is over the ${budgets.adminScriptKb} kB budget`)
  }
} else {
  failures.push(`/${ADMIN_DIR}/${ADMIN_SCRIPT} is missing from the build`)
}
for (const failure of failures) console.error(`OVER BUDGET ${failure}`)
if (failures.length > 0) process.exitCode = 1

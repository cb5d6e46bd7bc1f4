/**
 * The picture of the demo funnel's report in docs/ (docs/report-1440.png, docs/report-375.png): the
 * report the host writes (deploy/release/visits-report.ts), made from eight weeks of an invented log
 * in the host's format (the same every run), shown by Chromium as the agency reads it.
 * `npm run report:picture`.
 */
import fs from "node:fs"
import http from "node:http"
import os from "node:os"
import path from "node:path"
import { chromium } from "@playwright/test"
import { CHROMIUM_ARGS, chromiumPath } from "../test/support/browser"
import { REPORT_DIR, VISITS_LOG } from "../deploy/release/root/layout"
import { writeReport } from "../deploy/release/visits-report"
import { siteAddresses } from "../deploy/release/visit-counts"

const STUDIES = ["retail", "hotels", "wine", "cruises", "real-estate", "watches"]
const PAGES = ["/", "/case-studies/", ...STUDIES.map((slug) => `/case-studies/${slug}/`), "/privacy-policy/"]
const WEEKS = 8
const LAST_MONDAY = Date.parse("2026-11-23T00:00:00+01:00")

/** A small generator of its own, so the picture is the same on every run. */
function random(seed: number) {
  let state = seed
  return () => {
    state = (state * 1_103_515_245 + 12_345) % 2 ** 31
    return state / 2 ** 31
  }
}

function inventedLog(): string {
  const next = random(7)
  const pick = <T>(items: readonly T[]) => items[Math.floor(next() * items.length)]
  const lines: string[] = []
  const line = (time: number, address: string, status: number, from: string, kind = "person") =>
    lines.push([new Date(time).toISOString(), "198.51.100.0", "GET", address, status, from, kind].join("\t"))
  for (let week = 0; week < WEEKS; week++) {
    const monday = LAST_MONDAY - (WEEKS - 1 - week) * 7 * 86_400_000
    const visits = 160 + week * 18 + Math.floor(next() * 40)
    for (let visit = 0; visit < visits; visit++) {
      const time = monday + Math.floor(next() * 7 * 86_400_000)
      const prefix = next() < 0.3 ? "/fr" : ""
      const page = pick(PAGES)
      if (next() < 0.2) {
        line(time, `${prefix}${page}`, 200, "-", "robot")
        continue
      }
      line(time, `${prefix}${page}`, 200, pick(["-", "www.google.com", "www.linkedin.com", `${prefix}/`]))
      if (next() > (page.startsWith("/case-studies/") && page !== "/case-studies/" ? 0.16 : 0.06)) continue
      const demo = `${prefix}/book-demo/?from=${page}`
      line(time + 20_000, demo, 200, `${prefix}${page}`)
      if (next() < 0.45) line(time + 80_000, `${prefix}/book-demo/schedule/`, 302, demo)
    }
  }
  return `${lines.join("\n")}\n`
}

async function main() {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), "report-picture-"))
  try {
    fs.mkdirSync(path.join(root, "logs"))
    fs.writeFileSync(path.join(root, VISITS_LOG), inventedLog())
    await writeReport(root, {
      now: new Date("2026-11-30T07:00:00Z"),
      site: siteAddresses([...PAGES, ...PAGES.map((page) => `/fr${page}`), "/book-demo/", "/fr/book-demo/"], PAGES),
    })
    const dir = path.join(root, REPORT_DIR)
    const server = http.createServer((request, response) => {
      const name = request.url === "/" ? "index.html" : path.basename(request.url ?? "")
      const file = path.join(dir, name)
      if (!fs.existsSync(file)) return response.writeHead(404).end()
      response.writeHead(200, { "content-type": name.endsWith(".css") ? "text/css" : "text/html; charset=utf-8" })
      response.end(fs.readFileSync(file))
    })
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve))
    const { port } = server.address() as { port: number }
    const browser = await chromium.launch({ executablePath: chromiumPath(), args: CHROMIUM_ARGS })
    for (const width of [1440, 375]) {
      const page = await browser.newPage({ viewport: { width, height: width === 375 ? 812 : 1500 } })
      await page.goto(`http://127.0.0.1:${port}/`)
      const file = `docs/report-${width}.png`
      await page.screenshot({ path: file })
      console.log(`wrote ${file}`)
    }
    await browser.close()
    server.close()
  } finally {
    fs.rmSync(root, { recursive: true, force: true })
  }
}

main().catch((error) => {
  console.error(error)
  process.exit(1)
})

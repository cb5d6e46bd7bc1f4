import fs from "node:fs"
import os from "node:os"
import path from "node:path"
import zlib from "node:zlib"
import { describe, expect, it } from "vitest"
import { controlCharacters } from "../../deploy/publish/gates/check-text-bytes"
import { titleTooLong } from "../../deploy/publish/gates/check-html"
import { isFault, nuFaults, nuMessages } from "../../deploy/publish/gates/check-nu"
import { hashSource } from "../../build-steps/post-build/inline-sources"
import { REPORT_DIR, VISITS_LOG } from "../../deploy/release/root/layout"
import { writePendingReport, writeReport } from "../../deploy/release/visits-report"
import { siteAddresses } from "../../deploy/release/visit-counts"

function folder(files: Record<string, string | Buffer>): string {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), "checks-"))
  for (const [name, content] of Object.entries(files)) {
    fs.mkdirSync(path.dirname(path.join(root, name)), { recursive: true })
    fs.writeFileSync(path.join(root, name), content)
  }
  return root
}

const PAGE = (body: string) =>
  `<!DOCTYPE html><html lang="fr"><head><meta charset="utf-8"><title>Genève</title></head><body>${body}</body></html>`

describe("the control-character check", () => {
  it("finds a NUL inside a word in a page and in its compressed copies, and nothing in clean text or images", () => {
    const broken = PAGE("<p>établie à Gen\u0000ève</p>")
    const root = folder({
      "fr/index.html": broken,
      "fr/index.html.br": zlib.brotliCompressSync(broken),
      "fr/index.html.gz": zlib.gzipSync(broken),
      "page-data/app-data.json": '{"webpackCompilationHash":"abc"}\n\t',
      "static/photo.jpg": Buffer.from([0xff, 0xd8, 0x00, 0x01]),
    })
    const found = controlCharacters(root)
    expect(found.map(({ file, codePoint }) => `${file} ${codePoint}`)).toEqual([
      "fr/index.html U+0000",
      "fr/index.html.br U+0000",
      "fr/index.html.gz U+0000",
    ])
    expect(found[0].context).toContain("Gen\\u0000ève")
  })

  it.each(["\u0001", "\u0008", "\u000B", "\u000C", "\u001B", "\u007F"])(
    "counts %j as a control character",
    (character) => {
      const root = folder({ "robots.txt": `User-agent: *${character}\n` })
      expect(controlCharacters(root)).toHaveLength(1)
    },
  )
})

/** Each call starts the checker's Java anew: seconds apiece on a busy two-core machine. */
const NU_TIMEOUT_MS = 60_000

describe("the Nu Html Checker", () => {
  it(
    "reports a NUL in the stream and an article without a heading, and passes a sound page",
    () => {
      const root = folder({
        "broken.html": PAGE("<main><article><p>Gen\u0000ève</p></article></main>"),
        "sound.html": PAGE("<main><article><h1>Genève</h1><p>Une maison discrète.</p></article></main>"),
      })
      const faults = nuMessages([path.join(root, "broken.html"), path.join(root, "sound.html")]).filter(isFault)
      expect(faults.map(({ url, message }) => `${path.basename(url ?? "")}: ${message}`)).toEqual([
        "broken.html: Saw U+0000 in stream.",
        "broken.html: Article lacks heading. Consider using “h2”-“h6” elements to add identifying headings to all articles.",
      ])
    },
    NU_TIMEOUT_MS,
  )
  it(
    "passes its misreadings of a page's own policy (trimmed text, JSON-LD), and nothing else it says of it",
    () => {
      const style = "\n.a{color:red}\n"
      const script = "\n  var a = 1;\n"
      const policy = (styles: string) =>
        `<meta http-equiv="Content-Security-Policy" content="default-src 'self'; script-src 'self' ${hashSource(script)}; style-src 'self' ${styles}; img-src 'self'"/>`
      const page = (styles: string) =>
        `<!DOCTYPE html><html lang="fr"><head><meta charset="utf-8">${policy(styles)}<title>Genève</title><style>${style}</style>
<script
  id="chunks"
>${script}</script><script type="application/ld+json">{"@type":"Organization"}</script></head><body><main><h1>Genève</h1><img src="/static/a.jpg" alt=""><img src="https://elsewhere.example/b.jpg" alt=""></main></body></html>`
      const root = folder({
        "allowed.html": page(hashSource(style)),
        "refused.html": page(hashSource(".a{color:blue}")),
      })
      const files = ["allowed.html", "refused.html"].map((name) => path.join(root, name))
      // The checker itself warns about all three elements and both images on both pages.
      expect(nuMessages(files).filter(isFault)).toHaveLength(10)
      // A style the page's policy does not allow, and an image from another origin, stay faults.
      expect(nuFaults(files).map(({ url, message }) => `${path.basename(url ?? "")}: ${message.slice(0, 45)}`)).toEqual(
        [
          "allowed.html: Resource violates Content Security Policy (me",
          "refused.html: Inline style violates Content Security Policy",
          "refused.html: Resource violates Content Security Policy (me",
        ],
      )
    },
    NU_TIMEOUT_MS,
  )
})

describe("the demo funnel's report, as the host writes it", () => {
  it(
    "is sound HTML to the Nu Html Checker, with counts and without, and before its first run",
    async () => {
      const root = folder({
        [VISITS_LOG]: [
          [
            "2026-11-30T09:00:00+01:00",
            "203.0.113.0",
            "GET",
            "/book-demo/?from=/case-studies/wine/",
            "200",
            "/case-studies/wine/",
            "person",
          ].join("\t"),
          [
            "2026-11-30T09:01:00+01:00",
            "203.0.113.0",
            "GET",
            "/book-demo/schedule/",
            "302",
            "/book-demo/?from=/case-studies/wine/",
            "person",
          ].join("\t"),
        ].join("\n"),
      })
      const empty = folder({})
      const site = siteAddresses(["/case-studies/wine/", "/book-demo/"], ["/case-studies/wine/"])
      await writeReport(root, { site })
      await writeReport(empty, { site })
      const pending = folder({})
      writePendingReport(pending)
      const pages = [root, empty, pending].map((dir) => path.join(dir, REPORT_DIR, "index.html"))
      expect(nuFaults(pages)).toEqual([])
    },
    NU_TIMEOUT_MS,
  )
})

describe("the title's length", () => {
  const page = (title: string) =>
    `<!DOCTYPE html><html lang="en"><head><title>${title}</title></head><body></body></html>`

  it("is counted as search results show it, entities read: 68 characters with an ampersand pass", () => {
    // html-validate's long-title counted this one's source, 72 characters with &amp; (a paged industry list at 500 studies).
    expect(titleTooLong(page("Hotels &amp; Resorts: Case Studies · Page 2 of 14 | Aurelle Intelligence"))).toBeNull()
  })

  it("refuses a title past 70 characters, naming its length", () => {
    const title = "Hotels &amp; Resorts: Case Studies · Page 12 of 14 | Aurelle Intelligence, Geneva"
    expect(titleTooLong(page(title))).toBe(
      `long-title the title is 77 characters, over the 70 search results show: "${title.replace("&amp;", "&")}"`,
    )
  })
})

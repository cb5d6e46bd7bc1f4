/**
 * A case study printed for a board meeting, and the legal pages printed for a file, read as documents:
 * Chromium prints each to PDF (A4, as its print stylesheet asks), and poppler's pdftotext reads the
 * PDF back, page by page and word by word with their places. The document holds the page's text and
 * none of the site's chrome (header, menu, language switch, motion controls, footer, the invitation
 * to book a demo); its words sit inside A4's margins; no metric, action, result or list item is split
 * between two pages; a link to another site is followed by its address.
 */
import { spawnSync } from "node:child_process"
import fs from "node:fs"
import os from "node:os"
import path from "node:path"
import type { Page } from "@playwright/test"
import { ensureSystemPackage } from "../deploy/lib/system-packages"
import { duration, figure } from "../src/i18n/format"
import { type Locale, caseStudies, localePath, readContent, settingsIn } from "../test/support/content"
import { expect, test } from "./fixtures"

/** A4 in PostScript points, and the margins the stylesheet asks for (20 mm top, 18 mm sides, 22 mm foot). */
const A4 = { width: 595.28, height: 841.89 }
const MM = 72 / 25.4
const MARGINS = { top: 20 * MM, side: 18 * MM, bottom: 22 * MM }
/** A glyph's box may reach a little past its line's (a display face's tall capitals): 1.5 mm. */
const GLYPH_SLACK = 1.5 * MM

interface Printed {
  /** Each page's text, white space made single spaces. */
  pages: string[]
  /** Each page's size and the box its words fill, in points. */
  boxes: Array<{ width: number; height: number; left: number; top: number; right: number; bottom: number }>
}

/** White space made single spaces, and a word broken after its hyphen at a line's end made whole. */
const squeeze = (text: string) =>
  text
    .replace(/\s+/g, " ")
    .replace(/(\p{L})- (\p{L})/gu, "$1-$2")
    .trim()

/** Prints the page as the browser's print dialog would (its @page size), and reads the PDF back. */
async function print(page: Page, route: string): Promise<Printed> {
  await page.goto(route)
  const pdf = path.join(fs.mkdtempSync(path.join(os.tmpdir(), "print-")), "page.pdf")
  await page.pdf({ path: pdf, preferCSSPageSize: true })
  const pdftotext = ensureSystemPackage("poppler")
  const bbox = spawnSync(pdftotext, ["-bbox", pdf, "-"], { encoding: "utf8" }).stdout
  const pages = [...bbox.matchAll(/<page width="([\d.]+)" height="([\d.]+)">([\s\S]*?)<\/page>/g)]
  const words = (xml: string) =>
    [...xml.matchAll(/<word xMin="([\d.]+)" yMin="([\d.]+)" xMax="([\d.]+)" yMax="([\d.]+)">([^<]*)<\/word>/g)].map(
      ([, left, top, right, bottom, text]) => ({ left: +left, top: +top, right: +right, bottom: +bottom, text }),
    )
  const ENTITIES: Record<string, string> = { amp: "&", lt: "<", gt: ">", quot: '"', apos: "'" }
  const decode = (text: string) => text.replace(/&(amp|lt|gt|quot|apos);/g, (_, name: string) => ENTITIES[name])
  return {
    pages: pages.map(([, , , xml]) =>
      squeeze(
        words(xml)
          .map((word) => decode(word.text))
          .join(" "),
      ),
    ),
    boxes: pages.map(([, width, height, xml]) => {
      const placed = words(xml)
      return {
        width: +width,
        height: +height,
        left: Math.min(...placed.map((word) => word.left)),
        top: Math.min(...placed.map((word) => word.top)),
        right: Math.max(...placed.map((word) => word.right)),
        bottom: Math.max(...placed.map((word) => word.bottom)),
      }
    }),
  }
}

/** The texts of the site's chrome, none of which belongs on paper. */
function chrome(locale: Locale): string[] {
  const settings = settingsIn(locale)
  const labels = readContent("pages/case-studies.json", locale).detail
  return [
    settings.skipLinkLabel,
    settings.labels.openMenu,
    settings.labels.pauseMotion,
    settings.footer.quickLinksTitle,
    settings.footer.legalTitle,
    settings.footer.rights,
    labels.ctaTitle,
    labels.backLabel,
  ]
}

function expectADocument(printed: Printed, locale: Locale) {
  const text = printed.pages.join(" ")
  for (const part of chrome(locale)) expect(text, `"${part}" printed`).not.toContain(squeeze(part))
  // The header's language switch names the other language.
  expect(text).not.toMatch(locale === "en" ? /\bFrançais\b/ : /\bEnglish\b/)
  for (const box of printed.boxes) {
    expect(box.width).toBeCloseTo(A4.width, 0)
    expect(box.height).toBeCloseTo(A4.height, 0)
    expect(box.left, "left margin").toBeGreaterThanOrEqual(MARGINS.side - GLYPH_SLACK)
    expect(box.right, "right margin").toBeLessThanOrEqual(A4.width - MARGINS.side + GLYPH_SLACK)
    expect(box.top, "top margin").toBeGreaterThanOrEqual(MARGINS.top - GLYPH_SLACK)
    expect(box.bottom, "bottom margin").toBeLessThanOrEqual(A4.height - MARGINS.bottom + GLYPH_SLACK)
  }
}

/** Each text is printed whole on one page: not missing, not split at a page break. */
function expectEachOnOnePage(printed: Printed, texts: string[]) {
  for (const text of texts.map(squeeze)) {
    expect(
      printed.pages.some((page) => page.includes(text)),
      `"${text.slice(0, 60)}…" whole on one of ${printed.pages.length} pages`,
    ).toBe(true)
  }
}

for (const locale of ["en", "fr"] as const) {
  test.describe(`printed in ${locale === "en" ? "English" : "French"}`, () => {
    for (const { slug } of caseStudies) {
      test(`the ${slug} case study prints as a document, every metric, action and result whole on a page`, async ({
        page,
      }) => {
        const study = readContent(`case-studies/${slug}.json`, locale)
        const printed = await print(page, localePath(`/case-studies/${slug}/`, locale))
        expectADocument(printed, locale)
        expect(printed.pages[0]).toContain(squeeze(study.title))
        expect(printed.pages[0]).toContain(squeeze(study.client))
        // Paragraphs flow from page to page, as in any document; a step or an outcome never does.
        const text = printed.pages.join(" ")
        for (const paragraph of [study.situation, study.task]) expect(text).toContain(squeeze(paragraph))
        expectEachOnOnePage(printed, [...study.action, ...study.result])
        // A metric is its figure with its label beneath it, together on one page.
        const labels = readContent("pages/case-studies.json", locale).detail
        for (const metric of [
          [duration(study.metrics.timeframe, locale), labels.timeframeLabel],
          [figure(study.metrics.dataPoints, locale), labels.dataPointsLabel],
          [figure(study.metrics.competitors, locale), labels.competitorsLabel],
        ]) {
          const onPage = printed.pages.findIndex((text) => metric.every((part) => text.includes(squeeze(part))))
          expect(onPage, `${metric.join(" ")} on one page`).toBeGreaterThanOrEqual(0)
        }
      })
    }

    for (const legal of ["privacy-policy", "terms-of-service"]) {
      test(`the ${legal} prints as a document over several pages, no list item split`, async ({ page }) => {
        const document = readContent(`pages/${legal}.json`, locale)
        const printed = await print(page, localePath(`/${legal}/`, locale))
        expectADocument(printed, locale)
        expect(printed.pages.length).toBeGreaterThan(1)
        expect(printed.pages[0]).toContain(squeeze(document.title))
        const sections = document.sections as Array<{ heading: string; items?: string[] }>
        expectEachOnOnePage(printed, [
          ...sections.map((section) => section.heading),
          ...sections.flatMap((section) => section.items ?? []),
        ])
      })
    }
  })
}

test("a link to another site prints with its address after it", async ({ page }) => {
  const settings = settingsIn("en")
  const printed = await print(page, "/book-demo/")
  expect(printed.pages.join(" ")).toContain(`(${settings.schedulingUrl})`)
})

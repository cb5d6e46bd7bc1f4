/**
 * Real `gatsby build` runs over a copy of the project with altered content: the content gate must
 * stop the build with file + JSON path messages, and a missing team photo must only warn.
 */
import { execFileSync } from "node:child_process"
import fs from "node:fs"
import path from "node:path"
import { afterEach, describe, expect, it } from "vitest"
import { startNginx } from "../../deploy/hosting/local-nginx"
import { readContent } from "../../gatsby/content/files"
import { LOCALES } from "../../model/locales"
import { caseStudyPath, localePath } from "../../model/routes"
import { readRedirects } from "../support/pages-host"
import { BUILD_TIMEOUT_MS, buildCopy as build, editJson, projectCopy as newCopy } from "../support/project-copy"

const copies: string[] = []

afterEach(() => {
  for (const dir of copies.splice(0)) fs.rmSync(dir, { recursive: true, force: true })
})

function projectCopy() {
  const dir = newCopy()
  copies.push(dir)
  return dir
}

describe("gatsby build", () => {
  it(
    "stops on invalid content, listing each problem with its language, file and JSON path",
    async () => {
      const dir = projectCopy()
      editJson(path.join(dir, "content/case-studies/watches.json"), (data) => {
        data.metrics.dataPoints = "lots"
        delete data.task
      })
      editJson(path.join(dir, "content/home/industries.json"), (data) => (data.cards[0].caseSlug = "retial"))
      // A French text left out: the site would have a French page without it.
      editJson(path.join(dir, "content/home/hero.json"), (data) => delete data.lede, "fr")
      const { status, output } = await build(dir)
      expect(status).not.toBe(0)
      expect(output).toContain("Invalid content (4 problems)")
      expect(output).toContain("content/home/hero.json: fr.lede: the French text is missing here")
      expect(output).toContain("content/case-studies/watches.json: en.task: required field is missing")
      expect(output).toContain('content/case-studies/watches.json: en.metrics.dataPoints: expected a string like "5M+"')
      expect(output).toContain(
        'content/home/industries.json: en.cards[0].caseSlug: no case study has the slug "retial"',
      )
      expect(fs.existsSync(path.join(dir, "public/index.html"))).toBe(false)
    },
    BUILD_TIMEOUT_MS,
  )

  it(
    "stops on malformed JSON",
    async () => {
      const dir = projectCopy()
      fs.writeFileSync(path.join(dir, "content/home/process.json"), '{ "eyebrow": "Process", }')
      const { status, output } = await build(dir)
      expect(status).not.toBe(0)
      expect(output).toMatch(/content\/home\/process\.json: malformed JSON at line 1, column \d+/)
    },
    BUILD_TIMEOUT_MS,
  )

  it(
    "stops on what an editor could type by mistake, each with its file, JSON path and fix",
    async () => {
      const dir = projectCopy()
      const process = path.join(dir, "content/home/process.json")
      fs.writeFileSync(
        process,
        fs.readFileSync(process, "utf8").replace('"eyebrow": "Process",', '"eyebrow": "Process", "eyebrow": "Method",'),
      )
      editJson(path.join(dir, "content/case-studies/hotels.json"), (data) => (data.title = "\u200B\u200B"))
      editJson(path.join(dir, "content/case-studies/cruises.json"), (data) => (data.summary.problem = "p".repeat(2000)))
      editJson(path.join(dir, "content/pages/privacy-policy.json"), (data) => (data.lastUpdated = "June 9999"))
      fs.renameSync(
        path.join(dir, "content/case-studies/watches.json"),
        path.join(dir, "content/case-studies/timepieces.json"),
      )
      const { status, output } = await build(dir)
      expect(status).not.toBe(0)
      expect(output).toContain("Invalid content (5 problems)")
      expect(output).toContain(
        "content/home/process.json: en.eyebrow: the field appears twice (line 4, column 5 and line 4, column 27)",
      )
      expect(output).toContain("content/case-studies/hotels.json: en.title: must contain visible text")
      expect(output).toContain(
        "content/case-studies/cruises.json: en.summary.problem: must be at most 200 characters, it has 2000",
      )
      expect(output).toContain("content/pages/privacy-policy.json: en.lastUpdated: must not be after this month")
      expect(output).toContain(
        'content/case-studies/timepieces.json: en.slug: must match the file name, as the page\'s address is both: the file is "timepieces.json" and the slug "watches"',
      )
      expect(fs.existsSync(path.join(dir, "public/index.html"))).toBe(false)
    },
    BUILD_TIMEOUT_MS,
  )

  // One full build covers several things, to keep the suite fast: a missing photo, a photo that is
  // no image, a character the faces lack, a staging build, and a study moved and one deleted.
  it(
    "builds with warnings for unusable photos (the cards show the icon) and missing glyphs; staging keeps robots out; the sign-in's secrets never reach the output; a moved study's old addresses redirect, a deleted one's are gone; a study in English only has no French page nor link",
    async () => {
      const dir = projectCopy()
      // The history knows a study deleted since: "yachts", once also at "superyachts".
      const yachts = path.join(dir, "content/case-studies/yachts.json")
      fs.copyFileSync(path.join(dir, "content/case-studies/cruises.json"), yachts)
      editJson(yachts, (data) => Object.assign(data, { slug: "yachts", formerSlugs: ["superyachts"] }))
      const git = (...args: string[]) =>
        execFileSync("git", ["-C", dir, "-c", "user.name=Editor", "-c", "user.email=editor@example.com", ...args])
      git("init", "-q")
      git("add", "content")
      git("commit", "-q", "-m", "Content: create case-studies “yachts”")
      git("rm", "-q", yachts)
      git("commit", "-q", "-m", "Content: delete case-studies “yachts”")
      // Watches moves to a new address, as the CMS saves it: the old slug listed; its industry card
      // still names the old one.
      editJson(path.join(dir, "content/case-studies/watches.json"), (data) =>
        Object.assign(data, { slug: "haute-horlogerie", formerSlugs: ["watches"] }),
      )
      // Real estate, published in English first: no French yet.
      const realEstateFile = path.join(dir, "content/case-studies/real-estate.json")
      const { fr: _french, ...englishOnly } = JSON.parse(fs.readFileSync(realEstateFile, "utf8"))
      fs.writeFileSync(realEstateFile, JSON.stringify(englishOnly, null, 2))
      fs.rmSync(path.join(dir, "content/images/team/leo-bernasconi.jpg"))
      fs.writeFileSync(path.join(dir, "content/images/team/amara-okafor.jpg"), "corrupt bytes under a .jpg name")
      editJson(
        path.join(dir, "content/case-studies/watches.json"),
        (data) => (data.client = "A Ginza watch house, 銀座"),
      )
      // A build server may have the sign-in's secrets in its environment: none of the output may carry them.
      const secrets = { GITHUB_CLIENT_ID: "canary-client-id-5e1f", GITHUB_CLIENT_SECRET: "canary-secret-9b3c" }
      const { status, output } = await build(dir, {
        SITE_ENV: "staging",
        CMS_GITHUB_REPOSITORY: "maison/site",
        ...secrets,
      })
      expect(status, output.slice(-2000)).toBe(0)
      expect(output).toContain(
        'content/home/about.json: en.members[3].photo: photo file "../images/team/leo-bernasconi.jpg" not found',
      )
      expect(output).toContain(
        'content/home/about.json: en.members[2].photo: photo file "../images/team/amara-okafor.jpg" is not an image that can be read',
      )
      expect(output).toContain(
        'content/case-studies/watches.json: en.client: "銀" (U+9280), "座" (U+5EA7) are not in the site\'s typefaces',
      )
      const html = fs.readFileSync(path.join(dir, "public/index.html"), "utf8")
      expect(html).toContain('aria-label="Léo Bernasconi, no photo available"')
      expect(html).toContain('aria-label="Amara Okafor, no photo available"')
      expect(html).not.toContain('aria-label="Hélène Marchand, no photo available"')
      const robots = fs.readFileSync(path.join(dir, "public/robots.txt"), "utf8")
      expect(robots).toMatch(/Disallow: \/$/m)
      expect(robots).not.toMatch(/^Allow:/m)
      const written = ["public", ".hosting"].flatMap((folder) =>
        fs
          .readdirSync(path.join(dir, folder), { recursive: true, withFileTypes: true })
          .filter((entry) => entry.isFile())
          .map((entry) => path.join(entry.parentPath, entry.name)),
      )
      expect(written.some((file) => file.endsWith("cms-auth.mjs"))).toBe(true)
      for (const file of written) {
        const bytes = fs.readFileSync(file)
        for (const value of Object.values(secrets)) expect(bytes.includes(value), `${file} holds ${value}`).toBe(false)
      }
      // The CMS edits the repository the build server names.
      expect(fs.readFileSync(path.join(dir, "public/admin/config.yml"), "utf8")).toContain('"repo": "maison/site"')

      // Links inside the site go to the new address, never through the redirect.
      for (const page of ["public/index.html", "public/fr/index.html"]) {
        const home = fs.readFileSync(path.join(dir, page), "utf8")
        expect(home, page).toMatch(/href="(\/fr)?\/case-studies\/haute-horlogerie\/"/)
        expect(home, page).not.toMatch(/href="(\/fr)?\/case-studies\/watches\/"/)
      }
      // The sitemap knows the new address only; the old ones lead there in one hop, on both hosts.
      const sitemap = fs.readFileSync(path.join(dir, "public/sitemap-0.xml"), "utf8")
      expect(sitemap).toContain("/case-studies/haute-horlogerie/")
      expect(sitemap).not.toMatch(/\/case-studies\/(watches|yachts)\//)

      // A study in English only: its English page and nothing of it in French, no link there to it.
      expect(output).toContain(
        "content/case-studies/real-estate.json: fr: not translated yet: published in English only",
      )
      const page = (file: string) => fs.readFileSync(path.join(dir, "public", file), "utf8")
      const exists = (file: string) => fs.existsSync(path.join(dir, "public", file))
      expect(exists("case-studies/real-estate/index.html")).toBe(true)
      expect(exists("fr/case-studies/real-estate/index.html")).toBe(false)
      const english = page("case-studies/real-estate/index.html")
      // Its language switch leads to the French list; its head names no French page.
      const switches = english.match(/<a[^>]*hreflang="fr"[^>]*>/gi) ?? []
      expect(switches.length).toBeGreaterThan(0)
      for (const link of switches) expect(link).toContain('href="/fr/case-studies/"')
      expect(english).not.toContain("/fr/case-studies/real-estate/")
      expect(english).not.toMatch(/<link[^>]*hreflang="fr"/i)
      expect(english).toMatch(/<link[^>]*hreflang="x-default"/i)
      for (const french of ["fr/index.html", "fr/case-studies/index.html"]) {
        expect(page(french), french).not.toContain("/case-studies/real-estate/")
      }
      expect(page("index.html")).toContain('href="/case-studies/real-estate/"')
      expect(page("case-studies/index.html")).toContain('href="/case-studies/real-estate/"')
      const realEstate = /<url><loc>[^<]*\/case-studies\/real-estate\/<\/loc>.*?<\/url>/.exec(sitemap)?.[0]
      expect(realEstate).toBeDefined()
      expect(realEstate).not.toContain('hreflang="fr"')
      expect(realEstate).toContain('hreflang="en"')
      // Every other study keeps its French alternate.
      expect(/<url><loc>[^<]*\/case-studies\/wine\/<\/loc>.*?<\/url>/.exec(sitemap)?.[0]).toContain('hreflang="fr"')

      const redirects = readRedirects(fs.readFileSync(path.join(dir, "public/_redirects"), "utf8"))
      const nginx = await startNginx({ publicDir: path.join(dir, "public"), cmsBackend: null })
      try {
        for (const locale of LOCALES) {
          const at = (slug: string) => localePath(caseStudyPath(slug), locale)
          for (const from of [at("watches"), at("watches").slice(0, -1)]) {
            expect(redirects.get(from), from).toEqual({ to: at("haute-horlogerie"), status: 301 })
            const response = await fetch(`${nginx.url}${from}`, { redirect: "manual" })
            expect([response.status, response.headers.get("location")], from).toEqual([301, at("haute-horlogerie")])
          }
          // Gone for good, with the list's "Case Study Not Found" page, the old address of before too.
          for (const gone of [at("yachts"), at("superyachts"), at("yachts").slice(0, -1)]) {
            const response = await fetch(`${nginx.url}${gone}`, { redirect: "manual" })
            expect(response.status, gone).toBe(410)
            const notFound = readContent("pages/case-studies.json", locale, path.join(dir, "content")).notFound.title
            expect(await response.text(), gone).toContain(notFound)
          }
          const moved = await fetch(`${nginx.url}${at("haute-horlogerie")}`, { redirect: "manual" })
          expect(moved.status).toBe(200)
          // In English only: the French address is an unknown study's (the list, "Case Study Not Found").
          const untranslated = await fetch(`${nginx.url}${at("real-estate")}`, { redirect: "manual" })
          expect(untranslated.status, at("real-estate")).toBe(locale === "en" ? 200 : 404)
        }
      } finally {
        await nginx.stop()
      }
    },
    BUILD_TIMEOUT_MS,
  )
})

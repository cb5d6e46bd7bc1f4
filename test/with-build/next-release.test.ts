/**
 * The next release, in one copy of the project (test/support/project-copy.ts), built once:
 *
 * - Releases and a rollback while visitors keep coming (test/support/release-watch.ts): a browser
 *   visiting pages and moving inside the site, a client fetching the home page and every script it
 *   names. Builds take turns: public/, then, each built before the visitors come, a copy of the
 *   project (other code: other script names) and an editor's publish in it, made by the publish path
 *   (other texts, the same code: pages whose data changed are reloaded, moves land on the new texts). Nothing
 *   a visitor meets may fail: no request, no page whose policy refuses its own code, no page made of
 *   two builds' files, data of other pages aside when its code is the page's own.
 *   The procedure before releases, measured the same way (npm run bench:release), fails each.
 * - Then the publish path as the build server runs it (`npm run publish:build`,
 *   deploy/publish/publish.ts) in that copy, its Gatsby cache kept from that build: a change the
 *   content check refuses stops there, its first complaint kept for the commit's status and nothing
 *   packed; the editor's publish above, a study's new title, went through every step, the pages it changed from the live release's
 *   (its page and the list showing it) named and checked, and the artifact packed; a change every page
 *   shows is checked on every page for its text, links and weight, and for its rendering on a page of
 *   each template.
 *
 * One cold build serves both, as on the build server the last build's cache serves the next publish.
 * Which pages a change makes different, with a cache, without one, or against the live release, is
 * decided on the build's own pages in test/with-build/changed-pages.test.ts.
 */
import fs from "node:fs"
import path from "node:path"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { BUILD_INFO } from "../../contracts/build-info"
import { RELEASE_PAGES_PATH } from "../../contracts/release-stamp"
import { RELEASE_SCRIPT } from "../../deploy/release/layout"
import { PUBLISH_STEPS } from "../../deploy/publish/publish"
import { BUILD_TIMEOUT_MS, editJson, projectCopy } from "../support/project-copy"
import { describeWatched, releasesUnderLoad } from "../support/release-watch"
import { type Ran, runCommand } from "../support/run-command"

const WINE = "content/case-studies/wine.json"
const SETTINGS = "content/site/settings.json"
let copy: string

/** npm run publish:build in the copy, as the build server runs it. */
function publish(env: Record<string, string> = {}): Promise<Ran> {
  return runCommand(process.execPath, ["--import", "tsx", "deploy/publish/publish.ts"], {
    cwd: copy,
    // No live site to compare with unless the test names one: the build's own cache is the guide.
    env: { CI: "true", NO_COLOR: "1", CHECK_PAGES: "", LIVE_PAGES: "", ...env },
  }).done
}

const read = (relative: string) => fs.readFileSync(path.join(copy, relative), "utf8")

beforeAll(() => {
  copy = projectCopy()
})

afterAll(() => {
  if (copy) fs.rmSync(copy, { recursive: true, force: true })
})

/** The editor's publish the visitors meet: a study's new title, through the publish path. */
let titlePublish: Ran | undefined

async function publishNewTitle(): Promise<void> {
  // The copy's build is live: its pages as the live site serves them (/release-pages.json).
  const live = path.join(copy, ".tmp", "live-release-pages.json")
  fs.mkdirSync(path.dirname(live), { recursive: true })
  fs.copyFileSync(path.join(copy, "public", RELEASE_PAGES_PATH), live)
  // The English title alone, as the CMS saves it: its record says what the French was made from.
  editJson(path.join(copy, WINE), (data) => {
    data.translatedFrom = { fr: { title: data.title } }
    data.title = "Tracing Allocations for a Classified Growth"
  })
  titlePublish = await publish({ LIVE_PAGES: live })
  if (titlePublish.status !== 0) throw new Error(`the publish path refused: ${titlePublish.output.slice(-3000)}`)
}

it(
  "releases and rolls back while visitors browse: no failed request, no refused code, no page of two builds",
  async () => {
    const measured = await releasesUnderLoad({ dir: copy, publish: publishNewTitle })
    console.log(`Releases under load:\n${describeWatched(measured)}`)
    const { watched } = measured
    expect(watched.documents).toBeGreaterThan(10)
    expect(watched.clientRounds).toBeGreaterThan(10)
    expect(watched.failedRequests).toEqual([])
    expect(watched.policyRefusals).toEqual([])
    expect(watched.mixed).toEqual([])
    expect(watched.unknownPages).toEqual([])
    expect(watched.errors).toEqual([])
  },
  2 * BUILD_TIMEOUT_MS,
)

describe("the publish path, with the cache of the build before", () => {
  it("took the editor's new title through every step to an artifact, checking the pages it changed from the live release's", () => {
    expect(titlePublish, "the publish the visitors met").toBeDefined()
    const { status, output } = titlePublish!
    expect(output).not.toContain("Publish path refused")
    expect(status).toBe(0)
    // The French title to check: a warning where the check says it, and again after the steps.
    const warning = /warning content\/case-studies\/wine\.json: fr\.title: to check: its English changed/
    const section = (from: string, to: string) => output.slice(output.indexOf(from), output.indexOf(to))
    expect(section("==> publish: content check", "==> publish: build")).toMatch(warning)
    expect(output.slice(output.lastIndexOf("Publish path, "))).toMatch(warning)
    expect(read(".tmp/publish/pages.txt")).toBe("case-studies/index.html\ncase-studies/wine/index.html\n")
    const steps = JSON.parse(read(".tmp/publish/steps.json")) as Array<{ name: string; note?: string }>
    expect(steps.map(({ name }) => name)).toEqual([...PUBLISH_STEPS])
    expect(steps[0].note).toBe("1 translation to check")
    expect(steps[1].note).toBe("Gatsby's cache kept")
    expect(steps[2].note).toMatch(/^2 of \d+, against the live release$/)
    expect(output).toMatch(/html-validate: 2 pages, 0 errors/)
    expect(output).toMatch(/Nu Html Checker: 2 pages, 0 errors/)
    // Each page at each width, in one share of the browser pass each.
    expect(output).toMatch(/\b4 passed\b/)
    expect(read(`.artifact/public/case-studies/wine/index.html`)).toContain(
      "Tracing Allocations for a Classified Growth",
    )
    for (const file of [BUILD_INFO, RELEASE_SCRIPT])
      expect(fs.existsSync(path.join(copy, ".artifact", file)), file).toBe(true)
  })

  it("stops at the content check, keeping its first complaint for the editor, and packs nothing", async () => {
    fs.rmSync(path.join(copy, ".artifact"), { recursive: true, force: true })
    const wine = fs.readFileSync(path.join(copy, WINE), "utf8")
    editJson(path.join(copy, WINE), (data) => (data.title = ""))
    try {
      const { status, output } = await publish()
      expect(status).toBe(1)
      expect(output).toContain("Publish path refused: content check:")
      expect(read(".tmp/publish/refusal.txt")).toMatch(
        /^content check: error +content\/case-studies\/wine\.json: en\.title: /,
      )
      expect(fs.existsSync(path.join(copy, ".artifact"))).toBe(false)
    } finally {
      fs.writeFileSync(path.join(copy, WINE), wine)
    }
  }, 60_000)

  it(
    "checks a change every page shows in every page's text, links and weight, and its rendering on a page of each template and language",
    async () => {
      editJson(path.join(copy, SETTINGS), (data) => (data.contactEmail = "partners@aurelle-intelligence.ch"))
      const { status, output } = await publish()
      expect(output).not.toContain("Publish path refused")
      expect(status, output.slice(-3000)).toBe(0)
      const changed = read(".tmp/publish/pages.txt").split("\n").filter(Boolean)
      const rendered = read(".tmp/publish/browser-pages.txt").split("\n").filter(Boolean)
      expect(changed.length).toBeGreaterThan(20)
      // In each language, a page of each template: not found, home, demo, the list, a study, two policies.
      const english = ["404.html", "index.html", "book-demo/index.html", "case-studies/index.html"]
      const others = ["privacy-policy/index.html", "terms-of-service/index.html"]
      for (const page of [...english, ...others]) expect(rendered).toEqual(expect.arrayContaining([page, `fr/${page}`]))
      expect(rendered.filter((page) => /^(fr\/)?case-studies\/[^/]+\/index\.html$/.test(page))).toHaveLength(2)
      expect(rendered).toHaveLength(14)
      const steps = JSON.parse(read(".tmp/publish/steps.json")) as Array<{ name: string; note?: string }>
      expect(steps.find(({ name }) => name === "gates")?.note).toBe(
        `text, links, weight: ${changed.length}; markup: ${rendered.length}`,
      )
      expect(output).toContain(`html-validate: ${rendered.length} pages, 0 errors`)
      expect(output).toMatch(new RegExp(`Nu Html Checker: ${rendered.length} pages, 0 errors`))
      expect(read(".artifact/public/book-demo/index.html")).toContain("partners@aurelle-intelligence.ch")
    },
    BUILD_TIMEOUT_MS,
  )
})

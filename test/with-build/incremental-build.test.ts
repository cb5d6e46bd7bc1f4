/**
 * A publish costs what it changed: in a copy of the project (test/support/project-copy.ts), built
 * once as main's last build, then one study's English title changed and built again the way the
 * publish path builds (`npm run build`, in another environment: npm's variables, another clock
 * variable), Gatsby renders only the pages that show the study, the post-build steps finish and
 * compress only those files; then the study moved to a new slug, the card that names its old one
 * linking to the new one; and what the build leaves is exactly what a build without any cache
 * leaves for the same content.
 */
import { spawnSync } from "node:child_process"
import crypto from "node:crypto"
import fs from "node:fs"
import path from "node:path"
import { afterAll, beforeAll, expect, it } from "vitest"
import { HOSTING_DIR } from "../../contracts/hosting"
import { BUILD_TIMEOUT_MS, COPY_BUILD_ENV, buildCopy, editJson, projectCopy } from "../support/project-copy"

/** The same day for every build: security.txt and the calendar's record are of the build's clock. */
const CLOCK = { SITE_CLOCK: "2026-12-02T10:00:00+01:00" }
/**
 * The files the title's change concerns: its page and the list's, their data, the search index, its
 * sharing image, and the build's list of its pages (release-pages.json).
 */
const CONCERNED = [
  "case-studies/index.html",
  "case-studies/search.json",
  "case-studies/wine/index.html",
  "og/case-studies-wine.png",
  "page-data/case-studies/page-data.json",
  "page-data/case-studies/wine/page-data.json",
  "release-pages.json",
]

let copy: string

/** Every file the build leaves to be released (public/, .hosting/), by path: the hash of its bytes. */
function tree(): Map<string, string> {
  return new Map(
    [path.join(copy, "public"), path.join(copy, HOSTING_DIR)].flatMap((dir) =>
      fs
        .readdirSync(dir, { recursive: true, withFileTypes: true })
        .filter((entry) => entry.isFile())
        .map((entry): [string, string] => {
          const file = path.join(entry.parentPath, entry.name)
          return [path.relative(copy, file), crypto.createHash("sha256").update(fs.readFileSync(file)).digest("hex")]
        }),
    ),
  )
}

/** One of Gatsby's or the build's lines, whitespace joined: "Building static HTML for pages - 1.5s - 2/2". */
const line = (output: string, start: string) => new RegExp(`${start}[^\\n]*`).exec(output)?.[0] ?? `(no "${start}")`

beforeAll(async () => {
  copy = projectCopy()
  const built = await buildCopy(copy, CLOCK)
  if (built.status !== 0) throw new Error(`the copy did not build: ${built.output.slice(-2000)}`)
}, BUILD_TIMEOUT_MS)

afterAll(() => {
  if (copy) fs.rmSync(copy, { recursive: true, force: true })
})

it(
  "a title's change renders, finishes and compresses only the pages showing the study, as a full build would leave them",
  async () => {
    const before = tree()
    editJson(path.join(copy, "content/case-studies/wine.json"), (study) => (study.title = "Allocations, Read Anew"))
    const published = spawnSync("npm", ["run", "build"], {
      cwd: copy,
      env: { ...process.env, ...COPY_BUILD_ENV, ...CLOCK, GITHUB_RUN_ID: String(Date.now()) },
      encoding: "utf8",
      timeout: BUILD_TIMEOUT_MS,
    })
    const output = `${published.stdout}${published.stderr}`.replace(/\s+/g, " ")
    expect(published.status, output.slice(-2000)).toBe(0)
    expect(line(output, "Building static HTML for pages")).toMatch(/ 2\/2 /)
    expect(line(output, "info Finished")).toMatch(/^info Finished 2 pages .*; 26 unchanged since the last build/)
    expect(line(output, "info Precompressed")).toMatch(/^info Precompressed 6 files \(\.br, \.gz\) of \d+,/)
    expect(line(output, "info Sharing images")).toMatch(/ 1 drawn, /)
    const incremental = tree()
    const changed = [...incremental].filter(([file, hash]) => before.get(file) !== hash).map(([file]) => file)
    expect(changed.filter((file) => !/\.(br|gz)$/.test(file)).sort()).toEqual(
      CONCERNED.map((file) => path.join("public", file)),
    )
    expect([...before.keys()].filter((file) => !incremental.has(file))).toEqual([])

    // The study moved to a new slug, its industry card's file untouched and still naming the old one:
    // built warm, every link goes to the new address (the card's nodes are made again, not kept).
    editJson(path.join(copy, "content/case-studies/wine.json"), (study) =>
      Object.assign(study, { slug: "grands-vins", formerSlugs: ["wine"] }),
    )
    const moved = spawnSync("npm", ["run", "build"], {
      cwd: copy,
      env: { ...process.env, ...COPY_BUILD_ENV, ...CLOCK },
      encoding: "utf8",
      timeout: BUILD_TIMEOUT_MS,
    })
    expect(moved.status, `${moved.stdout}${moved.stderr}`.slice(-2000)).toBe(0)
    for (const page of ["index.html", "fr/index.html", "book-demo/index.html"]) {
      const html = fs.readFileSync(path.join(copy, "public", page), "utf8")
      expect(html, page).toMatch(/href="(\/fr)?\/case-studies\/grands-vins\/"/)
      expect(html, page).not.toMatch(/href="(\/fr)?\/case-studies\/wine\/"/)
    }
    const warm = tree()

    // The same content built without any cache: the same files, byte for byte.
    for (const folder of [".cache", "public", HOSTING_DIR]) fs.rmSync(path.join(copy, folder), { recursive: true })
    const full = await buildCopy(copy, CLOCK)
    expect(full.status, full.output.slice(-2000)).toBe(0)
    const cold = tree()
    const differing = [...new Set([...warm.keys(), ...cold.keys()])].filter((file) => warm.get(file) !== cold.get(file))
    expect(differing).toEqual([])
  },
  3 * BUILD_TIMEOUT_MS,
)

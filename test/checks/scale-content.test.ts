/**
 * The case studies npm run bench:scale makes up are content the build accepts: the same validation
 * as `gatsby build` (build-steps/content/validate.ts), every one with its own address and a title within
 * the limit, in both languages.
 */
import fs from "node:fs"
import os from "node:os"
import path from "node:path"
import { validateContent } from "../../build-steps/content/validate"
import { TEXT_LIMITS } from "../../model/fields"
import { addCaseStudies, numberedTitle } from "../support/scale-content"

const ROOT = path.resolve(__dirname, "../..")

describe("generated case studies", () => {
  let dir: string
  beforeAll(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), "aurelle-scale-"))
    fs.cpSync(path.join(ROOT, "content"), path.join(dir, "content"), { recursive: true })
  })
  afterAll(() => fs.rmSync(dir, { recursive: true, force: true }))

  it("numbers a title within the limit, cut at a word", () => {
    const title = "Repositioning Suite Fares for an Ultra-Luxury Cruise Line"
    expect(numberedTitle(title, "No. 7")).toBe(`${title} No. 7`)
    const long = numberedTitle(`${title} and Its Five Small Expedition Ships`, "No. 499")
    expect(long.length).toBeLessThanOrEqual(TEXT_LIMITS.title.max)
    expect(long).toBe("Repositioning Suite Fares for an Ultra-Luxury Cruise Line and No. 499")
  })

  it("brings the content to the count asked, and the build's validation accepts every file", async () => {
    expect(addCaseStudies(dir, 60)).toBe(54)
    const files = fs.readdirSync(path.join(dir, "content/case-studies"))
    expect(files).toHaveLength(60)
    const { errors } = await validateContent(path.join(dir, "content"))
    expect(errors).toEqual([])
    const studies = files.map((file) =>
      JSON.parse(fs.readFileSync(path.join(dir, "content/case-studies", file), "utf8")),
    )
    expect(new Set(studies.map((study) => study.en.slug)).size).toBe(60)
    expect(new Set(studies.map((study) => study.fr.title)).size).toBe(60)
  })
})

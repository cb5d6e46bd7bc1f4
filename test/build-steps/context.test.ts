/**
 * The build's context (build-steps/context.ts): one reading of the content, its studies known by
 * their files, and what a content check that passed hands the build after it, so that the publish
 * path checks the content once: the same files on the same day, and only those.
 */
import fs from "node:fs"
import path from "node:path"
import { describe, expect, it, vi } from "vitest"
import { CHECKED_VARIABLE, buildContext, checkedBefore, contentDigest } from "../../build-steps/context"
import { siteBuild } from "../../gatsby/site-build"
import { contentFixture } from "../content/fixture"

const MORNING = { now: new Date("2026-12-04T07:00:00Z"), set: true }
const EVENING = { now: new Date("2026-12-04T23:30:00Z"), set: true }

describe("the build's context", () => {
  it("reads each study once, known by its file, with where it moved from and the languages it waits for", () => {
    const fixture = contentFixture()
    fixture.edit("case-studies/watches.json", (study) => {
      study.slug = "haute-horlogerie"
      study.formerSlugs = ["watches"]
    })
    fixture.editFile("case-studies/wine.json", (file) => delete file.fr)
    const { content } = buildContext(fixture.root, MORNING)
    expect(content.studies.find((study) => study.slug === "haute-horlogerie")?.file).toBe("watches")
    expect(content.moves.get("watches")).toBe("haute-horlogerie")
    expect([...content.untranslated.get("fr")!]).toEqual(["wine"])
    expect(content.texts.has("site/settings.json")).toBe(true)
    expect([...content.texts.keys()].some((relative) => relative.startsWith("schemas/"))).toBe(false)
  })

  it("tells the build the content was checked only for the same files on the same day in Zurich", () => {
    const fixture = contentFixture()
    const checked = { [CHECKED_VARIABLE]: contentDigest(buildContext(fixture.root, MORNING)) }
    expect(checkedBefore(buildContext(fixture.root, MORNING), checked)).toBe(true)
    expect(checkedBefore(buildContext(fixture.root, MORNING), {})).toBe(false)
    // 23:30 UTC is past midnight in Zurich: "today" for the dates is another day.
    expect(checkedBefore(buildContext(fixture.root, EVENING), checked)).toBe(false)
    fixture.edit("home/hero.json", (hero) => (hero.title = `${hero.title} `))
    expect(checkedBefore(buildContext(fixture.root, MORNING), checked)).toBe(false)
  })

  it("lets the build after a check skip it, and check anything it was not told of", async () => {
    const fixture = contentFixture()
    fixture.edit("case-studies/watches.json", (study) => (study.metrics.dataPoints = "many"))
    const reporter = { info: vi.fn(), warn: vi.fn(), panicOnBuild: vi.fn() }
    const env = { SITE_CLOCK: MORNING.now.toISOString() }
    await siteBuild(fixture.root, env).onPreBootstrap({ reporter } as never)
    expect(reporter.panicOnBuild).toHaveBeenCalledTimes(1)
    // Told of other content (the check passed before this edit): checked, and refused again.
    const before = contentFixture()
    const stale = { ...env, [CHECKED_VARIABLE]: contentDigest(buildContext(before.root, MORNING)) }
    await siteBuild(fixture.root, stale).onPreBootstrap({ reporter } as never)
    expect(reporter.panicOnBuild).toHaveBeenCalledTimes(2)
    // Told of these very files today: the check that said so is the one check.
    const told = { ...env, [CHECKED_VARIABLE]: contentDigest(buildContext(fixture.root, MORNING)) }
    await siteBuild(fixture.root, told).onPreBootstrap({ reporter } as never)
    expect(reporter.panicOnBuild).toHaveBeenCalledTimes(2)
    expect(reporter.info).toHaveBeenCalledWith(expect.stringMatching(/^Content checked before this build/))
  })

  it("reads the clock at the build's entry alone: no step below it reads one of its own", () => {
    const root = path.resolve(__dirname, "../..")
    const sources = (folder: string) =>
      fs
        .readdirSync(path.join(root, folder), { recursive: true, withFileTypes: true })
        .filter((entry) => entry.isFile() && /\.tsx?$/.test(entry.name))
        .map((entry) => path.relative(root, path.join(entry.parentPath, entry.name)))
    const reading = [...sources("build-steps"), ...sources("gatsby")].filter((file) =>
      fs.readFileSync(path.join(root, file), "utf8").includes("readClock("),
    )
    expect(reading).toEqual(["gatsby/site-build.ts"])
  })
})

import { describe, expect, it, vi } from "vitest"
import { assertValidContent } from "../../gatsby/assert-valid-content"
import { contentFixture } from "./fixture"
import { buildContext } from "../../build-steps/context"

/** A build of the content under `root`, now. */
const buildOf = (root: string) => buildContext(root, { now: new Date(), set: false })

function fakeReporter() {
  return { info: vi.fn(), warn: vi.fn(), panicOnBuild: vi.fn() }
}

describe("the build's content gate (onPreBootstrap)", () => {
  it("lets valid content through without a word", async () => {
    const reporter = fakeReporter()
    expect(await assertValidContent(buildOf(contentFixture().root), reporter)).toBe(true)
    expect(reporter.panicOnBuild).not.toHaveBeenCalled()
    expect(reporter.warn).not.toHaveBeenCalled()
    // Outside a repository, it says the translations to check are the files' own records alone.
    expect(reporter.info).toHaveBeenCalledWith(expect.stringMatching(/not in a git repository; only the files' own records/))
  })

  it("stops the build with one line per problem, each naming the file and JSON path", async () => {
    const fixture = contentFixture()
    fixture.edit("case-studies/watches.json", (data) => (data.metrics.dataPoints = "many"))
    fixture.edit("home/industries.json", (data) => (data.cards[0].applications = ["Price parity"]))
    const reporter = fakeReporter()
    expect(await assertValidContent(buildOf(fixture.root), reporter)).toBe(false)
    expect(reporter.panicOnBuild).toHaveBeenCalledTimes(1)
    const message = reporter.panicOnBuild.mock.calls[0][0] as string
    expect(message.split("\n")).toEqual([
      "Invalid content (2 problems). Fix each line below, then build again:",
      'content/case-studies/watches.json: en.metrics.dataPoints: expected a string like "5M+"',
      "content/home/industries.json: en.cards[0].applications: expected exactly three application tags",
    ])
  })

  it("warns, but builds, when a team photo is missing", async () => {
    const fixture = contentFixture()
    fixture.remove("images/team/julien-rochat.jpg")
    const reporter = fakeReporter()
    expect(await assertValidContent(buildOf(fixture.root), reporter)).toBe(true)
    expect(reporter.panicOnBuild).not.toHaveBeenCalled()
    expect(reporter.warn).toHaveBeenCalledWith(expect.stringContaining("content/home/about.json: en.members[1].photo"))
  })
})

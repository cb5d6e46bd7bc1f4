/**
 * The editors' calendar in the content model (model/schedule.ts): a study's window judged at a time,
 * the changes due since a build, until when a build may be served, Zurich's times both ways; and the
 * content check (the build's and the CMS's) refusing a time that is not one and an `expireAt` not after
 * `goLiveAt`, with the file and the field; and the build's clock read from one place.
 */
import { describe, expect, it } from "vitest"
import { readClock } from "../../contracts/clock"
import { isOffsetTime } from "../../contracts/time"
import { formatProblem } from "../../model/problems"
import { changesDue, scheduleStateAt, scheduledStudyOf, servedUntil } from "../../model/schedule"
import { editorsTime, fromZurichWallTime, zurichDay, zurichWallTime } from "../../contracts/editors-time"
import { validateContent } from "../../build-steps/content/validate"
import { contentFixture } from "./fixture"
import { contentCalendar } from "../../build-steps/content/calendar"

const GO_LIVE = "2026-12-01T09:00:00+01:00"
const EXPIRE = "2027-01-31T18:00:00+01:00"
const at = (time: string) => new Date(time)

describe("a study's window", () => {
  it("is scheduled before goLiveAt, live from that very time, taken down from expireAt on", () => {
    const window = { goLiveAt: GO_LIVE, expireAt: EXPIRE }
    expect(scheduleStateAt(window, at("2026-12-01T07:59:59Z"))).toBe("scheduled")
    expect(scheduleStateAt(window, at("2026-12-01T08:00:00Z"))).toBe("live")
    expect(scheduleStateAt(window, at("2027-01-31T16:59:59Z"))).toBe("live")
    expect(scheduleStateAt(window, at("2027-01-31T17:00:00Z"))).toBe("expired")
    expect(scheduleStateAt({}, at("2000-01-01T00:00:00Z"))).toBe("live")
  })

  it("names the changes a build has not made yet, in order, never one still to come", () => {
    const studies = [
      { slug: "wine", title: "Wine", goLiveAt: GO_LIVE, expireAt: EXPIRE },
      { slug: "watches", title: "Watches", expireAt: "2026-12-01T08:30:00+01:00" },
      { slug: "hotels", title: "Hotels" },
    ]
    const builtFor = at("2026-12-01T07:00:00Z")
    expect(changesDue(studies, builtFor, at("2026-12-01T07:29:59Z"))).toEqual([])
    expect(changesDue(studies, builtFor, at("2026-12-01T08:05:00Z")).map(({ slug, kind }) => `${slug} ${kind}`)).toEqual([
      "watches comes down",
      "wine goes live",
    ])
    // Built after both: nothing left to do until the expiry.
    expect(changesDue(studies, at("2026-12-01T08:00:00Z"), at("2026-12-20T00:00:00Z"))).toEqual([])
    expect(servedUntil(studies, at("2026-12-01T08:00:00Z"))).toBe(EXPIRE)
    expect(servedUntil(studies, at("2026-12-01T07:00:00Z"))).toBe("2026-12-01T08:30:00+01:00")
    expect(servedUntil([{}], at("2026-12-01T07:00:00Z"))).toBeNull()
  })

  it("reads and writes Zurich's time, summer and winter, whatever the computer's zone", () => {
    expect(fromZurichWallTime("2026-12-01T09:00")).toBe("2026-12-01T09:00:00+01:00")
    expect(fromZurichWallTime("2026-07-01T09:00")).toBe("2026-07-01T09:00:00+02:00")
    // The hour the clocks skip in spring is read as the clocks show it.
    expect(fromZurichWallTime("2026-03-29T02:30")).toBe("2026-03-29T03:30:00+02:00")
    expect(zurichWallTime("2026-12-01T08:00:00Z")).toBe("2026-12-01T09:00")
    expect(zurichDay("2026-11-30T23:30:00Z")).toBe("2026-12-01")
    expect(editorsTime(GO_LIVE, at("2026-11-27T10:00:00Z"))).toBe("Tue 1 Dec, 09:00")
    expect(editorsTime(EXPIRE, at("2026-11-27T10:00:00Z"))).toBe("Sun 31 Jan 2027, 18:00")
    expect(isOffsetTime("2026-02-31T09:00:00+01:00")).toBe(false)
    expect(isOffsetTime("2026-12-01T09:00:00")).toBe(false)
  })
})

/** The content check's complaints about a folder of content at `now` (else the real time), as the build prints them. */
const errorsOf = async (root: string, now?: Date) => (await validateContent(root, { now })).errors.map(formatProblem)

describe("the content check", () => {
  it("refuses a time without its offset and a day that does not exist, at the field", async () => {
    const fixture = contentFixture()
    fixture.edit("case-studies/wine.json", (data) => {
      data.goLiveAt = "2026-12-01 09:00"
      data.expireAt = "2027-02-30T09:00:00+01:00"
    })
    expect(await errorsOf(fixture.root)).toEqual([
      'content/case-studies/wine.json: en.goLiveAt: expected a time with its offset, like "2026-12-01T09:00:00+01:00"',
      "content/case-studies/wine.json: en.expireAt: 2027-02-30 is not a day of the calendar",
    ])
  })

  it("refuses an expireAt that is not after goLiveAt, at expireAt", async () => {
    const fixture = contentFixture()
    fixture.edit("case-studies/wine.json", (data) => {
      data.goLiveAt = GO_LIVE
      data.expireAt = "2026-12-01T08:00:00Z"
    })
    expect(await errorsOf(fixture.root)).toEqual([
      `content/case-studies/wine.json: en.expireAt: must be after goLiveAt (${GO_LIVE}): a study comes down after it goes live`,
    ])
  })

  it("accepts a window in the past, the future, or half open, and judges dates at the build's clock", async () => {
    const fixture = contentFixture()
    fixture.edit("case-studies/wine.json", (data) => {
      data.goLiveAt = GO_LIVE
      data.published = "2026-12-02"
    })
    fixture.edit("case-studies/watches.json", (data) => (data.expireAt = "2020-06-01T00:00:00Z"))
    expect(await errorsOf(fixture.root, at("2026-12-10T09:00:00+01:00"))).toEqual([])
    expect(await errorsOf(fixture.root, at("2026-12-01T09:00:00+01:00"))).toEqual([
      "content/case-studies/wine.json: en.published: must not be after today (2026-12-01): a case study is dated the day it is published",
    ])
  })
})

describe("the clock", () => {
  it("is SITE_CLOCK when it is set, naming the variable when it holds no time; else the real time", () => {
    expect(readClock({ SITE_CLOCK: GO_LIVE })).toEqual({ now: at(GO_LIVE), set: true })
    expect(() => readClock({ SITE_CLOCK: "tomorrow" })).toThrow(
      'SITE_CLOCK must be a time with its offset, like 2026-12-01T09:00:00+01:00, not "tomorrow"',
    )
    const real = readClock({})
    expect(real.set).toBe(false)
    expect(Math.abs(real.now.getTime() - Date.now())).toBeLessThan(5_000)
  })

  it("agrees with the calendar on the day at 00:30 in Zurich: a study live since 00:15, dated that day, passes", async () => {
    const fixture = contentFixture()
    const goLive = "2026-12-01T00:15:00+01:00"
    // Only the study's date is judged here: the privacy policy's month (December 2026) is the site's.
    fixture.edit("pages/privacy-policy.json", (data) => (data.lastUpdated = "June 2025"))
    fixture.edit("case-studies/wine.json", (data) => {
      data.goLiveAt = goLive
      data.published = zurichDay(goLive)
    })
    const { now } = readClock({ SITE_CLOCK: "2026-12-01T00:30:00+01:00" })
    // The calendar's day and state at that time: the study is live, on 1 December.
    expect(zurichDay(now.toISOString())).toBe("2026-12-01")
    expect(scheduleStateAt({ goLiveAt: goLive }, now)).toBe("live")
    // The content check's day is the same (in UTC it is still 30 November).
    expect(await errorsOf(fixture.root, now)).toEqual([])
    // A minute before midnight in Zurich it is still the 30th, for both.
    expect(await errorsOf(fixture.root, readClock({ SITE_CLOCK: "2026-11-30T23:59:00+01:00" }).now)).toEqual([
      "content/case-studies/wine.json: en.published: must not be after today (2026-11-30): a case study is dated the day it is published",
    ])
  })
})

describe("a study file's calendar", () => {
  it("is read from its English side, with a title even when it has none; a file with no slug there has none", () => {
    const window = { goLiveAt: "2026-12-01T09:00:00+01:00", expireAt: "2026-12-31T09:00:00+01:00" }
    expect(scheduledStudyOf({ en: { slug: "wine", title: "Wine", ...window, client: "x" }, fr: { slug: "vin" } })).toEqual(
      { slug: "wine", title: "Wine", ...window },
    )
    expect(scheduledStudyOf({ en: { slug: "wine" } })).toEqual({
      slug: "wine",
      title: "",
      goLiveAt: undefined,
      expireAt: undefined,
    })
    for (const raw of [null, {}, { en: null }, { en: { slug: 7 } }, { fr: { slug: "vin" } }])
      expect(scheduledStudyOf(raw), JSON.stringify(raw)).toBeUndefined()
  })
})

describe("what a build records of the calendar", () => {
  it("knows each study by its file, with every address it has had: served, and windowed", () => {
    const clock = { now: new Date("2026-12-01T12:00:00Z"), set: true }
    const { record } = contentCalendar(
      [
        { file: "wine", slug: "grand-cru-allocations", formerSlugs: ["wine"], title: "Wine", expireAt: EXPIRE },
        { file: "hotels", slug: "hotels", title: "Hotels", goLiveAt: "2027-01-01T09:00:00+01:00" },
        { file: "retail", slug: "retail", title: "Retail" },
      ],
      { ...clock },
    )
    expect(record).toMatchObject({
      serves: ["grand-cru-allocations", "retail", "wine"],
      servesFiles: ["retail", "wine"],
      // Every study, a window or none: a study a later build no longer lists is one it deleted.
      allStudies: true,
      windows: {
        hotels: { goLiveAt: "2027-01-01T09:00:00+01:00", expireAt: null, addresses: ["hotels"] },
        retail: { goLiveAt: null, expireAt: null, addresses: ["retail"] },
        wine: { goLiveAt: null, expireAt: EXPIRE, addresses: ["grand-cru-allocations", "wine"] },
      },
    })
    expect(Object.keys(record.windows ?? {})).toEqual(["hotels", "retail", "wine"])
  })
})

/**
 * What the CMS says of a study's place on the editors' calendar (cms/schedule-note.ts): scheduled,
 * due, live since the release that brought it (only when that release serves its page), taken down;
 * for a new entry or a window not saved, what publishing it will do; the calendar of what is to come, in order; and each industry card that leads
 * to the case list meanwhile.
 */
import { describe, expect, it } from "vitest"
import { cardNotes, embargoNote, scheduleNoteOf, upcomingChanges } from "../../cms/schedule-note"

const COMMIT = "3f2a9c1d0123456789abcdef0123456789abcdef"
const GO_LIVE = "2026-12-01T09:00:00+01:00"
const EXPIRE = "2027-01-31T18:00:00+01:00"
const stamp = (clock: string, liveSince: string) => ({ commit: COMMIT, builtAt: clock, clock, liveSince })
const PAGE = "case-studies/wine/index.html"
/** The live site: its stamp, and the pages it serves (the study's, unless told otherwise). */
const site = (clock: string, liveSince: string, pages: string[] = [PAGE]) => ({
  stamp: stamp(clock, liveSince),
  pages: new Set(pages),
})
const at = (iso: string) => new Date(iso)
const window = { slug: "wine", goLiveAt: GO_LIVE, expireAt: EXPIRE }

describe("a study's note", () => {
  it("says it is scheduled, with when it comes down, before its time", () => {
    expect(
      scheduleNoteOf(window, site("2026-11-30T20:00:00Z", "2026-11-30T20:02:00Z"), at("2026-12-01T07:30:00Z")),
    ).toEqual({
      tone: "quiet",
      text: "Scheduled: goes live Tue 1 Dec, 09:00 (Zurich)",
      detail:
        "Comes down Sun 31 Jan 2027, 18:00 (Zurich). The build server makes each change live 4 to 15 minutes after its time (GitHub's timer, sometimes later at busy hours).",
    })
  })

  it("says which promise the site's host gives: the nginx host's own timer, on the minute", () => {
    const onNginx = {
      stamp: { ...stamp("2026-11-30T20:00:00Z", "2026-11-30T20:02:00Z"), release: "r1" },
      pages: new Set<string>(),
    }
    expect(scheduleNoteOf(window, onNginx, at("2026-12-01T07:30:00Z"))?.detail).toContain(
      "The site's server makes each change live on the minute, by itself",
    )
  })

  it("says it is due once its time passed and the live release was built before it", () => {
    const note = scheduleNoteOf(
      window,
      site("2026-11-30T20:00:00Z", "2026-11-30T20:02:00Z", []),
      at("2026-12-01T08:03:00Z"),
    )
    expect(note).toMatchObject({ tone: "busy", text: "Due to go live: Tue 1 Dec, 09:00 (Zurich)" })
  })

  it("says since when it is live once a release built at or after its time is live", () => {
    const note = scheduleNoteOf(
      window,
      site("2026-12-01T08:02:00Z", "2026-12-01T08:07:00Z"),
      at("2026-12-01T08:10:00Z"),
    )
    expect(note).toMatchObject({ tone: "live", text: "Live on the site since 09:07" })
    // Live since another day: the day is said too, as the release note says it.
    const yesterday = scheduleNoteOf(
      window,
      site("2026-12-01T08:02:00Z", "2026-12-01T08:07:00Z"),
      at("2026-12-02T10:00:00Z"),
    )
    expect(yesterday).toMatchObject({ text: "Live on the site since 1 Dec, 09:07" })
  })

  it("says it is due to come down, then taken down, after its expiry", () => {
    const before = site("2027-01-31T16:50:00Z", "2027-01-31T16:52:00Z")
    expect(scheduleNoteOf(window, before, at("2027-01-31T17:01:00Z"))).toMatchObject({
      tone: "busy",
      text: "Due to come down: Sun 31 Jan, 18:00 (Zurich)",
    })
    const after = site("2027-01-31T17:02:00Z", "2027-01-31T17:06:00Z", [])
    expect(scheduleNoteOf(window, after, at("2027-01-31T17:10:00Z"))).toMatchObject({ text: "Taken down at 18:06" })
  })

  it("never says live unless the live release serves its page", () => {
    // Built after its time, but its page is not in the release (another release, a failed build).
    const note = scheduleNoteOf(
      window,
      site("2026-12-01T08:02:00Z", "2026-12-01T08:07:00Z", []),
      at("2026-12-01T08:10:00Z"),
    )
    expect(note).toMatchObject({ tone: "busy", text: "Due to go live: Tue 1 Dec, 09:00 (Zurich)" })
    // The page list could not be read: it says so rather than guess.
    const unread = scheduleNoteOf(
      window,
      { stamp: stamp("2026-12-01T08:02:00Z", "2026-12-01T08:07:00Z"), pages: null },
      at("2026-12-01T08:10:00Z"),
    )
    expect(unread).toMatchObject({ tone: "busy", detail: expect.stringContaining("page list cannot be read") })
    // No live site to ask (the local backend).
    expect(scheduleNoteOf(window, null, at("2026-12-01T08:10:00Z"))?.text).toBe(
      "In its window: a release made now shows it",
    )
    // Its page still served after its expiry: due to come down, not taken down.
    const stillServed = scheduleNoteOf(
      window,
      site("2027-01-31T17:02:00Z", "2027-01-31T17:06:00Z"),
      at("2027-01-31T17:10:00Z"),
    )
    expect(stillServed).toMatchObject({ text: "Due to come down: Sun 31 Jan, 18:00 (Zurich)" })
  })

  it("says what publishing will do for a new entry, never that it is live, even with its page served", () => {
    const live = site("2026-12-01T08:02:00Z", "2026-12-01T08:07:00Z")
    const now = at("2026-12-01T08:10:00Z")
    expect(scheduleNoteOf(window, live, now, { isNew: true })).toEqual({
      tone: "quiet",
      text: "Not published yet",
      detail:
        "Once published, it goes live with that release, within minutes, and comes down Sun 31 Jan 2027, 18:00 (Zurich).",
    })
    expect(
      scheduleNoteOf({ slug: "wine", goLiveAt: "2026-12-02T09:00:00+01:00" }, live, now, { isNew: true }),
    ).toMatchObject({
      detail: "Once published, it goes live Wed 2 Dec, 09:00 (Zurich).",
    })
    expect(
      scheduleNoteOf({ slug: "wine", expireAt: "2026-12-01T08:00:00+01:00" }, live, now, { isNew: true }),
    ).toMatchObject({
      detail: "Once published, it stays off the site: its expiry, Tue 1 Dec, 08:00 (Zurich), has passed.",
    })
  })

  it("for a window changed and not saved, says where the study stands as saved, then what the change will do", () => {
    const live = site("2026-12-01T08:02:00Z", "2026-12-01T08:07:00Z")
    const note = scheduleNoteOf(
      { ...window, expireAt: "2026-12-01T08:00:00+01:00" },
      live,
      at("2026-12-01T08:10:00Z"),
      {
        isNew: false,
        saved: window,
      },
    )
    expect(note?.text).toBe("Live on the site since 09:07")
    expect(note?.detail).toContain(
      "This change is not saved: Once published, it stays off the site: its expiry, Tue 1 Dec, 08:00 (Zurich), has passed.",
    )
  })

  it("says nothing for a study without a window", () => {
    expect(scheduleNoteOf({}, null, at("2026-12-01T08:00:00Z"))).toBeNull()
  })
})

describe("who can read a study before its time", () => {
  it("is said when the repository is public and the study is still to go live, and only then", () => {
    const before = at("2026-12-01T07:00:00Z")
    expect(embargoNote(window, true, before)).toMatch(
      /^This repository is public: anyone can read this study on GitHub/,
    )
    expect(embargoNote(window, false, before)).toBeNull()
    // GitHub has not said (or the local backend): nothing guessed.
    expect(embargoNote(window, null, before)).toBeNull()
    expect(embargoNote(window, true, at("2026-12-01T08:00:00Z"))).toBeNull()
    expect(embargoNote({ expireAt: EXPIRE }, true, before)).toBeNull()
  })
})

describe("the calendar", () => {
  const studies = [
    { slug: "wine", title: "Wine", goLiveAt: GO_LIVE, expireAt: EXPIRE },
    { slug: "watches", title: "Watches", expireAt: "2026-12-01T08:30:00+01:00" },
    { slug: "hotels", title: "Hotels" },
  ]

  it("lists what is to come, and what is due but not on the site yet, earliest first", () => {
    const listed = (clock: string, now: string) =>
      upcomingChanges(studies, stamp(clock, clock), at(now)).map(({ slug, kind }) => `${slug} ${kind}`)
    expect(listed("2026-11-30T20:00:00Z", "2026-11-30T21:00:00Z")).toEqual([
      "watches comes down",
      "wine goes live",
      "wine comes down",
    ])
    // 09:05 in Zurich, the live release built at 08:50, after the watches came down: the wine is due.
    expect(listed("2026-12-01T07:50:00Z", "2026-12-01T08:05:00Z")).toEqual(["wine goes live", "wine comes down"])
    expect(listed("2026-12-01T08:02:00Z", "2026-12-01T08:05:00Z")).toEqual(["wine comes down"])
  })

  it("says which industry card leads to the case list meanwhile, and until when", () => {
    const cards = [
      { title: "Wine & Spirits", caseSlug: "wine" },
      { title: "Watches", caseSlug: "watches" },
      { title: "Hotels", caseSlug: "hotels" },
    ]
    expect(cardNotes(cards, studies, at("2026-12-01T07:45:00Z"))).toEqual([
      "Card 1 (Wine & Spirits) leads to the case list until its study “Wine” goes live, Tue 1 Dec, 09:00 (Zurich).",
      "Card 2 (Watches) leads to the case list: its study “Watches” came down Tue 1 Dec, 08:30.",
    ])
  })
})

/**
 * What the host decides about a pull request's previews (deploy/release/preview-order.ts), as values:
 * whatever order the build server's runs arrive in, late, repeated or crafted, the state they reach is
 * one, and a run that would not change it changes nothing.
 */
import { describe, expect, it } from "vitest"
import { CLOCK_AHEAD_MS, notAhead, pushedOut, refusal, remembered } from "../../../deploy/release/preview-order"
import type { Preview, PreviewRecords } from "../../../deploy/release/root/records"

const NOW = new Date("2026-12-07T10:00:00Z")
const at = (minutes: number) => new Date(NOW.getTime() + minutes * 60_000).toISOString()
const preview = (pull: number, minutes: number, fields: Partial<Preview> = {}): Preview => ({
  pull,
  token: String(pull % 10).repeat(24),
  commit: "c".repeat(40),
  at: at(minutes),
  madeAt: at(minutes),
  bytes: 1000,
  ...fields,
})
const records = (fields: Partial<PreviewRecords> = {}): PreviewRecords => ({
  previews: [],
  closed: {},
  seen: {},
  ...fields,
})

describe("a change of a pull request, as the host decides on it", () => {
  it("is previewed when it is the newest the host knows of, its pull request open", () => {
    expect(refusal(records(), { pull: 7, at: at(-5) })).toBeNull()
    expect(refusal(records({ previews: [preview(7, -10)] }), { pull: 7, at: at(-5) })).toBeNull()
  })

  it("run again (a rerun of the build server's job) is the preview served: nothing changes", () => {
    const served = preview(7, -5)
    expect(refusal(records({ previews: [served] }), { pull: 7, at: at(-5) })).toBe(served)
  })

  it("older than one previewed, served still or pushed out since by the bounds, is refused", () => {
    expect(refusal(records({ previews: [preview(7, -5)] }), { pull: 7, at: at(-6) })).toMatch(
      /^pull request #7 has a preview of a later change \(.+\) than this one/,
    )
    // --keep-previews 1: #8 pushed #7's preview out; a late run of #7's older change must not push #8's out.
    const afterPushOut = records({ previews: [preview(8, -1)], seen: { 7: at(-5), 8: at(-1) } })
    expect(refusal(afterPushOut, { pull: 7, at: at(-6) })).toMatch(/has a preview of a later change/)
    expect(refusal(afterPushOut, { pull: 7, at: at(-5) })).toMatch(
      /^pull request #7's change of .+ was previewed already, and pushed out since by newer previews/,
    )
    expect(refusal(afterPushOut, { pull: 7, at: at(-4) })).toBeNull()
  })

  it("made before its pull request closed is refused; made after it reopened, previewed", () => {
    const closed = records({ closed: { 7: at(-3) }, seen: { 7: at(-5) } })
    expect(refusal(closed, { pull: 7, at: at(-4) })).toMatch(/^pull request #7 was closed at .+, after this change/)
    expect(refusal(closed, { pull: 7, at: at(-3) })).toMatch(/was closed/)
    expect(refusal(closed, { pull: 7, at: at(-2) })).toBeNull()
  })

  it("sent with a time further ahead of the host's clock than the bound is refused, before anything", () => {
    expect(() => notAhead("2099-01-01T00:00:00Z", NOW, "the change")).toThrow(
      /^the change \(2099-01-01T00:00:00Z\) is \d+ minutes ahead of this host's clock \(2026-12-07T10:00:00.000Z\)/,
    )
    expect(() => notAhead(at(CLOCK_AHEAD_MS / 60_000 + 1), NOW, "the close")).toThrow(/^the close/)
    expect(() => notAhead(at(CLOCK_AHEAD_MS / 60_000 - 1), NOW, "the change")).not.toThrow()
    expect(() => notAhead(at(-60 * 24), NOW, "the change")).not.toThrow()
  })
})

describe("what the host keeps", () => {
  it("past the bounds, pushes out the oldest made first, never the new one", () => {
    const others = [preview(1, -30), preview(2, -20), preview(3, -10)]
    expect(pushedOut(others, 1000, 5, 10_000)).toEqual([])
    expect(pushedOut(others, 1000, 1, 10_000).map(({ pull }) => pull)).toEqual([1, 2, 3])
    expect(pushedOut(others, 1000, 3, 10_000).map(({ pull }) => pull)).toEqual([1])
    expect(pushedOut(others, 8500, 5, 10_000).map(({ pull }) => pull)).toEqual([1, 2])
  })

  it("remembers what it was told of a pull request for a week, then forgets it", () => {
    expect(remembered({ 7: at(-60), 8: at(-8 * 24 * 60) }, NOW)).toEqual({ 7: at(-60) })
    expect(remembered(undefined, NOW)).toEqual({})
  })
})

// @vitest-environment jsdom
/**
 * What the top of a form says when GitHub does not answer (cms/app/release-notes.tsx): a server error
 * or a rate limit on any of its questions is said as such, with when it is asked again, never read as
 * an answer (a failed comparison once made the form say a released change was rolled back).
 */
import { render, screen } from "@testing-library/react"
import { afterEach, describe, expect, it, vi } from "vitest"
import { ReleaseStateNote } from "../../cms/app/release-notes"
import { askAgainAt, formatSince } from "../../cms/release-state"
import { EDITORS_TIME_ZONE } from "../../contracts/editors-time"
import { RELEASE_STATE } from "../../cms/shared"
import { RELEASE_STATUS_CONTEXT } from "../../contracts/statuses"

const CHANGE = "a".repeat(40)
const LIVE = "b".repeat(40)
const PATH = "content/case-studies/wine.json"
const CONFIG = {
  backend: { name: "github", repo: "aurelle/site", branch: "main", api_root: "https://api.github.test" },
}
const STAMP = { commit: LIVE, builtAt: "2026-11-27T08:00:00Z", liveSince: "2026-11-27T08:02:00Z" }

type Answer = { status: number; body?: unknown; headers?: Record<string, string> }

/** GitHub and the site as fetch sees them: each question's answer by a piece of its address; `compare`, the live commit's comparison with the change. */
function answering(compare: Answer, others: Record<string, Answer> = {}) {
  const answers: Record<string, Answer> = {
    "/release.json": { status: 200, body: STAMP },
    "/commits?": {
      status: 200,
      body: [{ sha: CHANGE, commit: { message: "Content: wine", committer: { date: "2026-11-27T07:58:00Z" } } }],
    },
    [`/compare/${CHANGE}...${LIVE}`]: compare,
    [`/compare/${CHANGE}...main`]: { status: 200, body: { merge_base_commit: { sha: CHANGE }, commits: [] } },
    "/statuses": {
      status: 200,
      body: [
        {
          state: "success",
          context: RELEASE_STATUS_CONTEXT,
          description: "Live",
          target_url: null,
          created_at: "2026-11-27T08:01:00Z",
        },
      ],
    },
    ...others,
  }
  vi.stubGlobal(
    "fetch",
    vi.fn(async (url: string) => {
      const [, answer] = Object.entries(answers).find(([piece]) => url.includes(piece)) ?? []
      if (!answer) throw new Error(`nothing answers ${url}`)
      return new Response(answer.body === undefined ? "{}" : JSON.stringify(answer.body), {
        status: answer.status,
        headers: answer.headers,
      })
    }),
  )
}

afterEach(() => vi.unstubAllGlobals())

const note = () => screen.findByRole("status", { name: RELEASE_STATE.label })

describe("when GitHub does not answer", () => {
  it("a server error on the comparison is said, with when it is asked again, not read as a rollback", async () => {
    answering({ status: 500 })
    const before = Date.now()
    render(<ReleaseStateNote config={CONFIG} path={PATH} />)
    const said = await note()
    expect(said).toHaveTextContent(RELEASE_STATE.noAnswer)
    expect(said).not.toHaveTextContent(RELEASE_STATE.rolledBack)
    const retryAt = Date.parse(said.querySelector("time")!.getAttribute("datetime")!)
    expect(retryAt - before).toBeGreaterThanOrEqual(9_000)
    expect(retryAt - before).toBeLessThan(12_000)
    expect(said).toHaveTextContent(
      `${RELEASE_STATE.noAnswer} ${formatSince(new Date(retryAt).toISOString(), new Date(), EDITORS_TIME_ZONE)}`,
    )
  })

  it("a rate limit (403, no requests left) is said with the time GitHub names for its reset", async () => {
    const reset = Math.floor(Date.now() / 1000) + 600
    const limited = { status: 403, headers: { "x-ratelimit-remaining": "0", "x-ratelimit-reset": String(reset) } }
    answering({ status: 200, body: { merge_base_commit: { sha: CHANGE }, commits: [] } }, { "/commits?": limited })
    render(<ReleaseStateNote config={CONFIG} path={PATH} />)
    const said = await note()
    expect(said).toHaveTextContent(RELEASE_STATE.noAnswer)
    expect(said.querySelector("time")).toHaveAttribute("datetime", new Date(reset * 1000).toISOString())
  })

  it("while a live commit GitHub does not know (404) still means the live site lacks the change", async () => {
    answering({ status: 404, body: { message: "Not Found" } })
    render(<ReleaseStateNote config={CONFIG} path={PATH} />)
    expect(await note()).toHaveTextContent(RELEASE_STATE.rolledBack)
  })
})

describe("a publish held for the calendar", () => {
  const statuses = (...list: Array<{ state: string; description: string; created_at: string }>) => ({
    status: 200,
    body: list.map((entry) => ({ ...entry, context: RELEASE_STATUS_CONTEXT, target_url: null })),
  })
  const HELD = {
    state: "pending",
    description: "Held for the calendar: a study came down after it was built; the calendar builds it again now",
    created_at: "2026-11-27T08:00:40Z",
  }

  it("says it is held since then, and that the build server builds it again with nothing to do", async () => {
    answering({ status: 404, body: { message: "Not Found" } }, { "/statuses": statuses(HELD) })
    render(<ReleaseStateNote config={CONFIG} path={PATH} />)
    const said = await note()
    expect(said).toHaveTextContent(
      `${RELEASE_STATE.held} ${formatSince(HELD.created_at, new Date(), EDITORS_TIME_ZONE)}`,
    )
    expect(said).toHaveTextContent(RELEASE_STATE.heldNext)
    expect(said).not.toHaveTextContent(RELEASE_STATE.refused)
  })

  it("once rebuilt and live, says when it was rebuilt and since when it is live", async () => {
    const rebuiltAt = "2026-11-27T08:01:20.000Z"
    const live = {
      state: "success",
      description: `Live since ${STAMP.liveSince} (held for the calendar, rebuilt at ${rebuiltAt})`,
      created_at: "2026-11-27T08:02:01Z",
    }
    answering(
      { status: 200, body: { merge_base_commit: { sha: CHANGE }, commits: [] } },
      { "/statuses": statuses(live, HELD) },
    )
    render(<ReleaseStateNote config={CONFIG} path={PATH} />)
    const said = await note()
    const at = (iso: string) => formatSince(iso, new Date(), EDITORS_TIME_ZONE)
    expect(said).toHaveTextContent(
      `${RELEASE_STATE.rebuiltAt} ${at(rebuiltAt)}, ${RELEASE_STATE.live.toLowerCase()} ${at(STAMP.liveSince)}`,
    )
  })
})

describe("which answers mean GitHub could not answer now", () => {
  const headers = (entries: Record<string, string>) => new Headers(entries)
  const now = Date.parse("2026-11-27T08:00:00Z")
  it("server errors and rate limits, at the time they name or in ten seconds", () => {
    expect(askAgainAt(502, headers({}), now)?.toISOString()).toBe("2026-11-27T08:00:10.000Z")
    expect(askAgainAt(429, headers({ "retry-after": "60" }), now)?.toISOString()).toBe("2026-11-27T08:01:00.000Z")
    const reset = String(now / 1000 + 300)
    expect(
      askAgainAt(403, headers({ "x-ratelimit-remaining": "0", "x-ratelimit-reset": reset }), now)?.toISOString(),
    ).toBe("2026-11-27T08:05:00.000Z")
  })

  it("not a refusal: an unknown commit, a token refused, an account without access", () => {
    expect(askAgainAt(404, headers({}), now)).toBeNull()
    expect(askAgainAt(401, headers({}), now)).toBeNull()
    expect(askAgainAt(403, headers({ "x-ratelimit-remaining": "4999" }), now)).toBeNull()
  })
})

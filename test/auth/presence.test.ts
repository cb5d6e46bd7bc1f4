/**
 * Who has an entry open (deploy/auth/presence.ts), on values and a clock passed in: each form is
 * told the others on its entry, since when, until a minute of silence; only editors GitHub says may
 * write to the repository read or write the board, each known by her token once per ten minutes;
 * what a request carries is read at the edge and refused in words; the memory stays bounded.
 */
import http from "node:http"
import type { AddressInfo } from "node:net"
import { afterEach, describe, expect, it, vi } from "vitest"
import {
  PRESENCE_LIFETIME_MS,
  PresenceBoard,
  githubIdentity,
  handlePresence,
  noBoard,
  readPresenceRequest,
} from "../../deploy/auth/presence"
import { authService } from "../../deploy/auth/node-service"
import { PRESENCE_PATH } from "../../contracts/sign-in"
import { PRESENCE } from "../../cms/shared"
import { othersIn } from "../../cms/app/presence-note"

const ALINE = { login: "aline", name: "Aline Editor" }
const CAMILLE = { login: "camille", name: "Camille Editor" }
const WINE = "aurelle/site content/case-studies/wine.json"
const T0 = Date.parse("2026-12-07T13:02:00Z")

describe("the board of forms open", () => {
  it("tells each editor the others on her entry, since they first said so, not herself nor another entry's", () => {
    const board = new PresenceBoard()
    expect(board.say(ALINE, WINE, true, T0)).toEqual([])
    expect(board.say(CAMILLE, "aurelle/site content/case-studies/hotels.json", true, T0)).toEqual([])
    expect(board.say(CAMILLE, WINE, true, T0 + 5_000)).toEqual([
      { name: "Aline Editor", since: "2026-12-07T13:02:00.000Z" },
    ])
    // Said again 20 s later: still since her first word.
    expect(board.say(ALINE, WINE, true, T0 + 20_000)).toEqual([
      { name: "Camille Editor", since: "2026-12-07T13:02:05.000Z" },
    ])
    expect(
      PRESENCE.openToo(othersIn({ others: board.say(CAMILLE, WINE, true, T0 + 21_000) }), new Date(T0 + 21_000)),
    ).toBe(
      "Aline Editor (since Mon 7 Dec, 14:02) has this entry open too. Whoever saves second is shown the other's changes first; nothing is overwritten.",
    )
  })

  it("forgets a form closed at once, and one silent for a minute, and keeps what was said last when full", () => {
    const board = new PresenceBoard()
    board.say(ALINE, WINE, true, T0)
    board.say(ALINE, WINE, false, T0 + 1_000)
    expect(board.say(CAMILLE, WINE, true, T0 + 2_000)).toEqual([])
    board.say(ALINE, WINE, true, T0 + 3_000)
    expect(board.say(CAMILLE, WINE, true, T0 + 3_000 + PRESENCE_LIFETIME_MS)).toHaveLength(1)
    expect(board.say(CAMILLE, WINE, true, T0 + 3_001 + PRESENCE_LIFETIME_MS)).toEqual([])
    const full = new PresenceBoard()
    for (let index = 0; index < 501; index += 1)
      full.say({ login: `editor-${index}`, name: `E${index}` }, WINE, true, T0)
    const others = full.say(CAMILLE, WINE, true, T0)
    expect(others).toHaveLength(499)
    expect(others.map(({ name }) => name)).not.toContain("E0")
  })
})

describe("who an editor is", () => {
  const answers = (user: number, repository: number, push = true) =>
    vi.fn(async (url: string | URL | Request) =>
      String(url).endsWith("/user")
        ? new Response(JSON.stringify({ login: "aline", name: "Aline Editor" }), { status: user })
        : new Response(JSON.stringify({ permissions: { push } }), { status: repository }),
    )

  it("is the account GitHub names for her token, with write access, asked once per ten minutes", async () => {
    const ask = answers(200, 200)
    const identify = githubIdentity("https://api.test", ask as typeof fetch)
    expect(await identify("token-1", "aurelle/site", T0)).toEqual(ALINE)
    expect(await identify("token-1", "aurelle/site", T0 + 9 * 60_000)).toEqual(ALINE)
    expect(ask).toHaveBeenCalledTimes(2)
    expect(ask.mock.calls.map(([url]) => String(url))).toEqual([
      "https://api.test/user",
      "https://api.test/repos/aurelle/site",
    ])
    await identify("token-1", "aurelle/site", T0 + 11 * 60_000)
    expect(ask).toHaveBeenCalledTimes(4)
  })

  it("is not told while GitHub limits the service, nor while eight questions are under way", async () => {
    const limited = vi.fn(async () => new Response("{}", { status: 403, headers: { "x-ratelimit-remaining": "0" } }))
    const identify = githubIdentity("https://api.test", limited as typeof fetch)
    await expect(identify("t", "a/b", T0)).rejects.toThrow("GitHub answered 403")
    await expect(identify("t", "a/b", T0 + 1)).rejects.toThrow()
    expect(limited).toHaveBeenCalledTimes(4)
    let release = () => {}
    const held = new Promise<void>((done) => (release = done))
    const slow = vi.fn(async () => {
      await held
      return new Response(JSON.stringify({ login: "aline", permissions: { push: true } }))
    })
    const busy = githubIdentity("https://api.test", slow as typeof fetch)
    const waiting = Array.from({ length: 8 }, (_, index) => busy(`token-${index}`, "a/b", T0))
    await expect(busy("token-9", "a/b", T0)).rejects.toThrow("too many editors")
    release()
    expect((await Promise.all(waiting)).every((editor) => editor?.login === "aline")).toBe(true)
  })

  it("is nobody without write access or for a token GitHub refuses; GitHub not answering is asked again", async () => {
    expect(
      await githubIdentity("https://api.test", answers(200, 200, false) as typeof fetch)("t", "a/b", T0),
    ).toBeNull()
    expect(await githubIdentity("https://api.test", answers(401, 404) as typeof fetch)("t", "a/b", T0)).toBeNull()
    const down = answers(502, 200)
    const identify = githubIdentity("https://api.test", down as typeof fetch)
    await expect(identify("t", "a/b", T0)).rejects.toThrow("GitHub answered 502")
    await expect(identify("t", "a/b", T0 + 1)).rejects.toThrow()
    expect(down).toHaveBeenCalledTimes(4)
  })
})

describe("a presence request", () => {
  const post = (body: unknown, authorization = "token abc") =>
    new Request(`https://www.example.ch${PRESENCE_PATH}`, {
      method: "POST",
      headers: { Authorization: authorization, "Content-Type": "application/json" },
      body: typeof body === "string" ? body : JSON.stringify(body),
    })
  const asked = { repo: "aurelle/site", entry: "content/case-studies/wine.json", open: true }

  it("is read into a repository, a content file and open or closed, or refused in words", () => {
    expect(readPresenceRequest(asked)).toEqual(asked)
    expect(readPresenceRequest([1])).toBe("the presence request is no JSON object")
    expect(readPresenceRequest({ ...asked, repo: "aurelle" })).toMatch(/names no repository/)
    expect(readPresenceRequest({ ...asked, entry: "content/../../etc/passwd.json" })).toMatch(/names no entry/)
    expect(readPresenceRequest({ ...asked, entry: "/etc/passwd" })).toMatch(/names no entry/)
    expect(readPresenceRequest({ ...asked, open: "yes" })).toMatch(/neither open nor closed/)
  })

  it("is answered for an editor GitHub knows, refused to anyone else, put off while GitHub is silent, never cached", async () => {
    const board = new PresenceBoard()
    board.say(CAMILLE, WINE, true, T0)
    const identify = vi.fn(async (token: string) => (token === "abc" ? ALINE : null))
    const ok = await handlePresence(post(asked), board, identify, T0 + 1_000)
    expect(ok.status).toBe(200)
    expect(ok.headers.get("Cache-Control")).toBe("no-store")
    expect(await ok.json()).toEqual({ others: [{ name: "Camille Editor", since: "2026-12-07T13:02:00.000Z" }] })
    expect((await handlePresence(post(asked, "token other"), board, identify, T0)).status).toBe(403)
    expect((await handlePresence(post(asked, ""), board, identify, T0)).status).toBe(401)
    expect((await handlePresence(post("{ not json"), board, identify, T0)).status).toBe(400)
    // A service built for one repository refuses another before asking GitHub.
    const other = await handlePresence(post({ ...asked, repo: "someone/else" }), board, identify, T0, "aurelle/site")
    expect([other.status, await other.json()]).toEqual([400, { error: "this board is aurelle/site's" }])
    expect(identify).not.toHaveBeenCalledWith("abc", "someone/else", T0)
    const get = new Request(`https://www.example.ch${PRESENCE_PATH}`)
    expect((await handlePresence(get, board, identify, T0)).status).toBe(405)
    const failing = vi.fn(async () => Promise.reject(new Error("GitHub answered 502")))
    expect((await handlePresence(post(asked), board, failing, T0)).status).toBe(503)
  })

  it("on a host that keeps nothing between requests, is told there is no board", async () => {
    const none = await noBoard(post(asked))
    expect([none.status, await none.json()]).toEqual([200, { others: [], kept: false }])
    expect((await noBoard(new Request(`https://www.example.ch${PRESENCE_PATH}`))).status).toBe(405)
  })
})

describe("the Node service", () => {
  let server: http.Server | undefined
  afterEach(() => new Promise<void>((done) => (server ? server.close(() => done()) : done())))

  it("answers presence beside the sign-in, reading the body it is sent, and refuses one past a few kilobytes", async () => {
    const github = http.createServer((request, response) => {
      response.setHeader("Content-Type", "application/json")
      response.end(
        JSON.stringify(
          request.url === "/user" ? { login: "aline", name: "Aline Editor" } : { permissions: { push: true } },
        ),
      )
    })
    await new Promise<void>((done) => github.listen(0, "127.0.0.1", done))
    const apiUrl = `http://127.0.0.1:${(github.address() as AddressInfo).port}`
    server = authService({ GITHUB_API_URL: apiUrl }, () => T0)
    await new Promise<void>((done) => server!.listen(0, "127.0.0.1", done))
    const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
    const say = (body: string) =>
      fetch(`${origin}${PRESENCE_PATH}`, { method: "POST", headers: { Authorization: "token abc" }, body })
    const answer = await say(
      JSON.stringify({ repo: "aurelle/site", entry: "content/case-studies/wine.json", open: true }),
    )
    expect([answer.status, await answer.json()]).toEqual([200, { others: [] }])
    expect((await say("x".repeat(5_000))).status).toBe(413)
    expect((await fetch(`${origin}/api/auth/elsewhere`)).status).toBe(404)
    await new Promise<void>((done) => github.close(() => done()))
  })
})

/**
 * Who has an entry open in the CMS, for each form to say so ("Aline Editor has this entry open too,
 * since 14:02"): the courtesy beside the guarantee, a save built on a version another editor replaced
 * being refused (cms/app/entry-versions.ts). The Node sign-in service (node-service.ts) keeps it in
 * memory only, a minute after a form last said it was open; nothing is written or logged. An editor
 * is the GitHub account her token signs in as, with write access to the repository the entry is in,
 * asked of GitHub once per token and repository every ten minutes (so nobody else reads or writes the
 * board). A Pages Function keeps no memory between requests: there the answer says there is no
 * board (`kept: false`, functions/api/auth/presence.ts), and the form stops asking.
 *
 * POST /api/auth/presence   Authorization: token <the editor's GitHub token>
 *   {"repo": "owner/name", "entry": "content/case-studies/wine.json", "open": true}
 *   200 {"others": [{"name": "Aline Editor", "since": "2026-12-07T13:02:00.000Z"}]}
 */
import { isRecord } from "../../contracts/json"

/** A form says it is open every 20 s (cms/app/presence-note.tsx); one silent for a minute has gone. */
export const PRESENCE_LIFETIME_MS = 60_000
/** How long GitHub's word on a token stands. */
const IDENTITY_LIFETIME_MS = 10 * 60_000
/** The forms kept at most, and the tokens' identities: a flood of accounts cannot grow the memory. */
const KEPT = 500
/** Questions to GitHub under way at once, at most; and how long one may take. */
const IN_FLIGHT = 8
const ASK_TIMEOUT_MS = 5_000

export interface Editor {
  login: string
  name: string
}

export interface OtherEditor {
  name: string
  since: string
}

interface Open extends Editor {
  place: string
  since: number
  seen: number
}

/** The forms open now, by editor and entry (a repository's entry: "owner/name content/…"). */
export class PresenceBoard {
  private readonly open = new Map<string, Open>()

  /**
   * `editor` says, at `now`, that her form of `place` is open (or closed): the others with it open
   * are the answer, each since the time her form first said so.
   */
  say(editor: Editor, place: string, isOpen: boolean, now: number): OtherEditor[] {
    for (const [key, form] of this.open) if (now - form.seen > PRESENCE_LIFETIME_MS) this.open.delete(key)
    const key = `${editor.login}\n${place}`
    const before = this.open.get(key)
    this.open.delete(key)
    if (isOpen) this.open.set(key, { ...editor, place, since: before?.since ?? now, seen: now })
    // The map keeps the order forms last spoke in: the first is the one silent longest.
    if (this.open.size > KEPT) this.open.delete(this.open.keys().next().value!)
    return [...this.open.values()]
      .filter((form) => form.place === place && form.login !== editor.login)
      .map(({ name, since }) => ({ name, since: new Date(since).toISOString() }))
  }
}

/** Tells who a token signs in as, if she may write to the repository; null if not. */
export type Identify = (token: string, repo: string, now: number) => Promise<Editor | null>

/** Asks GitHub's API (`apiUrl`) who the token is and whether it may write to the repository, once per ten minutes. */
export function githubIdentity(apiUrl: string, ask: typeof fetch = fetch): Identify {
  const known = new Map<string, { editor: Editor | null; until: number }>()
  let asking = 0
  return async (token, repo, now) => {
    const digest = await crypto.subtle.digest("SHA-256", new TextEncoder().encode(`${token}\n${repo}`))
    const key = Array.from(new Uint8Array(digest), (byte) => byte.toString(16).padStart(2, "0")).join("")
    const kept = known.get(key)
    if (kept && kept.until > now) return kept.editor
    // A few questions to GitHub at once, each given 5 s: a flood of strangers' tokens waits its turn, refused.
    if (asking >= IN_FLIGHT) throw new Error("too many editors are being asked about at once")
    const headers = { Authorization: `token ${token}`, Accept: "application/vnd.github+json" }
    const signal = AbortSignal.timeout(ASK_TIMEOUT_MS)
    // A refusal (401, 403, 404) is GitHub's word, kept; no answer (a 5xx, a rate limit) is none, asked again next time.
    const read = (response: Response) => {
      if (response.ok) return response.json() as Promise<unknown>
      const limited = response.headers.get("x-ratelimit-remaining") === "0" || response.headers.has("retry-after")
      if (response.status >= 500 || response.status === 429 || limited)
        throw new Error(`GitHub answered ${response.status}`)
      return null
    }
    asking += 1
    const [user, repository] = await Promise.all([
      ask(`${apiUrl}/user`, { headers, signal }).then(read),
      ask(`${apiUrl}/repos/${repo}`, { headers, signal }).then(read),
    ]).finally(() => (asking -= 1))
    const login = isRecord(user) && typeof user.login === "string" ? user.login : null
    const name = isRecord(user) && typeof user.name === "string" && user.name ? user.name : login
    const push = isRecord(repository) && isRecord(repository.permissions) && repository.permissions.push === true
    const editor = login && name && push ? { login, name } : null
    known.delete(key)
    known.set(key, { editor, until: now + IDENTITY_LIFETIME_MS })
    if (known.size > KEPT) known.delete(known.keys().next().value!)
    return editor
  }
}

const REPO = /^[A-Za-z0-9_.-]{1,100}\/[A-Za-z0-9_.-]{1,100}$/
const ENTRY = /^content\/[A-Za-z0-9_./-]{1,250}\.json$/

/** What a form sends, read into the board's terms; the words of the refusal otherwise. */
export function readPresenceRequest(body: unknown): { repo: string; entry: string; open: boolean } | string {
  if (!isRecord(body)) return "the presence request is no JSON object"
  const { repo, entry, open } = body
  if (typeof repo !== "string" || !REPO.test(repo)) return "the presence request names no repository (owner/name)"
  if (typeof entry !== "string" || !ENTRY.test(entry) || entry.includes(".."))
    return "the presence request names no entry (a content file's path)"
  if (typeof open !== "boolean") return "the presence request says neither open nor closed"
  return { repo, entry, open }
}

const answer = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), {
    status,
    headers: { "Content-Type": "application/json; charset=utf-8", "Cache-Control": "no-store" },
  })

/**
 * Answers POST /api/auth/presence: who else has the entry open, once the editor is known. A service
 * built for one repository (`repository`) refuses any other before asking GitHub anything.
 */
export async function handlePresence(
  request: Request,
  board: PresenceBoard,
  identify: Identify,
  now: number,
  repository?: string,
): Promise<Response> {
  if (request.method !== "POST") return answer(405, { error: "POST only" })
  const token = /^(?:token|Bearer) (\S{1,200})$/.exec(request.headers.get("Authorization") ?? "")?.[1]
  if (!token) return answer(401, { error: "no GitHub token in the Authorization header" })
  const asked = readPresenceRequest(await request.json().catch(() => null))
  if (typeof asked === "string") return answer(400, { error: asked })
  if (repository && asked.repo !== repository) return answer(400, { error: `this board is ${repository}'s` })
  let editor: Editor | null
  try {
    editor = await identify(token, asked.repo, now)
  } catch {
    return answer(503, { error: "GitHub did not say who this token is; ask again later" })
  }
  if (!editor) return answer(403, { error: `this token may not write to ${asked.repo}` })
  return answer(200, { others: board.say(editor, `${asked.repo} ${asked.entry}`, asked.open, now) })
}

/** The answer of a host that keeps nothing between requests (a Pages Function): no board, so the form stops asking. */
export const noBoard = async (request: Request): Promise<Response> =>
  request.method === "POST" ? answer(200, { others: [], kept: false }) : answer(405, { error: "POST only" })

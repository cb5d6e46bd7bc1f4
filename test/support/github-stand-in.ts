/**
 * A stand-in for GitHub that the CMS tests start themselves, so signing in, editing, reviewing and
 * publishing are tested without the internet: the OAuth pages and token exchange the sign-in handler
 * (deploy/auth/github-oauth.ts) talks to, and the REST API that Decap's github backend uses, over a real git
 * repository in a temporary folder (so a published change can be read back from `main` with git).
 * Only what Decap's backend asks for is answered; anything else is a 404 that `unhandled` lists.
 */
import { execFileSync } from "node:child_process"
import crypto from "node:crypto"
import fs from "node:fs"
import http from "node:http"
import os from "node:os"
import path from "node:path"

export interface StandInOptions {
  /** Folders of the project copied into the repository's first commit (e.g. "content"). */
  seed: { from: string; folders: string[] }
  clientId: string
  clientSecret: string
  owner: string
  name: string
  /** The signed-in account's login. */
  login: string
  /** Whether that account may write to the repository (GitHub's `permissions.push`). */
  canPush?: boolean
}

export interface GitHubStandIn {
  /** Its web origin: the sign-in pages and the token exchange (the handler's GITHUB_URL). */
  url: string
  /** Where its REST API answers (what https://api.github.com is routed to). */
  apiUrl: string
  /** git, run in the repository. */
  git(...args: string[]): string
  /** A file's bytes at a branch or commit (a photo, which `git show` as text would mangle). */
  fileBytes(ref: string, file: string): Buffer
  /** Requests it had no answer for ("GET /repos/..."): a test expects none. */
  unhandled: string[]
  /** Pull requests, as GitHub would list them. */
  pulls(): PullRequest[]
  /**
   * The account the sign-ins from now on are of (the consent page names it): another editor, whose
   * saves are commits in their name. The first is `login`, Camille Editor.
   */
  signInAs(login: string, name: string): void
  /** Gives or takes the signed-in account's write access (the repository's collaborator role). */
  setCanPush(canPush: boolean): void
  /** Makes the repository public or private (GitHub's `private`, in its answer about the repository). */
  setPublic(isPublic: boolean): void
  /** A token with write access, as GitHub Actions gives a workflow (GITHUB_TOKEN). */
  issueToken(): string
  /**
   * GitHub not answering: each API request whose path (after /api) matches `route` is answered with
   * `status` and `headers` (a 500, a rate limit's 403 with its reset) until cleared with null.
   */
  setOutage(outage: Outage | null): void
  /** A commit on main that writes `text` into `file`, or deletes it (null), as a publish that reached main would; returns its sha. */
  commitToMain(file: string, text: string | null, message: string): string
  close(): Promise<void>
}

export interface Outage {
  route: RegExp
  status: number
  headers?: Record<string, string>
  message: string
}

interface PullRequest {
  number: number
  title: string
  body: string
  state: "open" | "closed"
  head: { ref: string; sha: string; label: string; repo: { fork: boolean; full_name: string } }
  base: { ref: string; sha: string }
  labels: Array<{ name: string }>
  user: { login: string }
  created_at: string
  updated_at: string
  merged_at: string | null
}

interface CommitStatus {
  id: number
  state: "pending" | "success" | "failure" | "error"
  context: string
  description: string | null
  target_url: string | null
  created_at: string
  updated_at: string
}

class HttpError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message)
  }
}

export async function startGitHubStandIn(options: StandInOptions): Promise<GitHubStandIn> {
  const directory = fs.mkdtempSync(path.join(os.tmpdir(), "github-stand-in-"))
  const git = (args: string[], input?: Buffer | string, env: Record<string, string> = {}) =>
    execFileSync("git", args, {
      cwd: directory,
      input,
      env: { ...process.env, GIT_CONFIG_NOSYSTEM: "1", HOME: directory, ...env },
      maxBuffer: 64 * 1024 * 1024,
    })
  const text = (...args: string[]) => git(args).toString().trim()

  git(["init", "-q", "-b", "main"])
  for (const folder of options.seed.folders) {
    fs.cpSync(path.join(options.seed.from, folder), path.join(directory, folder), { recursive: true })
  }
  git(["add", "-A"])
  git(["-c", "user.name=Aurelle", "-c", "user.email=site@example.ch", "commit", "-q", "-m", "Content as shipped"])

  const fullName = `${options.owner}/${options.name}`
  let canPush = Boolean(options.canPush)
  // Private, as an agency's repository should be; a test makes it public.
  let isPublic = false
  type Account = { login: string; id: number; name: string; email: string; avatar_url: string }
  const first: Account = {
    login: options.login,
    id: 1,
    name: "Camille Editor",
    email: "camille@example.ch",
    avatar_url: "",
  }
  let signingIn = first
  /** Each sign-in's code: where it returns, and whose it is. */
  const codes = new Map<string, { redirect: string; account: Account }>()
  /** Each token's account. */
  const tokens = new Map<string, Account>()
  const pulls: PullRequest[] = []
  const unhandled: string[] = []
  /** Commit statuses by commit, oldest first (the build server's checks and previews). */
  const statuses = new Map<string, CommitStatus[]>()
  /** Tokens a workflow holds: write access to the repository, whoever the signed-in editor is. */
  const workflowTokens = new Set<string>()
  let statusIds = 0
  let outage: Outage | null = null

  const exists = (ref: string) => {
    try {
      git(["rev-parse", "--verify", "--quiet", ref])
      return true
    } catch {
      return false
    }
  }
  const resolve = (ref: string) => {
    if (!exists(`${ref}^{}`)) throw new HttpError(404, "Not Found")
    return text("rev-parse", `${ref}^{}`)
  }
  /** "owner:branch" (Decap's head reference) or a branch or a sha. */
  const resolveHead = (head: string) => resolve(head.includes(":") ? head.slice(head.indexOf(":") + 1) : head)

  function commitOf(sha: string) {
    const [tree, parents, authorName, authorEmail, authorDate, committerName, committerEmail, committerDate, message] =
      git(["show", "-s", "--format=%T%x00%P%x00%an%x00%ae%x00%aI%x00%cn%x00%ce%x00%cI%x00%B", sha])
        .toString()
        .split("\0")
    return {
      sha,
      parents: parents ? parents.split(" ").map((parent) => ({ sha: parent })) : [],
      commit: {
        message: message.trim(),
        tree: { sha: tree },
        author: { name: authorName, email: authorEmail, date: authorDate },
        committer: { name: committerName, email: committerEmail, date: committerDate },
      },
    }
  }

  const pullHead = (pull: PullRequest) => {
    if (pull.state === "open" && exists(`refs/heads/${pull.head.ref}`)) pull.head.sha = resolve(pull.head.ref)
    return pull
  }

  function treeEntries(treeish: string, recursive: boolean) {
    const listing = git(["ls-tree", "-l", ...(recursive ? ["-r", "-t"] : []), "-z", treeish]).toString()
    return listing
      .split("\0")
      .filter(Boolean)
      .map((line) => {
        const [meta, entryPath] = line.split("\t")
        const [mode, type, sha, size] = meta.split(/\s+/)
        return { path: entryPath, mode, type, sha, ...(type === "blob" ? { size: Number(size) } : {}) }
      })
  }

  function compare(baseRef: string, headRef: string) {
    const base = resolveHead(baseRef)
    const head = resolveHead(headRef)
    const mergeBase = text("merge-base", base, head)
    const commits = text("rev-list", "--reverse", `${mergeBase}..${head}`).split("\n").filter(Boolean).map(commitOf)
    const raw = git(["diff", "--raw", "--no-abbrev", "-z", "--no-renames", mergeBase, head])
      .toString()
      .split("\0")
      .filter(Boolean)
    const files = []
    for (let index = 0; index < raw.length; index += 2) {
      const [, , , newSha, status] = raw[index].split(" ")
      const filename = raw[index + 1]
      const numstat = text("diff", "--numstat", mergeBase, head, "--", filename)
      const binary = numstat.startsWith("-\t-\t")
      files.push({
        filename,
        status: status === "A" ? "added" : status === "D" ? "removed" : "modified",
        sha: status === "D" ? null : newSha,
        ...(binary ? {} : { patch: text("diff", mergeBase, head, "--", filename) }),
      })
    }
    return { base_commit: commitOf(base), merge_base_commit: commitOf(mergeBase), commits, files }
  }

  function createTree(body: { base_tree?: string; tree: Array<{ path: string; mode: string; sha: string | null }> }) {
    const index = path.join(directory, ".git", `index-${crypto.randomUUID()}`)
    const env = { GIT_INDEX_FILE: index }
    try {
      if (body.base_tree) git(["read-tree", body.base_tree], undefined, env)
      else git(["read-tree", "--empty"], undefined, env)
      for (const entry of body.tree) {
        if (entry.sha === null) git(["update-index", "--force-remove", entry.path], undefined, env)
        else git(["update-index", "--add", "--cacheinfo", `${entry.mode},${entry.sha},${entry.path}`], undefined, env)
      }
      const sha = git(["write-tree"], undefined, env).toString().trim()
      return { sha, tree: treeEntries(sha, false) }
    } finally {
      fs.rmSync(index, { force: true })
    }
  }

  function createCommit(
    body: { message: string; tree: string; parents: string[]; author?: { name: string; email: string; date?: string } },
    user: Account = first,
  ) {
    // Without an author, GitHub writes the commit in the name of the token's account.
    const author = body.author ?? { name: user.name, email: user.email }
    const sha = git(
      ["commit-tree", body.tree, ...body.parents.flatMap((parent) => ["-p", parent]), "-F", "-"],
      body.message,
      {
        GIT_AUTHOR_NAME: author.name,
        GIT_AUTHOR_EMAIL: author.email,
        ...(author.date ? { GIT_AUTHOR_DATE: author.date } : {}),
        GIT_COMMITTER_NAME: user.name,
        GIT_COMMITTER_EMAIL: user.email,
      },
    )
      .toString()
      .trim()
    const commit = commitOf(sha)
    return { sha, ...commit.commit, parents: commit.parents }
  }

  function merge(pull: PullRequest, message: string) {
    if (!canPush) throw new HttpError(403, "Must have admin rights to Repository.")
    if (pull.state !== "open") throw new HttpError(405, "Pull Request is not mergeable")
    const base = resolve(pull.base.ref)
    const head = resolve(pull.head.ref)
    let tree: string
    try {
      tree = text("merge-tree", "--write-tree", base, head)
    } catch {
      throw new HttpError(405, "Pull Request is not mergeable")
    }
    const merged = createCommit({ message, tree, parents: [base, head] })
    git(["update-ref", `refs/heads/${pull.base.ref}`, merged.sha, base])
    Object.assign(pull, { state: "closed", merged_at: new Date().toISOString(), updated_at: new Date().toISOString() })
    return { sha: merged.sha, merged: true, message: "Pull Request successfully merged" }
  }

  /** The REST API, under /api (what https://api.github.com is routed to). */
  function api(method: string, url: URL, body: Record<string, unknown>, token: string | undefined): unknown {
    const user = token ? tokens.get(token) : undefined
    if (!token || !user) throw new HttpError(401, "Bad credentials")
    const route = url.pathname.replace(/^\/api/, "")
    if (method === "GET" && route === "/user") return user
    if (method === "GET" && route.startsWith("/users/")) return user
    if (method === "GET" && route === "/search/issues") return { total_count: 0, incomplete_results: false, items: [] }
    const repoPrefix = `/repos/${fullName}`
    if (!route.startsWith(repoPrefix)) throw new HttpError(404, "Not Found")
    const rest = route.slice(repoPrefix.length)
    const match = (pattern: RegExp) => pattern.exec(rest)
    let found: RegExpExecArray | null

    if (method === "GET" && rest === "") {
      return {
        name: options.name,
        full_name: fullName,
        owner: { login: options.owner },
        default_branch: "main",
        fork: false,
        private: !isPublic,
        visibility: isPublic ? "public" : "private",
        permissions: { admin: false, maintain: false, push: canPush, triage: true, pull: true },
      }
    }
    if (method === "GET" && (found = match(/^\/branches\/(.+)$/))) {
      const name = decodeURIComponent(found[1])
      if (!exists(`refs/heads/${name}`)) throw new HttpError(404, "Branch not found")
      const commit = commitOf(resolve(`refs/heads/${name}`))
      return { name, commit: { ...commit, commit: commit.commit } }
    }
    if (method === "GET" && (found = match(/^\/git\/trees\/(.+)$/))) {
      // A sha, a branch, or "branch:folder" (whose path would swallow a ^{tree} suffix).
      const treeish = decodeURIComponent(found[1])
      if (!exists(treeish)) throw new HttpError(404, "Not Found")
      const object = text("rev-parse", treeish)
      const sha = text("cat-file", "-t", object) === "tree" ? object : text("rev-parse", `${object}^{tree}`)
      return { sha, tree: treeEntries(sha, url.searchParams.get("recursive") === "1"), truncated: false }
    }
    if (method === "GET" && (found = match(/^\/git\/blobs\/([0-9a-f]{40})$/))) {
      const content = git(["cat-file", "blob", found[1]])
      return { sha: found[1], size: content.length, encoding: "base64", content: content.toString("base64") }
    }
    if (method === "POST" && rest === "/git/blobs") {
      const content = Buffer.from(String(body.content), body.encoding === "base64" ? "base64" : "utf8")
      return { sha: git(["hash-object", "-w", "--stdin"], content).toString().trim() }
    }
    if (method === "POST" && rest === "/git/trees") return createTree(body as never)
    if (method === "POST" && rest === "/git/commits") return createCommit(body as never, user)
    if (method === "GET" && (found = match(/^\/contents\/(.+)$/))) {
      const file = decodeURIComponent(found[1])
      const at = resolveHead(url.searchParams.get("ref") ?? "main")
      if (!exists(`${at}:${file}`)) throw new HttpError(404, "Not Found")
      const content = git(["cat-file", "blob", `${at}:${file}`])
      const sha = text("rev-parse", `${at}:${file}`)
      return {
        type: "file",
        path: file,
        sha,
        size: content.length,
        encoding: "base64",
        content: content.toString("base64"),
      }
    }
    if (method === "GET" && (found = match(/^\/git\/(?:matching-)?refs\/(.+)$/))) {
      const ref = `refs/${decodeURIComponent(found[1])}`
      if (!exists(ref)) throw new HttpError(404, "Not Found")
      return { ref, object: { sha: resolve(ref), type: "commit" } }
    }
    if (method === "POST" && rest === "/git/refs") {
      const { ref, sha } = body as { ref: string; sha: string }
      if (exists(ref)) throw new HttpError(422, "Reference already exists")
      git(["update-ref", ref, sha])
      return { ref, object: { sha, type: "commit" } }
    }
    if ((method === "PATCH" || method === "DELETE") && (found = match(/^\/git\/refs\/(.+)$/))) {
      const ref = `refs/${decodeURIComponent(found[1])}`
      if (!exists(ref)) throw new HttpError(422, "Reference does not exist")
      if (method === "DELETE") {
        git(["update-ref", "-d", ref])
        return undefined
      }
      const { sha, force } = body as { sha: string; force?: boolean }
      if (!canPush && !workflowTokens.has(token)) throw new HttpError(403, "Resource not accessible by integration")
      if (!force && !exists(sha)) throw new HttpError(422, "Object does not exist")
      if (!force) {
        try {
          git(["merge-base", "--is-ancestor", resolve(ref), sha])
        } catch {
          throw new HttpError(422, "Update is not a fast forward")
        }
      }
      git(["update-ref", ref, sha])
      return { ref, object: { sha, type: "commit" } }
    }
    if (method === "GET" && rest === "/commits") {
      const ref = url.searchParams.get("sha") ?? "main"
      const file = url.searchParams.get("path")
      const shas = text("rev-list", "--max-count=30", resolveHead(ref), ...(file ? ["--", file] : []))
      return shas.split("\n").filter(Boolean).map(commitOf)
    }
    if (method === "POST" && (found = match(/^\/statuses\/([0-9a-f]{40})$/))) {
      if (!canPush && !workflowTokens.has(token)) throw new HttpError(403, "Resource not accessible by integration")
      const sha = resolve(found[1])
      if (!["pending", "success", "failure", "error"].includes(String(body.state)))
        throw new HttpError(422, "Validation Failed: state")
      const now = new Date().toISOString()
      const status: CommitStatus = {
        id: ++statusIds,
        state: body.state as CommitStatus["state"],
        context: String(body.context ?? "default"),
        description: body.description === undefined ? null : String(body.description),
        target_url: body.target_url === undefined ? null : String(body.target_url),
        created_at: now,
        updated_at: now,
      }
      statuses.set(sha, [...(statuses.get(sha) ?? []), status])
      return status
    }
    if (method === "GET" && (found = match(/^\/commits\/([0-9a-f]{40})$/))) {
      // One commit with what it did to each file, as GitHub names it.
      const listing = text("diff-tree", "--root", "--no-commit-id", "--no-renames", "--name-status", "-r", found[1])
      const statusOf: Record<string, string> = { A: "added", M: "modified", D: "removed" }
      const files = listing
        .split("\n")
        .filter(Boolean)
        .map((line) => {
          const [status, filename] = line.split("\t")
          return { filename, status: statusOf[status] ?? "modified" }
        })
      return { ...commitOf(found[1]), files }
    }
    if (method === "GET" && (found = match(/^\/commits\/([^/]+)\/statuses$/))) {
      return [...(statuses.get(resolveHead(decodeURIComponent(found[1]))) ?? [])].reverse()
    }
    if (method === "GET" && (found = match(/^\/commits\/([^/]+)\/status$/))) {
      // The combined status: the latest of each context; failing if any fails, pending while any is.
      const sha = resolveHead(decodeURIComponent(found[1]))
      const latest = new Map((statuses.get(sha) ?? []).map((status) => [status.context, status]))
      const all = [...latest.values()].reverse()
      const state = all.some(({ state }) => state === "failure" || state === "error")
        ? "failure"
        : all.length > 0 && all.every(({ state }) => state === "success")
          ? "success"
          : "pending"
      return { state, sha, total_count: all.length, statuses: all }
    }
    if (method === "GET" && (found = match(/^\/compare\/(.+)\.\.\.(.+)$/))) {
      return compare(decodeURIComponent(found[1]), decodeURIComponent(found[2]))
    }
    if (method === "GET" && rest === "/pulls") {
      const head = url.searchParams.get("head")
      const state = url.searchParams.get("state") ?? "open"
      return pulls
        .map(pullHead)
        .filter((pull) => state === "all" || pull.state === state)
        .filter((pull) => !head || `${options.owner}:${pull.head.ref}` === head)
    }
    if (method === "POST" && rest === "/pulls") {
      const { title, body: text, head, base } = body as Record<string, string>
      const ref = head.slice(head.indexOf(":") + 1)
      const now = new Date().toISOString()
      const pull: PullRequest = {
        number: pulls.length + 1,
        title,
        body: text,
        state: "open",
        head: { ref, sha: resolve(ref), label: head, repo: { fork: false, full_name: fullName } },
        base: { ref: base, sha: resolve(base) },
        labels: [],
        user: { login: user.login },
        created_at: now,
        updated_at: now,
        merged_at: null,
      }
      pulls.push(pull)
      return pull
    }
    const pullOf = (number: string) => {
      const pull = pulls.find((candidate) => candidate.number === Number(number))
      if (!pull) throw new HttpError(404, "Not Found")
      return pullHead(pull)
    }
    if (method === "PATCH" && (found = match(/^\/pulls\/(\d+)$/))) {
      return Object.assign(pullOf(found[1]), { state: body.state, updated_at: new Date().toISOString() })
    }
    if (method === "GET" && (found = match(/^\/pulls\/(\d+)\/commits$/))) {
      const pull = pullOf(found[1])
      return compare(pull.base.ref, pull.head.sha).commits
    }
    if (method === "PUT" && (found = match(/^\/pulls\/(\d+)\/merge$/))) {
      return merge(pullOf(found[1]), String(body.commit_message ?? "Merge"))
    }
    if (method === "PUT" && (found = match(/^\/issues\/(\d+)\/labels$/))) {
      const pull = pullOf(found[1])
      pull.labels = (body.labels as string[]).map((name) => ({ name }))
      pull.updated_at = new Date().toISOString()
      return pull.labels
    }
    unhandled.push(`${method} ${url.pathname}${url.search}`)
    throw new HttpError(404, "Not Found")
  }

  /** GitHub's web side: the consent page and the code-for-token exchange. */
  function web(
    method: string,
    url: URL,
    body: Record<string, unknown>,
  ): { status: number; html?: string; json?: unknown; location?: string } {
    if (method === "GET" && url.pathname === "/login/oauth/authorize") {
      const clientId = url.searchParams.get("client_id")
      const redirect = url.searchParams.get("redirect_uri") ?? ""
      const state = url.searchParams.get("state") ?? ""
      if (clientId !== options.clientId) return { status: 404, html: "<h1>Unknown application</h1>" }
      const back = (query: Record<string, string>) => `${redirect}?${new URLSearchParams({ ...query, state })}`
      const code = crypto.randomBytes(10).toString("hex")
      codes.set(code, { redirect, account: signingIn })
      return {
        status: 200,
        html: `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Authorize application</title></head>
<body><main><h1>Authorize Aurelle content editor</h1><p>Signed in as ${signingIn.login}. Scope: ${url.searchParams.get("scope")}.</p>
<a href="${back({ code })}">Authorize</a> <a href="${back({ error: "access_denied", error_description: "The user has denied your application access." })}">Cancel</a>
</main></body></html>`,
      }
    }
    if (method === "POST" && url.pathname === "/login/oauth/access_token") {
      const {
        client_id: clientId,
        client_secret: secret,
        code,
        redirect_uri: redirect,
      } = body as Record<string, string>
      if (clientId !== options.clientId || secret !== options.clientSecret) {
        return {
          status: 200,
          json: {
            error: "incorrect_client_credentials",
            error_description: "The client_id and/or client_secret passed are incorrect.",
          },
        }
      }
      const asked = codes.get(code)
      if (!asked || asked.redirect !== redirect) {
        return {
          status: 200,
          json: { error: "bad_verification_code", error_description: "The code passed is incorrect or expired." },
        }
      }
      codes.delete(code)
      const token = `gho_${crypto.randomBytes(16).toString("hex")}`
      tokens.set(token, asked.account)
      return { status: 200, json: { access_token: token, token_type: "bearer", scope: "repo" } }
    }
    return { status: 404, json: { message: "Not Found" } }
  }

  const cors = {
    "Access-Control-Allow-Origin": "*",
    "Access-Control-Allow-Headers": "Authorization, Content-Type, If-None-Match",
    "Access-Control-Allow-Methods": "GET, POST, PUT, PATCH, DELETE, OPTIONS",
    // As GitHub's API exposes them to a page: its rate limit and when to ask again among them.
    "Access-Control-Expose-Headers":
      "ETag, Link, Location, Retry-After, X-RateLimit-Limit, X-RateLimit-Remaining, X-RateLimit-Used, X-RateLimit-Reset",
  }

  const server = http.createServer(async (request, response) => {
    const chunks: Buffer[] = []
    for await (const chunk of request) chunks.push(chunk as Buffer)
    const raw = Buffer.concat(chunks).toString()
    let body: Record<string, unknown> = {}
    try {
      body = raw ? (JSON.parse(raw) as Record<string, unknown>) : {}
    } catch {
      body = Object.fromEntries(new URLSearchParams(raw))
    }
    const url = new URL(request.url ?? "/", "http://stand-in")
    const method = request.method ?? "GET"
    if (method === "OPTIONS") {
      response.writeHead(204, cors).end()
      return
    }
    if (url.pathname === "/favicon.ico") {
      response.writeHead(204).end()
      return
    }
    if (!url.pathname.startsWith("/api/")) {
      const answer = web(method, url, body)
      if (answer.status === 404) unhandled.push(`${method} ${url.pathname}`)
      response.writeHead(
        answer.status,
        answer.html ? { "Content-Type": "text/html; charset=utf-8" } : { "Content-Type": "application/json" },
      )
      response.end(answer.html ?? JSON.stringify(answer.json))
      return
    }
    if (process.env.GITHUB_STAND_IN_LOG)
      response.on("finish", () =>
        console.error(`stand-in ${method} ${url.pathname}${url.search} ${response.statusCode}`),
      )
    const token = /^(?:token|Bearer) (.+)$/.exec(request.headers.authorization ?? "")?.[1]
    if (outage?.route.test(url.pathname.replace(/^\/api/, ""))) {
      response
        .writeHead(outage.status, { ...cors, ...outage.headers, "Content-Type": "application/json; charset=utf-8" })
        .end(JSON.stringify({ message: outage.message }))
      return
    }
    try {
      const result = api(method, url, body, token)
      if (result === undefined) response.writeHead(204, cors).end()
      else
        response
          .writeHead(method === "POST" ? 201 : 200, { ...cors, "Content-Type": "application/json; charset=utf-8" })
          .end(JSON.stringify(result))
    } catch (error) {
      const status = error instanceof HttpError ? error.status : 500
      if (status === 500) unhandled.push(`${method} ${url.pathname}${url.search}: ${(error as Error).message}`)
      response
        .writeHead(status, { ...cors, "Content-Type": "application/json; charset=utf-8" })
        .end(JSON.stringify({ message: (error as Error).message }))
    }
  })
  // Idle connections stay open: the browser's requests reach it through Playwright's fetch, whose
  // agent keeps connections alive with no idle limit of its own, and a request sent on a connection
  // the server was closing after its 5 s default was reset (ECONNRESET, once on a host half as fast).
  server.keepAliveTimeout = 0
  await new Promise<void>((done) => server.listen(0, "127.0.0.1", done))
  const { port } = server.address() as { port: number }
  const url = `http://127.0.0.1:${port}`
  return {
    url,
    apiUrl: `${url}/api`,
    git: (...args) => text(...args),
    fileBytes: (ref, file) => git(["cat-file", "blob", `${ref}:${file}`]),
    unhandled,
    pulls: () => pulls.map(pullHead),
    setPublic: (value) => {
      isPublic = value
    },
    signInAs: (login, name) => {
      signingIn = { login, id: 2 + tokens.size, name, email: `${login}@example.ch`, avatar_url: "" }
    },
    setCanPush: (value) => {
      canPush = value
    },
    setOutage: (value) => {
      outage = value
    },
    commitToMain: (file, text, message) => {
      const blob = text === null ? null : git(["hash-object", "-w", "--stdin"], text).toString().trim()
      const head = resolve("refs/heads/main")
      const tree = createTree({ base_tree: head, tree: [{ path: file, mode: "100644", sha: blob }] })
      const commit = createCommit({ message, tree: tree.sha, parents: [head] })
      git(["update-ref", "refs/heads/main", commit.sha, head])
      return commit.sha
    },
    issueToken: () => {
      const token = crypto.randomBytes(20).toString("hex")
      tokens.set(token, first)
      workflowTokens.add(token)
      return token
    },
    close: async () => {
      await new Promise((done) => {
        server.close(done)
        // Connections kept open (keepAliveTimeout 0 above) would hold the close up.
        server.closeAllConnections()
      })
      fs.rmSync(directory, { recursive: true, force: true })
    },
  }
}

/**
 * The top of a saved entry's form says where its last published change is: live since when, being
 * checked and built, or refused by the build server with its first complaint and a link to the run
 * (cms/release-state.ts decides which). It asks the live site for its stamp (/release.json) and GitHub
 * for the entry's last commit on main and the build server's "site/release" statuses, again every
 * ten seconds while the change is on its way (every minute once live), while the tab is shown.
 */
import { useEffect, useState } from "react"
import styled from "styled-components"
import { RELEASE_STAMP_PATH, readReleaseStamp } from "../../gatsby/hosting/release-stamp"
import { type CommitStatus, type ReleaseFacts, type ReleaseState, formatSince, releaseStateOf } from "../release-state"
import { RELEASE_STATE, RELEASE_STATUS_CONTEXT } from "../shared"

export interface BackendConfig {
  backend: { name: string; repo?: string; branch?: string; api_root?: string }
}

/** Decap keeps the signed-in editor, their GitHub token with them, in localStorage under this key (its LocalStorageAuthStore). */
const DECAP_USER = "decap-cms-user"
const AGAIN_ON_THE_WAY_MS = 10_000
const AGAIN_LIVE_MS = 60_000

async function fromGitHub<T>({ backend }: BackendConfig, route: string): Promise<T> {
  const token = (JSON.parse(localStorage.getItem(DECAP_USER) ?? "null") as { token?: string } | null)?.token
  const root = backend.api_root ?? "https://api.github.com"
  // "no-cache": GitHub's answers may be kept a minute; asked again with their ETag, an unchanged one is free.
  const response = await fetch(`${root}/repos/${backend.repo}${route}`, {
    cache: "no-cache",
    headers: { Accept: "application/vnd.github+json", ...(token ? { Authorization: `token ${token}` } : {}) },
  })
  if (!response.ok) throw new Error(`GitHub answered ${response.status}`)
  return (await response.json()) as T
}

interface Compared {
  merge_base_commit: { sha: string }
  commits: Array<{ sha: string }>
}

/** What the live site and GitHub say of the entry at `path` (its path in the repository). */
export async function readReleaseFacts(config: BackendConfig, path: string): Promise<ReleaseFacts> {
  const branch = config.backend.branch ?? "main"
  const [commits, stamp] = await Promise.all([
    fromGitHub<Array<{ sha: string; commit: { committer: { date: string } } }>>(
      config,
      `/commits?sha=${encodeURIComponent(branch)}&path=${encodeURIComponent(path)}&per_page=1`,
    ),
    fetch(RELEASE_STAMP_PATH, { cache: "no-store" })
      .then((response) => (response.ok ? response.json() : null))
      .then(readReleaseStamp, () => null),
  ])
  const [last] = commits
  if (!last) return { lastChange: null, stamp, liveContainsChange: false, statuses: [] }
  const lastChange = { sha: last.sha, date: last.commit.committer.date }
  const compare = (head: string) =>
    fromGitHub<Compared>(config, `/compare/${lastChange.sha}...${encodeURIComponent(head)}`)
  // A live commit GitHub does not know (another repository's build) does not contain the change.
  const liveContainsChange = stamp
    ? await compare(stamp.commit).then(
        (compared) => compared.merge_base_commit.sha === lastChange.sha,
        () => false,
      )
    : false
  if (liveContainsChange) return { lastChange, stamp, liveContainsChange, statuses: [] }
  // The build server runs on the commits that reach main (a publish's merge, say), the change's or later.
  const onMain = [lastChange.sha, ...(await compare(branch)).commits.map(({ sha }) => sha)].reverse().slice(0, 10)
  for (const sha of onMain) {
    const statuses = (
      await fromGitHub<Array<CommitStatus & { context: string }>>(config, `/commits/${sha}/statuses`)
    ).filter(({ context }) => context === RELEASE_STATUS_CONTEXT)
    if (statuses.length > 0) return { lastChange, stamp, liveContainsChange, statuses }
  }
  return { lastChange, stamp, liveContainsChange, statuses: [] }
}

type Shown = ReleaseState | { kind: "local" } | { kind: "unknown"; reason: string }

const Note = styled.section<{ $tone: "live" | "busy" | "problem" | "quiet" }>`
  margin: 0 0 16px;
  padding: 10px 16px;
  border-left: 4px solid
    ${({ $tone }) => ({ live: "#1f7a4d", busy: "#b26b00", problem: "#d6002f", quiet: "#798291" })[$tone]};
  background: ${({ $tone }) => ({ live: "#f0f8f4", busy: "#fff8ec", problem: "#fff3f5", quiet: "#f5f6f8" })[$tone]};
  color: #313d3e;
  font-size: 14px;
  line-height: 1.45;

  p {
    margin: 0;
  }

  p + p {
    margin-top: 4px;
  }

  strong {
    font-weight: 600;
  }

  a:focus-visible {
    outline: 2px solid #3a69c7;
    outline-offset: 2px;
  }
`

const At = ({ iso, text }: { iso: string; text: string }) => (
  <strong>
    {text} <time dateTime={iso}>{formatSince(iso)}</time>
  </strong>
)

function Said({ shown }: { shown: Shown }) {
  switch (shown.kind) {
    case "live":
      return <At iso={shown.since} text={RELEASE_STATE.live} />
    case "publishing":
      return <At iso={shown.since} text={RELEASE_STATE.publishing} />
    case "waiting":
      return <At iso={shown.since} text={RELEASE_STATE.waiting} />
    case "refused":
      return (
        <>
          <strong>{RELEASE_STATE.refused}</strong>
          {shown.reason ? <p>{shown.reason}</p> : null}
          {shown.run ? (
            <p>
              <a href={shown.run} target="_blank" rel="noopener noreferrer">
                {RELEASE_STATE.refusedRun}
              </a>
            </p>
          ) : null}
        </>
      )
    case "rolledBack":
      return <strong>{RELEASE_STATE.rolledBack}</strong>
    case "local":
      return <>{RELEASE_STATE.local}</>
    case "unknown":
      return (
        <>
          {RELEASE_STATE.unknown} ({shown.reason}).
        </>
      )
    default:
      return null
  }
}

const TONES: Record<Shown["kind"], "live" | "busy" | "problem" | "quiet"> = {
  live: "live",
  publishing: "busy",
  waiting: "busy",
  refused: "problem",
  rolledBack: "problem",
  unpublished: "quiet",
  local: "quiet",
  unknown: "quiet",
}

/** The note itself, for the entry saved at `path`; nothing for an entry main has never had. */
export function ReleaseStateNote({ config, path }: { config: BackendConfig; path: string }) {
  const [shown, setShown] = useState<Shown | undefined>(config.backend.name === "proxy" ? { kind: "local" } : undefined)
  useEffect(() => {
    if (config.backend.name === "proxy") return
    let stopped = false
    let timer: ReturnType<typeof setTimeout> | undefined
    const look = async () => {
      let next = AGAIN_ON_THE_WAY_MS
      if (!document.hidden) {
        try {
          const state = releaseStateOf(await readReleaseFacts(config, path))
          if (state.kind === "live") next = AGAIN_LIVE_MS
          if (!stopped) setShown(state)
        } catch (error) {
          if (!stopped) setShown({ kind: "unknown", reason: (error as Error).message })
        }
      }
      if (!stopped) timer = setTimeout(() => void look(), next)
    }
    void look()
    return () => {
      stopped = true
      clearTimeout(timer)
    }
  }, [config, path])
  if (!shown || shown.kind === "unpublished") return null
  return (
    <Note $tone={TONES[shown.kind]} aria-label={RELEASE_STATE.label} role="status">
      <Said shown={shown} />
    </Note>
  )
}

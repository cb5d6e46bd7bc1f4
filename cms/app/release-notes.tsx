/**
 * The top of a saved entry's form says where its last published change is: live since when, being
 * checked and built, or refused by the build server with its first complaint and a link to the run
 * (cms/release-state.ts decides which). It asks the live site for its stamp (/release.json) and GitHub
 * for the entry's last commit on main and the build server's "site/release" statuses, again every
 * ten seconds while the change is on its way (every minute once live), while the tab is shown.
 */
import { useCallback, useEffect, useMemo, useState } from "react"
import styled from "styled-components"
import { Note, Said, type Shown, TONES } from "./release-said"
import { RELEASE_STAMP_PATH, readReleaseStamp } from "../../contracts/release-stamp"
import { ASK_AGAIN_MS, type CommitStatus, type ReleaseFacts, releaseStateOf } from "../release-state"
import { RELEASE_STATUS_CONTEXT } from "../../contracts/statuses"
import { RELEASE_STATE } from "../shared"
import { type AdminScreen, adminScreenNow, watchAdminScreen } from "./decap-internals"
import { type BackendConfig, GitHubDidNotAnswer, GitHubRefused, fromGitHub, readLive } from "./github"
import { useLookAgain } from "./look-again"

const AGAIN_LIVE_MS = 60_000

interface Compared {
  merge_base_commit: { sha: string }
  commits: Array<{ sha: string }>
}

/** What the live site and GitHub say of the entry at `path` (its path in the repository). */
export async function readReleaseFacts(config: BackendConfig, path: string): Promise<ReleaseFacts> {
  const branch = config.backend.branch ?? "main"
  const [commits, stamp] = await Promise.all([
    fromGitHub<Array<{ sha: string; commit: { message: string; committer: { date: string } } }>>(
      config,
      `/commits?sha=${encodeURIComponent(branch)}&path=${encodeURIComponent(path)}&per_page=1`,
    ),
    readLive(RELEASE_STAMP_PATH, readReleaseStamp),
  ])
  const [last] = commits
  if (!last) return { lastChange: null, stamp, liveContainsChange: false, statuses: [] }
  const lastChange = { sha: last.sha, date: last.commit.committer.date, message: last.commit.message }
  const compare = (head: string) =>
    fromGitHub<Compared>(config, `/compare/${lastChange.sha}...${encodeURIComponent(head)}`)
  // A live commit GitHub does not know (another repository's build: 404) does not contain the change;
  // GitHub not answering says nothing of it, and is thrown on.
  const liveContainsChange = stamp
    ? await compare(stamp.commit).then(
        (compared) => compared.merge_base_commit.sha === lastChange.sha,
        (error: unknown) => {
          if (error instanceof GitHubRefused && (error.status === 404 || error.status === 422)) return false
          throw error
        },
      )
    : false
  const releaseStatuses = async (sha: string) =>
    (await fromGitHub<Array<CommitStatus & { context: string }>>(config, `/commits/${sha}/statuses`)).filter(
      ({ context }) => context === RELEASE_STATUS_CONTEXT,
    )
  // Live: the live commit's statuses say how it went live (held for the calendar, then rebuilt).
  if (stamp && liveContainsChange)
    return { lastChange, stamp, liveContainsChange, statuses: await releaseStatuses(stamp.commit) }
  // The build server runs on the commits that reach main (a publish's merge, say), the change's or later.
  const onMain = [lastChange.sha, ...(await compare(branch)).commits.map(({ sha }) => sha)].reverse().slice(0, 10)
  for (const sha of onMain) {
    const statuses = await releaseStatuses(sha)
    if (statuses.length > 0) return { lastChange, stamp, liveContainsChange, statuses }
  }
  return { lastChange, stamp, liveContainsChange, statuses: [] }
}

/**
 * Where the last change to `path` (a file, or a folder) on main is, asked again while the component
 * is on screen; the local backend has no releases. Null config: nothing to ask.
 */
function useReleaseState(config: BackendConfig | null, path: string): { shown?: Shown; message?: string } {
  const [state, setState] = useState<{ shown?: Shown; message?: string }>({})
  const local = config?.backend.name === "proxy"
  const look = useCallback(
    async (active: () => boolean) => {
      try {
        const facts = await readReleaseFacts(config!, path)
        const shown = releaseStateOf(facts)
        if (active()) setState({ shown, message: facts.lastChange?.message })
        return shown.kind === "live" ? AGAIN_LIVE_MS : ASK_AGAIN_MS
      } catch (error) {
        if (!(error instanceof GitHubDidNotAnswer)) {
          if (active()) setState({ shown: { kind: "unknown", reason: (error as Error).message } })
          return ASK_AGAIN_MS
        }
        // Not a guess at where the change is: that GitHub did not answer, and when it is asked again.
        if (active()) setState({ shown: { kind: "noAnswer", retryAt: error.retryAt.toISOString() } })
        return Math.max(1_000, error.retryAt.getTime() - Date.now())
      }
    },
    [config, path],
  )
  useLookAgain(config && !local ? look : null, ASK_AGAIN_MS)
  return local ? { shown: { kind: "local" } } : state
}

/** The note at the top of a form, for the entry saved at `path`; nothing for an entry main has never had. */
export function ReleaseStateNote({ config, path }: { config: BackendConfig; path: string }) {
  const { shown } = useReleaseState(config, path)
  if (!shown || shown.kind === "unpublished") return null
  return (
    <Note $tone={TONES[shown.kind]} aria-label={RELEASE_STATE.label} role="status">
      <Said shown={shown} />
    </Note>
  )
}

/** The signed-in editor's backend, and whether an entry's form is open (whose own note says where the entry is). */
export function useAdminScreen(): AdminScreen {
  const [screen, setScreen] = useState(adminScreenNow)
  useEffect(() => watchAdminScreen(setScreen), [])
  return screen
}

const Corner = styled(Note)`
  position: fixed;
  right: 16px;
  bottom: 16px;
  z-index: 400;
  /* Half the screen each, so the two corners never overlap. */
  max-width: min(440px, calc(50vw - 24px));
  margin: 0;
  box-shadow: 0 2px 12px rgb(0 0 0 / 15%);
`

/**
 * In a corner of every screen of the admin but an entry's form, once signed in with GitHub: where the
 * latest change to the content on main is, whatever it was (a deletion, a photo, an entry published
 * from another tab).
 */
export function SiteReleaseCorner({ repo, branch, folder }: { repo: string; branch: string; folder: string }) {
  const { backend: signedIn, formOpen } = useAdminScreen()
  const config = useMemo(
    () => (signedIn && signedIn !== "proxy" ? { backend: { name: signedIn, repo, branch } } : null),
    [signedIn, repo, branch],
  )
  const { shown, message } = useReleaseState(formOpen ? null : config, folder)
  if (formOpen || !config || !shown || shown.kind === "unpublished") return null
  return (
    <Corner $tone={TONES[shown.kind]} aria-label={RELEASE_STATE.siteLabel} role="status">
      {message ? <p>{`${RELEASE_STATE.latestChange} ${message.split("\n")[0]}`}</p> : null}
      <Said shown={shown} />
    </Corner>
  )
}

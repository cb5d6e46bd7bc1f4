/**
 * A commit status posted to GitHub (the REST API's `POST /repos/{owner}/{repo}/statuses/{sha}`), as
 * the build server posts each of its contexts (contracts/statuses.ts).
 */
import { isCommitHash } from "../../contracts/values"

export interface CommitStatus {
  apiUrl: string
  token: string
  /** owner/name */
  repository: string
  sha: string
  context: string
  state: "pending" | "success" | "failure" | "error"
  description: string
  url?: string
}

/** Posts the status; throws with GitHub's answer when it is refused. */
export async function postCommitStatus(status: CommitStatus): Promise<void> {
  if (!isCommitHash(status.sha)) throw new Error(`--sha must be a full commit hash, not "${status.sha}"`)
  const response = await fetch(`${status.apiUrl}/repos/${status.repository}/statuses/${status.sha}`, {
    method: "POST",
    headers: {
      Accept: "application/vnd.github+json",
      Authorization: `Bearer ${status.token}`,
      "Content-Type": "application/json",
      "X-GitHub-Api-Version": "2022-11-28",
    },
    body: JSON.stringify({
      state: status.state,
      context: status.context,
      // GitHub keeps 140 characters of a description.
      description: status.description.slice(0, 140),
      ...(status.url ? { target_url: status.url } : {}),
    }),
  })
  if (!response.ok) {
    throw new Error(`GitHub refused the status (${response.status}): ${await response.text()}`)
  }
}

/** GitHub's address and the token, as GitHub Actions sets them; an error naming what is missing. */
export function githubFromEnvironment(env: NodeJS.ProcessEnv): Pick<CommitStatus, "apiUrl" | "token" | "repository"> {
  const { GITHUB_TOKEN, GITHUB_REPOSITORY, GITHUB_API_URL = "https://api.github.com" } = env
  if (!GITHUB_TOKEN || !GITHUB_REPOSITORY) throw new Error("GITHUB_TOKEN and GITHUB_REPOSITORY must be set")
  return { apiUrl: GITHUB_API_URL, token: GITHUB_TOKEN, repository: GITHUB_REPOSITORY }
}

/**
 * The commit status that tells the CMS where a draft's preview is (the build server, on every pull
 * request: .github/workflows/site.yml). Decap's github backend reads the status of the context the
 * CMS names (`preview_context`, cms/shared.ts) on the draft's latest commit, and shows "View Preview"
 * with its address once its state is "success".
 *
 *   tsx deploy/publish/preview-status.ts --sha <commit> --state pending|success|failure|error
 *                                 [--url <preview address>] [--description <text>]
 *
 * Reads GITHUB_TOKEN, GITHUB_REPOSITORY (owner/name) and GITHUB_API_URL (https://api.github.com by
 * default), as GitHub Actions sets them.
 */
import { parseArgs } from "node:util"
import { PREVIEW_STATUS_CONTEXT } from "../../contracts/statuses"
import { isCommitHash } from "../../contracts/values"

export type PreviewState = "pending" | "success" | "failure" | "error"
const STATES: readonly PreviewState[] = ["pending", "success", "failure", "error"]

export interface PreviewStatus {
  apiUrl: string
  token: string
  /** owner/name */
  repository: string
  sha: string
  state: PreviewState
  /** The preview's address (a success must have one). */
  url?: string
  description?: string
}

/** What each state says on the pull request when no description is given. */
const DESCRIPTIONS: Record<PreviewState, string> = {
  pending: "Building the preview",
  success: "The draft as it will look",
  failure: "The draft does not build: see the checks",
  error: "The preview could not be published",
}

/** Posts the status; throws with GitHub's answer when it is refused. */
export async function postPreviewStatus(status: PreviewStatus): Promise<void> {
  if (!STATES.includes(status.state)) throw new Error(`--state must be one of ${STATES.join(", ")}`)
  if (!isCommitHash(status.sha)) throw new Error(`--sha must be a full commit hash, not "${status.sha}"`)
  if (status.state === "success" && !status.url?.startsWith("https://")) {
    throw new Error(`a successful preview needs its https:// address (--url), not "${status.url ?? ""}"`)
  }
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
      context: PREVIEW_STATUS_CONTEXT,
      description: (status.description ?? DESCRIPTIONS[status.state]).slice(0, 140),
      ...(status.url ? { target_url: status.url } : {}),
    }),
  })
  if (!response.ok) {
    throw new Error(`GitHub refused the status (${response.status}): ${await response.text()}`)
  }
}

async function main() {
  const { values } = parseArgs({
    options: {
      sha: { type: "string" },
      state: { type: "string" },
      url: { type: "string" },
      description: { type: "string" },
    },
  })
  const { GITHUB_TOKEN, GITHUB_REPOSITORY, GITHUB_API_URL = "https://api.github.com" } = process.env
  if (!GITHUB_TOKEN || !GITHUB_REPOSITORY) throw new Error("GITHUB_TOKEN and GITHUB_REPOSITORY must be set")
  await postPreviewStatus({
    apiUrl: GITHUB_API_URL,
    token: GITHUB_TOKEN,
    repository: GITHUB_REPOSITORY,
    sha: values.sha ?? "",
    state: (values.state ?? "") as PreviewState,
    url: values.url,
    description: values.description,
  })
  console.log(
    `Status "${PREVIEW_STATUS_CONTEXT}" on ${values.sha}: ${values.state}${values.url ? ` ${values.url}` : ""}`,
  )
}

if (require.main === module) {
  main().catch((error: Error) => {
    console.error(`preview-status: ${error.message}`)
    process.exit(1)
  })
}

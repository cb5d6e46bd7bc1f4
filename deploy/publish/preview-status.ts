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
import { githubFromEnvironment, postCommitStatus } from "./commit-status"

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
  if (status.state === "success" && !status.url?.startsWith("https://")) {
    throw new Error(`a successful preview needs its https:// address (--url), not "${status.url ?? ""}"`)
  }
  await postCommitStatus({
    ...status,
    context: PREVIEW_STATUS_CONTEXT,
    description: status.description ?? DESCRIPTIONS[status.state],
  })
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
  await postPreviewStatus({
    ...githubFromEnvironment(process.env),
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

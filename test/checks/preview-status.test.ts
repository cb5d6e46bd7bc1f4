/**
 * The build server's preview status (deploy/publish/preview-status.ts) against the stand-in for GitHub: what
 * it posts is the status of the context the CMS's configuration names (`preview_context`), which
 * Decap's github backend reads, picked by Decap's own lookup; e2e/cms-github-publish.spec.ts shows "View
 * Preview" appearing in the admin.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import path from "node:path"
import { cmsConfig, CMS_REPOSITORY } from "../../cms/config"
import { type GitHubStandIn, startGitHubStandIn } from "../support/github-stand-in"
import { postPreviewStatus } from "../../deploy/publish/preview-status"
import { PREVIEW_STATUS_CONTEXT } from "../../contracts/statuses"
// Decap's own lookup of a draft's preview among its commit's statuses (decap-cms-lib-util, as the admin bundles it).
import { PreviewState, getPreviewStatus } from "decap-cms-lib-util/dist/esm/API.js"

const [OWNER, NAME] = CMS_REPOSITORY.split("/")
let github: GitHubStandIn
let sha: string

beforeAll(async () => {
  github = await startGitHubStandIn({
    seed: { from: path.resolve(__dirname, "../.."), folders: ["content/site"] },
    clientId: "id",
    clientSecret: "secret",
    owner: OWNER,
    name: NAME,
    login: "camille",
  })
  sha = github.git("rev-parse", "main")
})

afterAll(async () => {
  await github?.close()
})

const combined = async (token: string) => {
  const response = await fetch(`${github.apiUrl}/repos/${CMS_REPOSITORY}/commits/${sha}/status`, {
    headers: { Authorization: `Bearer ${token}` },
  })
  return (await response.json()) as {
    state: string
    statuses: Array<{ context: string; state: string; target_url: string | null }>
  }
}

describe("the preview status", () => {
  it("is the status Decap's own lookup picks for the draft's commit, with the preview's address, once it succeeds", async () => {
    const token = github.issueToken()
    const base = { apiUrl: github.apiUrl, token, repository: CMS_REPOSITORY, sha }
    await postPreviewStatus({ ...base, state: "pending" })
    expect((await combined(token)).state).toBe("pending")
    await postPreviewStatus({ ...base, state: "success", url: "https://draft.aurelle-site.pages.dev" })
    const { state, statuses } = await combined(token)
    expect(state).toBe("success")
    // Decap's github backend (its API.getStatuses and getDeployPreview) maps the combined status so,
    // then picks with getPreviewStatus under the configuration's preview_context.
    const asDecapReads = statuses.map((status) => ({
      context: status.context,
      target_url: status.target_url || "",
      state: status.state === "success" ? PreviewState.Success : PreviewState.Other,
    }))
    const previewContext = cmsConfig("https://aurelle-intelligence.ch").backend.preview_context
    expect(getPreviewStatus(asDecapReads, previewContext)).toEqual({
      context: PREVIEW_STATUS_CONTEXT,
      state: PreviewState.Success,
      target_url: "https://draft.aurelle-site.pages.dev",
    })
    // Under another context, Decap's lookup would not find it.
    expect(getPreviewStatus(asDecapReads, "deploy/netlify")).toBeUndefined()
  })

  it("refuses a success without an https address, and a commit that is not a full hash", async () => {
    const base = { apiUrl: github.apiUrl, token: github.issueToken(), repository: CMS_REPOSITORY }
    await expect(postPreviewStatus({ ...base, sha, state: "success" })).rejects.toThrow(/needs its https:\/\/ address/)
    await expect(postPreviewStatus({ ...base, sha: "main", state: "pending" })).rejects.toThrow(/full commit hash/)
  })

  it("says what GitHub answered when the token may not write statuses", async () => {
    const base = { apiUrl: github.apiUrl, token: "not-a-token", repository: CMS_REPOSITORY, sha }
    await expect(postPreviewStatus({ ...base, state: "pending" })).rejects.toThrow(
      /GitHub refused the status \(401\): .*Bad credentials/,
    )
  })
})

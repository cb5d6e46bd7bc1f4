/**
 * The commit statuses the build server posts and the CMS reads, by their contexts. The workflow
 * (.github/workflows/site.yml) names them once, in its `env`, and test/checks/workflow.test.ts holds
 * its values to these.
 */

/**
 * Posted on each change to main: pending while it is checked and built, failure with the first
 * complaint, success once live. The CMS reads it to tell the editor where a published change is
 * (cms/app/release-state.tsx).
 */
export const RELEASE_STATUS_CONTEXT = "site/release"

/**
 * Posted on a draft's pull request with the address of its preview (deploy/publish/preview-status.ts);
 * Decap's github backend reads the status of this context (`preview_context`, cms/config.ts) and shows
 * "View Preview" on the draft with its address.
 */
export const PREVIEW_STATUS_CONTEXT = "site/preview"

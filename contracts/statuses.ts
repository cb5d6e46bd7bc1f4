/**
 * The commit statuses the build server posts and the CMS reads, by their contexts. The workflow
 * (.github/workflows/site.yml) names them once, in its `env`, and test/checks/workflow.test.ts holds
 * its values to these.
 */
import { isOffsetTime } from "./time"

/**
 * Posted on each change to main: pending while it is checked and built, failure with the first
 * complaint, success once live. The CMS reads it to tell the editor where a published change is
 * (cms/release-state.ts).
 */
export const RELEASE_STATUS_CONTEXT = "site/release"

/**
 * Posted on a draft's pull request with the address of its preview (deploy/publish/preview-status.ts);
 * Decap's github backend reads the status of this context (`preview_context`, cms/config.ts) and shows
 * "View Preview" on the draft with its address.
 */
export const PREVIEW_STATUS_CONTEXT = "site/preview"

/**
 * Posted on each change to main and each draft's pull request once its content is checked
 * (deploy/publish/translations-status.ts): success, saying how many translations are to check (their
 * English changed after they were made) and which; a warning, never a refusal, since an editor may
 * publish the English first.
 */
export const TRANSLATIONS_STATUS_CONTEXT = "site/translations"

/**
 * How the release status begins while the nginx host or the Pages stamp holds a publish for the
 * calendar (its build serves a study that came down before it reached the host): pending, until the
 * calendar's run builds the same commit again at its clock and releases it. The workflow names it in
 * its `env` (RELEASE_HELD), and the calendar's run lists the commits whose status begins so.
 */
export const RELEASE_HELD = "Held for the calendar"

/**
 * How the release status begins once a change's gates passed and its artifact is made, until its
 * release says "Live": pending. One still so half an hour on was never released (its release job
 * was cancelled by a newer one in the release queue, or did not run), and the calendar's run builds
 * it again as it does a held one. The workflow names it in its `env` (RELEASE_CHECKED).
 */
export const RELEASE_CHECKED = "Checked and built"

/**
 * The success a held publish ends with, once rebuilt and live: "Live since <time> (held for the
 * calendar, rebuilt at <clock>)". The time the build was made at, read from it; null for any other.
 */
export function rebuiltAfterHeld(description: string | null): string | null {
  const rebuilt = new RegExp(`\\(${RELEASE_HELD.toLowerCase()}, rebuilt at (\\S+)\\)`).exec(description ?? "")
  return rebuilt && isOffsetTime(rebuilt[1]) ? rebuilt[1] : null
}

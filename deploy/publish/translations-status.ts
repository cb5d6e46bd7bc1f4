/**
 * The commit status "site/translations" (contracts/statuses.ts): the translations whose English
 * changed after they were made (model/translations.ts), counted and named in its description, the
 * content check's run a click away for the whole list. Always a success: a warning for the editor and
 * the reviewer, never a refusal. The build server posts it on each change to main and on each draft's
 * pull request (.github/workflows/site.yml).
 *
 *   tsx deploy/publish/translations-status.ts --sha <commit> [--url <the run's address>]
 *
 * Reads GITHUB_TOKEN, GITHUB_REPOSITORY and GITHUB_API_URL, as GitHub Actions sets them.
 */
import path from "node:path"
import { parseArgs } from "node:util"
import { TRANSLATIONS_STATUS_CONTEXT } from "../../contracts/statuses"
import type { ContentProblem } from "../../model/problems"
import { historyUnreadIn, translationsToCheckIn } from "../../build-steps/content/validate"
import { buildContext } from "../../build-steps/context"
import { readClock } from "../../contracts/clock"
import { type CommitStatus, githubFromEnvironment, postCommitStatus } from "./commit-status"

/**
 * What the status says of these translations to check: how many, then each, as far as GitHub keeps;
 * where the history could not be read (`historyUnread`: a shallow clone), that it was not, and that
 * only the files' own records were read, never that all is well.
 */
export function translationsDescription(toCheck: readonly ContentProblem[], historyUnread?: string | null): string {
  const count = `${toCheck.length} translation${toCheck.length === 1 ? "" : "s"} to check`
  const each = toCheck.map(({ file, path: at }) => `${at} in ${file.replace(/^content\//, "")}`).join(", ")
  if (historyUnread)
    return `History not read (${/shallow/.test(historyUnread) ? "a shallow clone" : "no repository"}): by the files' own records, ${count}${each ? `: ${each}` : ""}`
  if (toCheck.length === 0) return "Every translation follows its English"
  return `${count}: ${each}`
}

export async function postTranslationsStatus(
  github: Pick<CommitStatus, "apiUrl" | "token" | "repository">,
  sha: string,
  toCheck: readonly ContentProblem[],
  url?: string,
  historyUnread?: string | null,
): Promise<void> {
  await postCommitStatus({
    ...github,
    sha,
    context: TRANSLATIONS_STATUS_CONTEXT,
    state: "success",
    description: translationsDescription(toCheck, historyUnread),
    url,
  })
}

async function main() {
  const { values } = parseArgs({ options: { sha: { type: "string" }, url: { type: "string" } } })
  const { content, clock } = buildContext(path.resolve("content"), readClock(process.env))
  const toCheck = translationsToCheckIn(content, { now: clock.now })
  const unread = historyUnreadIn(content)
  await postTranslationsStatus(githubFromEnvironment(process.env), values.sha ?? "", toCheck, values.url, unread)
  console.log(`Status "${TRANSLATIONS_STATUS_CONTEXT}" on ${values.sha}: ${translationsDescription(toCheck, unread)}`)
}

if (require.main === module) {
  main().catch((error: Error) => {
    console.error(`translations-status: ${error.message}`)
    process.exit(1)
  })
}

/**
 * Validates content/ without building the site, at the build's clock: `npm run content:check`, and
 * the publish path's first step (deploy/publish/publish.ts), which reads the same one report for its
 * refusal and its translations to check. On GitHub Actions (GITHUB_ACTIONS=true) each problem is also
 * an annotation on its file's line (the build server's check of an editor's pull request).
 */
import path from "node:path"
import { formatProblem } from "../../../model/problems"
import { type ContentReport, historyUnreadNote, validateSnapshot } from "../../../build-steps/content/validate"
import { buildContext, contentDigest } from "../../../build-steps/context"
import { readClock } from "../../../contracts/clock"
import { annotation } from "../../lib/github-annotations"

/**
 * The content under `root` checked once, as a build would read it (build-steps/context.ts: SITE_CLOCK, else
 * now), each problem written to the log; the first error, the refusal, or null; and what was checked
 * (contentDigest), which the build that follows is given so as not to check it again.
 */
export async function checkContent(root: string): Promise<ContentReport & { refusal: string | null; digest: string }> {
  const context = buildContext(root, readClock(process.env))
  const report = await validateSnapshot(context.content, { now: context.clock.now })
  const digest = contentDigest(context)
  const { errors, warnings } = report
  for (const warning of warnings) console.warn(`warning ${formatProblem(warning)}`)
  if (report.historyUnread) console.log(`note    ${historyUnreadNote(report.historyUnread)}`)
  for (const error of errors) console.error(`error   ${formatProblem(error)}`)
  if (process.env.GITHUB_ACTIONS === "true") {
    for (const warning of warnings) console.log(annotation("warning", warning, process.cwd()))
    for (const error of errors) console.log(annotation("error", error, process.cwd()))
  }
  if (errors.length === 0) return { ...report, refusal: null, digest }
  console.error(`\n${errors.length} content problem${errors.length === 1 ? "" : "s"} found.`)
  return { ...report, refusal: `error   ${formatProblem(errors[0])}`, digest }
}

if (require.main === module) {
  void checkContent(path.resolve("content")).then(({ refusal }) => {
    if (refusal) process.exit(1)
    console.log("Content is valid.")
  })
}

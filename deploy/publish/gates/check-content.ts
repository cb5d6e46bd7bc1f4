/**
 * Validates content/ without building the site, at the build's clock: `npm run content:check`. On GitHub Actions
 * (GITHUB_ACTIONS=true) each problem is also an annotation on its file's line (the build server's
 * check of an editor's pull request, .github/workflows/site.yml).
 */
import path from "node:path"
import { formatProblem } from "../../../model/problems"
import { validateContent } from "../../../gatsby/content/validate"
import { annotation } from "../../lib/github-annotations"
import { readClock } from "../../../contracts/clock"

async function main() {
  // Its dates judged at the clock the build would have (SITE_CLOCK, else the real time).
  const { errors, warnings } = await validateContent(path.resolve("content"), { now: readClock(process.env).now })
  for (const warning of warnings) console.warn(`warning ${formatProblem(warning)}`)
  for (const error of errors) console.error(`error   ${formatProblem(error)}`)
  if (process.env.GITHUB_ACTIONS === "true") {
    for (const warning of warnings) console.log(annotation("warning", warning, process.cwd()))
    for (const error of errors) console.log(annotation("error", error, process.cwd()))
  }
  if (errors.length > 0) {
    console.error(`\n${errors.length} content problem${errors.length === 1 ? "" : "s"} found.`)
    process.exit(1)
  }
  console.log("Content is valid.")
}

void main()

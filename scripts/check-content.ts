/** Validates content/ without building the site: `npm run content:check`. */
import path from "node:path"
import { formatProblem } from "../model/problems"
import { validateContent } from "../gatsby/content/validate"

async function main() {
  const { errors, warnings } = await validateContent(path.resolve("content"))
  for (const warning of warnings) console.warn(`warning ${formatProblem(warning)}`)
  for (const error of errors) console.error(`error   ${formatProblem(error)}`)
  if (errors.length > 0) {
    console.error(`\n${errors.length} content problem${errors.length === 1 ? "" : "s"} found.`)
    process.exit(1)
  }
  console.log("Content is valid.")
}

void main()

import type { Reporter } from "gatsby"
import { formatProblem } from "../model/problems"
import { validateContent } from "./content/validate"

/**
 * Stops the build when content/ holds anything invalid, listing every problem at once so an editor
 * can fix them in one pass. Team photos that are missing or unusable only warn (the card falls back
 * to an icon), as do characters the faces lack. Dates are judged at `now`, the build's clock.
 */
export async function assertValidContent(
  contentDir: string,
  reporter: Pick<Reporter, "warn" | "panicOnBuild">,
  now: Date,
): Promise<boolean> {
  const { errors, warnings } = await validateContent(contentDir, { now })
  for (const warning of warnings) reporter.warn(formatProblem(warning))
  if (errors.length === 0) return true
  const count = `${errors.length} problem${errors.length === 1 ? "" : "s"}`
  reporter.panicOnBuild(
    `Invalid content (${count}). Fix each line below, then build again:\n${errors.map(formatProblem).join("\n")}`,
  )
  return false
}

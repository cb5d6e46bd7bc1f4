import type { Reporter } from "gatsby"
import { formatProblem } from "./content/problems"
import { validateContent } from "./content/validate"

/**
 * Stops the build when content/ holds anything invalid, listing every problem at once so an editor
 * can fix them in one pass. Missing team photos only warn: the card falls back to an icon.
 */
export function assertValidContent(contentDir: string, reporter: Pick<Reporter, "warn" | "panicOnBuild">): boolean {
  const { errors, warnings } = validateContent(contentDir)
  for (const warning of warnings) reporter.warn(formatProblem(warning))
  if (errors.length === 0) return true
  const count = `${errors.length} problem${errors.length === 1 ? "" : "s"}`
  reporter.panicOnBuild(
    `Invalid content (${count}). Fix each line below, then build again:\n${errors.map(formatProblem).join("\n")}`,
  )
  return false
}

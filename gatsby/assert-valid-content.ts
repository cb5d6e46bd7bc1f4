import type { Reporter } from "gatsby"
import { formatProblem } from "../model/problems"
import { historyUnreadNote, validateSnapshot } from "../build-steps/content/validate"
import type { BuildContext } from "../build-steps/context"

/**
 * Stops the build when content/ holds anything invalid, listing every problem at once so an editor
 * can fix them in one pass. Team photos that are missing or unusable only warn (the card falls back
 * to an icon), as do characters the faces lack. The content is the build's reading of it, its dates
 * judged at the build's clock (build-steps/context.ts). Where the history could not be read (a shallow
 * clone), the build says so, as every reader of the translations to check does.
 */
export async function assertValidContent(
  { content, clock }: BuildContext,
  reporter: Pick<Reporter, "info" | "warn" | "panicOnBuild">,
): Promise<boolean> {
  const { errors, warnings, historyUnread } = await validateSnapshot(content, { now: clock.now })
  for (const warning of warnings) reporter.warn(formatProblem(warning))
  if (historyUnread) reporter.info(historyUnreadNote(historyUnread))
  if (errors.length === 0) return true
  const count = `${errors.length} problem${errors.length === 1 ? "" : "s"}`
  reporter.panicOnBuild(
    `Invalid content (${count}). Fix each line below, then build again:\n${errors.map(formatProblem).join("\n")}`,
  )
  return false
}

/**
 * axe-core with every WCAG 2.0, 2.1 and 2.2 A and AA rule, as the browser tests (e2e/accessibility.spec.ts)
 * and the publish path's browser pass (pages.spec.ts) run it. In axe's single-frame mode
 * (`setLegacyMode`): by default @axe-core/playwright opens a blank page in the browser context to
 * gather each frame's results, which took 1.2 to 2 s of the 2.3 to 3.1 s of one analysis of a study's
 * page here (1.0 s without it); the site's pages have no frames (their policy allows none) for it
 * to gather from.
 */
import AxeBuilder from "@axe-core/playwright"
import type { Page } from "@playwright/test"

export const WCAG_TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22a", "wcag22aa"]

/** The page's WCAG A and AA violations, as axe reports them. */
export async function wcagViolations(page: Page) {
  const { violations } = await new AxeBuilder({ page }).withTags(WCAG_TAGS).setLegacyMode(true).analyze()
  return violations
}

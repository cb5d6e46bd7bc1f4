/**
 * axe-core with every WCAG 2.0, 2.1 and 2.2 A and AA rule, as the browser tests (e2e/accessibility.spec.ts)
 * and the publish path's browser pass (pages.spec.ts) run it, in axe's single-frame mode
 * (`setLegacyMode`): the site's pages have no frames (their policy allows none), and gathering frames
 * from a blank page of its own was most of an analysis's time.
 */
import AxeBuilder from "@axe-core/playwright"
import type { Page } from "@playwright/test"

export const WCAG_TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22a", "wcag22aa"]

/** The page's WCAG A and AA violations, as axe reports them. */
export async function wcagViolations(page: Page) {
  const { violations } = await new AxeBuilder({ page }).withTags(WCAG_TAGS).setLegacyMode(true).analyze()
  return violations
}

import type { ConsoleMessage, Page } from "@playwright/test"

/**
 * Console errors and uncaught exceptions of a page, for a test to find none. `expected` names a
 * console error the test knows to come and says why elsewhere (e.g. a probe that answers 404).
 */
export function collectErrors(page: Page, expected: (message: ConsoleMessage) => boolean = () => false): string[] {
  const errors: string[] = []
  page.on("console", (message) => {
    if (message.type() === "error" && !expected(message)) errors.push(message.text())
  })
  page.on("pageerror", (error) => errors.push(error.message))
  return errors
}

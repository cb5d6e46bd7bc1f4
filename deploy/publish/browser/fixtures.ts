import { test as base } from "@playwright/test"

export { expect } from "@playwright/test"

/**
 * The test runner's page, whose goto also waits until React has hydrated the prerendered HTML:
 * before that, links work as plain links and timers have not started, which is not what a test of
 * client-side behaviour means to look at. With JavaScript off, goto is left as it is.
 */
export const test = base.extend({
  page: async ({ page, javaScriptEnabled }, use) => {
    if (javaScriptEnabled === false) {
      await use(page)
      return
    }
    const goto = page.goto.bind(page)
    page.goto = async (url, options) => {
      const response = await goto(url, options)
      await page.waitForFunction(() => document.documentElement.dataset.hydrated === "true")
      return response
    }
    await use(page)
  },
})

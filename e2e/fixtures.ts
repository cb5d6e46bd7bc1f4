/** The browser tests' page, whose goto waits for hydration: the publish path's own (deploy/publish/browser/). */
export { expect, test } from "../deploy/publish/browser/fixtures"

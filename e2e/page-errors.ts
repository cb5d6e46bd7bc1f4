/** Console errors and uncaught exceptions of a page: the publish path's own (deploy/publish/browser/). */
export { collectErrors } from "../deploy/publish/browser/page-errors"

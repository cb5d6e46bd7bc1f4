/** The parts of Decap CMS the admin registers (cms/app/decap-cms.ts); they ship no types of their own. */
declare module "decap-cms-backend-github" {
  export const GitHubBackend: import("decap-cms-core").CmsBackendClass
}
declare module "decap-cms-backend-proxy" {
  export const ProxyBackend: import("decap-cms-core").CmsBackendClass
}
declare module "decap-cms-widget-*" {
  const widget: { Widget(): import("decap-cms-core").CmsWidgetParam }
  export default widget
}
/** Decap's lookup of a draft's preview among statuses (decap-cms-lib-util), which the status test runs. */
declare module "decap-cms-lib-util/dist/esm/API.js" {
  export const PreviewState: { Success: "success"; Other: "other" }
  export function getPreviewStatus<T extends { context: string }>(statuses: T[], previewContext: string): T | undefined
}
/** Decap's store and two of its action creators, which the admin's adapter reaches (decap-internals/store.ts). */
declare module "decap-cms-core/dist/esm/redux/index.js" {
  export const store: unknown
}
declare module "decap-cms-core/dist/esm/actions/editorialWorkflow.js" {
  export function loadUnpublishedEntry(collection: unknown, slug: string): unknown
}
declare module "decap-cms-core/dist/esm/actions/entries.js" {
  export function changeDraftField(change: unknown): unknown
}

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

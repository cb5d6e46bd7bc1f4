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

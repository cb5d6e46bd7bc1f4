/**
 * What the admin's browser code (cms/app/) and the build's CMS steps both need. Nothing here needs
 * Node: the admin bundle imports it.
 */

/**
 * Decap's local backend (decap-server, `npm run cms`), reached through the page's own origin (the
 * admin names it at start-up, cms/app/index.tsx): in development Gatsby proxies it (gatsby-config
 * `proxy`), under `npm run serve` nginx does, so the CMS connects to nothing but its origin.
 */
export const LOCAL_CMS_BACKEND = { prefix: "/api", path: "/api/v1", url: "http://localhost:8081" } as const

/** The admin's folder in public/, and so its address: /admin/. */
export const ADMIN_DIR = "admin"

/**
 * The file beside the admin script with the other languages' texts of the content every preview
 * shares (cms/site-texts.ts): fetched when a preview first needs it, so the admin script stays the
 * same size however many case studies there are.
 */
export const SITE_TEXTS_FILE = "site-texts.json"
export const SITE_TEXTS_URL = `/${ADMIN_DIR}/${SITE_TEXTS_FILE}`

/** What the CMS says when it refuses to save an entry; the fields it names say why. */
export const REFUSAL_MESSAGE = "Not saved: some fields need attention. Each says what is wrong in red."

/**
 * The commit status the build server posts on a draft's pull request with the address of its preview
 * (scripts/preview-status.ts); Decap's github backend reads the status of this context
 * (`preview_context`) and shows "View Preview" on the draft with its address.
 */
export const PREVIEW_STATUS_CONTEXT = "site/preview"

/** Decap's name for the JSON format the admin registers (format.ts): keys written in the fields' order. */
export const CONTENT_FORMAT = "content-json"

/**
 * The Decap widgets the admin registers (cms/app/decap-cms.ts), by the names the configuration uses;
 * "hidden" is Decap's own. A field with any other widget would show "no control" in the CMS.
 */
export const CMS_WIDGETS = [
  "boolean",
  "datetime",
  "image",
  "list",
  "number",
  "object",
  "relation",
  "select",
  "string",
  "text",
] as const
export type CmsWidgetName = (typeof CMS_WIDGETS)[number]

/** The Decap backends the admin registers: GitHub deployed, "proxy" for decap-server locally. */
export const CMS_BACKENDS = ["github", "proxy"] as const

/**
 * Where the editors' admin is in a build: written by the CMS's build step (cms/admin.ts, the script
 * by cms/bundle.ts), weighed by the publish path's byte budgets (deploy/publish/gates/budgets.ts).
 */
/** The admin's folder in public/, and so its address: /admin/. */
export const ADMIN_DIR = "admin"
/** Its one script, /admin/cms.js. */
export const ADMIN_SCRIPT = "cms.js"

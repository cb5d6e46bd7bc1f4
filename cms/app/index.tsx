/**
 * The admin's script (cms/bundle.ts builds it into /admin/cms.js): Decap CMS (./decap-cms.ts),
 * the content format that keeps each file's key order, the site's document CSS and faces in the
 * preview frame, and a preview template for every content type, registered under the name Decap
 * looks it up by. Decap reads the rest of its configuration from /admin/config.yml.
 */
import CMS from "./decap-cms"
import { en } from "decap-cms-locales"
import type { ComponentType } from "react"
import { createRoot } from "react-dom/client"
import { globalCss } from "../../src/styles/global-css"
import { theme } from "../../src/styles/theme"
import { contentJsonFormat } from "../format"
import { cmsCollectionOf } from "../collections"
import { LOCAL_CMS_BACKEND } from "../../contracts/local-backend"
import { CONTENT_FORMAT } from "../shared"
import { adminPhrases } from "./admin-phrases"
import { entryCheckWidget } from "./entry-check/control"
import { afterSave, beforePublish, beforeSave } from "./save-handlers"
import { forgetLeftForms } from "./entry-versions"
import { followBackupRestores } from "./decap-internals/store"
import { iconChoiceWidget } from "./icon-choice"
import { zurichTimeWidget } from "./zurich-time"
import { previewComponent } from "./preview-pane"
import { SiteReleaseCorner } from "./release-notes"
import { TranslationsView } from "./translations-view"
import { DeletedStudiesView } from "./deleted-studies"
import { PREVIEW_TEMPLATES } from "./templates"

type DecapPreview = Parameters<typeof CMS.registerPreviewTemplate>[1]

CMS.registerCustomFormat(CONTENT_FORMAT, "json", contentJsonFormat(CMS_DOCUMENTS))
// Decap's notices in the admin's words (admin-phrases.ts).
CMS.registerLocale("en", adminPhrases(en))
// The admin's own widgets (ADMIN_WIDGETS); Decap's typing of a control's props is looser than what
// they read.
CMS.registerWidget(entryCheckWidget.name, entryCheckWidget.controlComponent as never, entryCheckWidget.previewComponent)
CMS.registerWidget(iconChoiceWidget.name, iconChoiceWidget.controlComponent as never, iconChoiceWidget.previewComponent)
CMS.registerWidget(zurichTimeWidget.name, zurichTimeWidget.controlComponent as never, zurichTimeWidget.previewComponent)
// Around each save and publish (save-handlers.ts): one built on a version the editor did not open is
// refused; a save adds a study's old slug, so its old address leads to the new one, and the record of
// the translations to check (cms/on-save.ts). A form the editor leaves stands on nothing any more.
CMS.registerEventListener({ name: "preSave", handler: ({ entry }) => beforeSave(entry as never) as never })
CMS.registerEventListener({ name: "prePublish", handler: ({ entry }) => beforePublish(entry as never) as never })
CMS.registerEventListener({ name: "postSave", handler: ({ entry }) => afterSave(entry as never) as never })
window.addEventListener("hashchange", () => forgetLeftForms(location.hash))
// A form restored from a backup of unsaved edits stands on the version they were built on (entry-versions.ts).
followBackupRestores()
CMS.registerPreviewStyle(globalCss(theme), { raw: true })
for (const [location, template] of Object.entries(PREVIEW_TEMPLATES)) {
  // Decap's own typing of the props is looser than what the previews read (cms/app/decap.ts).
  const preview = previewComponent(template) as ComponentType<never> as DecapPreview
  CMS.registerPreviewTemplate(cmsCollectionOf(location).name, preview)
}
// Decap wants its local backend as a full URL, and the origin is only known here: the one the admin
// was loaded from, which passes decap-server's API on (contracts/local-backend.ts). The same origin answers the
// GitHub sign-in (/api/auth), so every host (a preview deployment too) signs editors in on itself.
CMS.init({
  config: {
    backend: { base_url: location.origin },
    local_backend: { url: new URL(LOCAL_CMS_BACKEND.path, location.origin).href },
  } as never,
})
// Where the latest change to the content is on the site, in a corner of every screen (the form of an
// entry says it of that entry): deletions and photos included, which have no form to show it.
const corner = document.createElement("div")
document.body.append(corner)
createRoot(corner).render(<SiteReleaseCorner {...CMS_REPOSITORY_CONTENT} />)
// The translations to check, and the ones missing, in the other corner (translations-view.tsx).
const translations = document.createElement("div")
document.body.append(translations)
createRoot(translations).render(<TranslationsView {...CMS_REPOSITORY_CONTENT} />)
// The case studies deleted from main, on the case studies' list, each restorable as a draft.
const deleted = document.createElement("div")
document.body.append(deleted)
createRoot(deleted).render(<DeletedStudiesView {...CMS_REPOSITORY_CONTENT} />)

/**
 * The preview bundle's entry (gatsby/cms-preview.ts builds it into /admin/): the site's document CSS
 * and faces in the preview frame, and a preview template for every content type, registered under the
 * name Decap looks it up by. Runs after decap-cms.js and before CMS.init().
 */
import { cmsPlaceOf } from "../../gatsby/content/cms-places"
import { globalCss } from "../styles/global-css"
import { theme } from "../styles/theme"
import type { DecapCms } from "./decap"
import { previewComponent } from "./preview-pane"
import { PREVIEW_TEMPLATES } from "./templates"

const cms = (window as unknown as { CMS: DecapCms }).CMS

cms.registerPreviewStyle(globalCss(theme), { raw: true })
for (const [location, template] of Object.entries(PREVIEW_TEMPLATES)) {
  cms.registerPreviewTemplate(cmsPlaceOf(location).name, previewComponent(template))
}

/**
 * Decap CMS as this site uses it: `decap-cms-core` with the backends and widgets the configuration
 * names (cms/config.ts) registered, as `decap-cms-app` registers every one of them. GitHub deployed,
 * decap-server locally (Decap's `proxy` backend); the widgets of the content schemas. Nothing else
 * reaches the admin's script: no other host's backend, no markdown, code or map editor.
 */
import { type CmsWidgetParam, DecapCmsCore as CMS } from "decap-cms-core"
import { GitHubBackend } from "decap-cms-backend-github"
import { ProxyBackend } from "decap-cms-backend-proxy"
import DecapCmsWidgetBoolean from "decap-cms-widget-boolean"
import DecapCmsWidgetDatetime from "decap-cms-widget-datetime"
import DecapCmsWidgetImage from "decap-cms-widget-image"
import DecapCmsWidgetList from "decap-cms-widget-list"
import DecapCmsWidgetNumber from "decap-cms-widget-number"
import DecapCmsWidgetObject from "decap-cms-widget-object"
import DecapCmsWidgetRelation from "decap-cms-widget-relation"
import DecapCmsWidgetSelect from "decap-cms-widget-select"
import DecapCmsWidgetString from "decap-cms-widget-string"
import DecapCmsWidgetText from "decap-cms-widget-text"
import type { CMS_BACKENDS, CmsWidgetName } from "../shared"
import { withThumbnail } from "./image-control"

/** Backend names as the configuration names them (`backend.name`, and "proxy" for the local one). */
const BACKENDS: Record<(typeof CMS_BACKENDS)[number], unknown> = { github: GitHubBackend, proxy: ProxyBackend }

/** Widget names as the configuration names them (cms/shared.ts); "hidden" is Decap's own. */
const WIDGETS: Record<CmsWidgetName, { Widget(): CmsWidgetParam }> = {
  boolean: DecapCmsWidgetBoolean,
  datetime: DecapCmsWidgetDatetime,
  image: DecapCmsWidgetImage,
  list: DecapCmsWidgetList,
  number: DecapCmsWidgetNumber,
  object: DecapCmsWidgetObject,
  relation: DecapCmsWidgetRelation,
  select: DecapCmsWidgetSelect,
  string: DecapCmsWidgetString,
  text: DecapCmsWidgetText,
}

for (const [name, backend] of Object.entries(BACKENDS)) CMS.registerBackend(name, backend)
for (const widget of Object.values(WIDGETS)) {
  const registered = widget.Widget()
  // The image field's thumbnails of saved images draw (image-control.tsx).
  const control =
    widget === DecapCmsWidgetImage ? withThumbnail(registered.controlComponent as never) : registered.controlComponent
  CMS.registerWidget({ ...registered, controlComponent: control as never })
}

export default CMS

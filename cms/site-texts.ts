/**
 * The texts in every language but English of the content the previews share with every page (the
 * site settings, the home page's industry cards, the case studies page, the case studies), as the
 * build reads them, written beside the admin script (cms/admin.ts, SITE_TEXTS_FILE), which a preview
 * fetches once (cms/app/site-data.ts): they grow with the case studies, the script does not. Decap hands a preview other entries
 * in its default language only, so a preview in French takes these texts with the entries' English
 * fields as saved; an edit to one of these files' French texts shows in the other entries' previews
 * from the next build on.
 */
import fs from "node:fs"
import path from "node:path"
import { DEFAULT_LOCALE, LOCALES } from "../model/locales"
import { SHARED_PREVIEW_CONTENT } from "./places"

/** content path -> locale -> that language's own document (its texts). */
export type SiteTexts = Record<string, Record<string, unknown>>

export function siteTexts(contentDir: string): SiteTexts {
  const { settings, caseStudiesPage, caseStudies, industries } = SHARED_PREVIEW_CONTENT
  const files = [
    settings,
    industries,
    caseStudiesPage,
    ...fs
      .readdirSync(path.join(contentDir, caseStudies))
      .filter((file) => file.endsWith(".json"))
      .map((file) => `${caseStudies}/${file}`),
  ]
  const others = LOCALES.filter((locale) => locale !== DEFAULT_LOCALE)
  return Object.fromEntries(
    files.map((file) => {
      const data = JSON.parse(fs.readFileSync(path.join(contentDir, file), "utf8")) as Record<string, unknown>
      return [file, Object.fromEntries(others.map((locale) => [locale, data[locale]]))]
    }),
  )
}

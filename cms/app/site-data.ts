/**
 * The content every preview shares with the site's own static query: site settings (header, footer,
 * labels) and the home page's industry cards (the footer's case-study links); the case studies and
 * the case studies page (the case list and the case pages' labels).
 * Taken from the content as saved now, in every language (saved-content.ts), so a preview shows what
 * is saved, and checked with the content schemas, as the build checks them.
 */
import { useMemo } from "react"
import type { z } from "zod"
import { inCaseOrder } from "../../model/case-order"
import { SHARED_PREVIEW_CONTENT } from "../collections"
import { jsonPath } from "../../model/problems"
import { schemaIssues } from "../../model/schema-issues"
import { industriesSchema, siteSettingsSchema } from "../../model/schemas"
import { caseStudiesPageSchema, caseStudySchema } from "../../model/page-schemas"
import type { ContentFiles } from "../../model/content-check"
import { useSavedContent } from "./saved-content"
import { DEFAULT_LOCALE, type Locale } from "../../model/locales"
import { inLocale } from "../../model/localized-content"

export interface SiteData {
  settings: z.output<typeof siteSettingsSchema>
  /** In the site's order. */
  caseStudies: z.output<typeof caseStudySchema>[]
  caseStudiesPage: z.output<typeof caseStudiesPageSchema>
  industries: z.output<typeof industriesSchema>
}

const SHARED = SHARED_PREVIEW_CONTENT

/** Saved data as the site gets it, once the build would accept it. */
function checked<S extends z.ZodType>(schema: S, data: unknown, what: string): z.output<S> {
  const [issue] = schemaIssues(schema, data)
  if (issue) throw new Error(`The saved ${what} would stop the build: ${jsonPath(issue.segments)}: ${issue.message}`)
  return data as z.output<S>
}

/** A saved file's document in a language: the English one, or another's texts with the English shared fields. */
function documentIn<S extends z.ZodType>(
  files: ContentFiles,
  relative: string,
  schema: S,
  locale: Locale,
  what: string,
) {
  const text = files.get(relative)
  if (text === undefined) throw new Error(`The saved ${what} could not be read: ${relative} is not saved`)
  const file = JSON.parse(text) as Record<string, unknown>
  return checked(schema, inLocale(schema, file[DEFAULT_LOCALE], file[locale], locale).document, what)
}

/** The site's data in a language, from the content as saved now (saved-content.ts), every language's. */
export function siteDataOf(files: ContentFiles, locale: Locale): SiteData {
  const studies = [...files.keys()]
    .filter((relative) => relative.startsWith(`${SHARED.caseStudies}/`))
    .map((relative) => documentIn(files, relative, caseStudySchema, locale, "case studies"))
  return {
    settings: documentIn(files, SHARED.settings, siteSettingsSchema, locale, "site settings"),
    caseStudies: inCaseOrder(studies),
    caseStudiesPage: documentIn(
      files,
      SHARED.caseStudiesPage,
      caseStudiesPageSchema,
      locale,
      "case studies page texts",
    ),
    industries: documentIn(files, SHARED.industries, industriesSchema, locale, "industries section"),
  }
}

export type SiteDataState =
  { status: "loading" } | { status: "ready"; data: SiteData } | { status: "failed"; message: string }

/** The site's data in a language, redrawn when a save changes it. */
export function useSiteData(locale: Locale): SiteDataState {
  const saved = useSavedContent()
  return useMemo((): SiteDataState => {
    if (saved.status !== "ready") return saved
    try {
      return { status: "ready", data: siteDataOf(saved.files, locale) }
    } catch (error) {
      return { status: "failed", message: error instanceof Error ? error.message : String(error) }
    }
  }, [saved, locale])
}

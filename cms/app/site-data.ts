/**
 * The content every preview shares with the site's own static query: site settings (header, footer,
 * labels) and the home page's industry cards (the footer's case-study links); the case studies and
 * the case studies page (the case list and the case pages' labels).
 * Loaded from the CMS's backend, so a preview shows what is saved now, and checked with the content
 * schemas, as the build checks them.
 */
import { useEffect, useState } from "react"
import type { z } from "zod"
import { inCaseOrder } from "../../model/case-order"
import { CMS_PLACES, SHARED_PREVIEW_CONTENT } from "../places"
import { SITE_TEXTS_FILE, SITE_TEXTS_URL } from "../shared"
import { jsonPath } from "../../model/problems"
import { schemaIssues } from "../../model/schema-issues"
import { caseStudiesPageSchema, caseStudySchema, industriesSchema, siteSettingsSchema } from "../../model/schemas"
import { loadedData, plain, type PreviewTemplateProps } from "./decap"
import { DEFAULT_LOCALE, type Locale } from "../../model/locales"
import { inLocale } from "../../model/localized-content"
import type { SiteTexts } from "../site-texts"

export interface SiteData {
  settings: z.output<typeof siteSettingsSchema>
  /** In the site's order. */
  caseStudies: z.output<typeof caseStudySchema>[]
  caseStudiesPage: z.output<typeof caseStudiesPageSchema>
  industries: z.output<typeof industriesSchema>
}

type GetCollection = PreviewTemplateProps["getCollection"]

const SHARED = SHARED_PREVIEW_CONTENT
const SETTINGS = CMS_PLACES[SHARED.settings]
const CASE_STUDIES = CMS_PLACES[SHARED.caseStudies]
const CASE_STUDIES_PAGE = CMS_PLACES[SHARED.caseStudiesPage]
const INDUSTRIES = CMS_PLACES[SHARED.industries]

/** Saved data as the site gets it, once the build would accept it. */
function checked<S extends z.ZodType>(schema: S, data: unknown, what: string): z.output<S> {
  const [issue] = schemaIssues(schema, data)
  if (issue) throw new Error(`The saved ${what} would stop the build: ${jsonPath(issue.segments)}: ${issue.message}`)
  return data as z.output<S>
}

/**
 * Every other language's texts of the shared content, as of the build (cms/site-texts.ts): the file
 * beside the admin script, fetched once, when the first preview needs it.
 */
let builtTexts: Promise<SiteTexts> | undefined
const loadBuiltTexts = (): Promise<SiteTexts> =>
  (builtTexts ??= fetch(SITE_TEXTS_URL).then((response) => {
    if (!response.ok)
      throw new Error(`The other languages' texts could not be loaded: ${SITE_TEXTS_FILE} answered ${response.status}`)
    return response.json() as Promise<SiteTexts>
  }))

/**
 * The site's data in a language: the English documents as saved (Decap hands previews other entries
 * in its default language only), each other language's texts as of the build.
 */
export async function loadSiteData(getCollection: GetCollection, locale: Locale): Promise<SiteData> {
  const texts = locale === DEFAULT_LOCALE ? {} : await loadBuiltTexts()
  const inLanguage = <S extends z.ZodType>(schema: S, english: unknown, file: string) =>
    inLocale(schema, english, texts[file]?.[locale], locale).document
  const [settings, caseStudies, caseStudiesPage, industries] = await Promise.all([
    getCollection(SETTINGS.collection, SETTINGS.name),
    getCollection(CASE_STUDIES.collection),
    getCollection(CASE_STUDIES_PAGE.collection, CASE_STUDIES_PAGE.name),
    getCollection(INDUSTRIES.collection, INDUSTRIES.name),
  ])
  const studies = (plain(caseStudies) as unknown[]).map((entry) => {
    const { slug } = plain(entry) as { slug: string }
    const english = loadedData(entry)
    return checked(
      caseStudySchema,
      inLanguage(caseStudySchema, english, `${SHARED.caseStudies}/${slug}.json`),
      "case studies",
    )
  })
  return {
    settings: checked(
      siteSettingsSchema,
      inLanguage(siteSettingsSchema, loadedData(settings), SHARED.settings),
      "site settings",
    ),
    caseStudies: inCaseOrder(studies),
    caseStudiesPage: checked(
      caseStudiesPageSchema,
      inLanguage(caseStudiesPageSchema, loadedData(caseStudiesPage), SHARED.caseStudiesPage),
      "case studies page texts",
    ),
    industries: checked(
      industriesSchema,
      inLanguage(industriesSchema, loadedData(industries), SHARED.industries),
      "industries section",
    ),
  }
}

export type SiteDataState =
  { status: "loading" } | { status: "ready"; data: SiteData } | { status: "failed"; message: string }

export function useSiteData(getCollection: GetCollection, locale: Locale): SiteDataState {
  const [state, setState] = useState<SiteDataState>({ status: "loading" })
  useEffect(() => {
    let current = true
    loadSiteData(getCollection, locale).then(
      (data) => current && setState({ status: "ready", data }),
      (error: Error) => current && setState({ status: "failed", message: error.message }),
    )
    return () => {
      current = false
    }
  }, [getCollection, locale])
  return state
}

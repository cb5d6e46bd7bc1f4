/**
 * One preview: the entry checked with its content schema, then drawn by the site's own components
 * with the site's data, their styles written into the preview frame. An entry the build would refuse
 * is not drawn half-way: the pane lists what the build would stop on, by field.
 */
import type { ReactNode } from "react"
import styled, { StyleSheetManager } from "styled-components"
import type { z } from "zod"
import { fieldTrail } from "../collections"
import { withoutCheckField } from "../format"
import { type SchemaIssue, schemaIssues } from "../../model/schema-issues"
import { theme } from "../../src/styles/theme"
import { fieldAt, plain, type PreviewTemplateProps } from "./decap"
import { StaticQueryContext, type StaticSiteData } from "./stand-ins/gatsby"
import { type SiteData, useSiteData } from "./site-data"
import { useSavedContent } from "./saved-content"
import { DEFAULT_LOCALE, LANGUAGE_NAMES_IN_ENGLISH, type Locale, isLocale } from "../../model/locales"
import { localeDocumentIssues } from "../../model/localized-content"
import { HOME_PATH } from "../../model/routes"
import { PageLanguageProvider } from "../../src/i18n/locale"

export interface PreviewContext {
  site: SiteData
  /** The language the preview is drawn in. */
  locale: Locale
  /** The URL of a stored media path, looked up with the media folder of the field at `field`. */
  assetUrl: (path: string, field: readonly string[]) => string
}

export interface PreviewTemplate {
  schema: z.ZodType
  render: (data: unknown, context: PreviewContext) => ReactNode
}

/** A template for one content type: its schema, and how the site draws data of that shape. */
export function previewTemplate<S extends z.ZodType>(
  schema: S,
  render: (data: z.output<S>, context: PreviewContext) => ReactNode,
): PreviewTemplate {
  return { schema, render: (data, context) => render(data as z.output<S>, context) }
}

/** The answer of the site's static query (hooks/use-site-settings.ts) for this site data, in a language. */
export const staticQueryOf = (
  { settings, industries }: Pick<SiteData, "settings" | "industries">,
  locale: Locale,
): StaticSiteData => ({
  allSiteSettings: { nodes: [{ ...settings, locale }] },
  allHomeIndustries: { nodes: [{ ...industries, locale }] },
})

const Notice = styled.section`
  max-width: ${theme.layout.text};
  margin: ${theme.space[4]};
  padding: ${theme.space[3]} ${theme.space[4]};
  border-left: ${theme.border.rule} solid ${theme.color.bronze};
  background: ${theme.color.paper};

  h2 {
    margin-bottom: ${theme.space[1]};
    font-size: ${theme.fontSize.h3};
  }

  ul {
    display: grid;
    gap: ${theme.space[1]};
    margin-top: ${theme.space[2]};
    padding-left: ${theme.space[3]};
  }
`

const Status = styled.p`
  margin: ${theme.space[4]};
  color: ${theme.color.mutedOnLight};
`

function Problems({ issues }: { issues: readonly SchemaIssue[] }) {
  return (
    <Notice role="alert" aria-labelledby="preview-problems">
      <h2 id="preview-problems">Not previewed yet</h2>
      <p>The site would not build with this entry until these are put right:</p>
      <ul>
        {issues.map((issue) => (
          <li key={`${issue.segments.join(".")}: ${issue.message}`}>
            <strong>{fieldTrail(issue.segments)}</strong>: {issue.message}
          </li>
        ))}
      </ul>
    </Notice>
  )
}

/** The language the editor has open, as the site names it. */
const localeOf = (value: string | undefined): Locale => (isLocale(value) ? value : DEFAULT_LOCALE)

type EnglishState = { status: "loading" } | { status: "ready"; data: unknown } | { status: "unsaved" }

/**
 * The entry's English document as saved, for a preview in another language: that language's document
 * holds the texts only, and the shared fields come from English (model/locales.ts). A shared field
 * changed in English shows in the other language's preview once it is saved.
 */
function useSavedEnglish({ entry }: PreviewTemplateProps): EnglishState {
  const saved = useSavedContent()
  const path = entry.get("path")
  if (!path) return { status: "unsaved" }
  if (saved.status !== "ready") return { status: "loading" }
  const text = saved.files.get(path.replace(/^[^/]+\//, ""))
  if (text === undefined) return { status: "unsaved" }
  return { status: "ready", data: (JSON.parse(text) as Record<string, unknown>)[DEFAULT_LOCALE] }
}

/**
 * The entry in the language the editor has open, as the site would draw it: for English the entry
 * itself; for another language its texts with the saved English shared fields. With the issues the
 * build would stop on, at their place in that language's document.
 */
function useEntryInLocale(props: PreviewTemplateProps, template: PreviewTemplate, locale: Locale) {
  const own = withoutCheckField(plain(props.entry.get("data")))
  const english = useSavedEnglish(props)
  if (locale === DEFAULT_LOCALE)
    return { status: "ready" as const, data: own, issues: schemaIssues(template.schema, own) }
  if (english.status !== "ready") return english
  const { document, issues } = localeDocumentIssues(template.schema, english.data, own, locale)
  return { status: "ready" as const, data: document, issues }
}

function Preview({ template, ...props }: { template: PreviewTemplate } & PreviewTemplateProps) {
  const { fields, getAsset } = props
  const locale = localeOf(props.locale)
  const site = useSiteData(locale)
  // Drawn as the site draws it: the entry as stored, once the build would accept it.
  const shown = useEntryInLocale(props, template, locale)
  if (shown.status === "loading") return <Status role="status">Loading the English text…</Status>
  if (shown.status === "unsaved") {
    return (
      <Status role="status">
        Save the English text first: the {LANGUAGE_NAMES_IN_ENGLISH[locale]} preview takes the fields both languages
        share from it.
      </Status>
    )
  }
  if (shown.issues.length > 0) return <Problems issues={shown.issues} />
  if (site.status === "loading") return <Status role="status">Loading the site’s texts…</Status>
  if (site.status === "failed") return <Status role="alert">{site.message}</Status>
  return (
    <PageLanguageProvider locale={locale} route={HOME_PATH}>
      <StaticQueryContext.Provider value={staticQueryOf(site.data, locale)}>
        {template.render(shown.data, {
          site: site.data,
          locale,
          assetUrl: (path, field) => getAsset(path, fieldAt(fields, field)).toString(),
        })}
      </StaticQueryContext.Provider>
    </PageLanguageProvider>
  )
}

/** The component Decap renders for one content type, inside the preview frame. */
export function previewComponent(template: PreviewTemplate) {
  return function PreviewInFrame(props: PreviewTemplateProps) {
    return (
      // The pane is an iframe: styled-components must write its rules into the frame's own head.
      <StyleSheetManager target={props.document.head}>
        <Preview template={template} {...props} />
      </StyleSheetManager>
    )
  }
}

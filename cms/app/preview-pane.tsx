/**
 * One preview: the entry checked with its content schema, then drawn by the site's own components
 * with the site's data, their styles written into the preview frame. An entry the build would refuse
 * is not drawn half-way: the pane lists what the build would stop on, by field.
 */
import type { ReactNode } from "react"
import styled, { StyleSheetManager } from "styled-components"
import type { z } from "zod"
import { labelOf, listLabels } from "../places"
import type { PathSegment } from "../../model/problems"
import { type SchemaIssue, schemaIssues } from "../../model/schema-issues"
import { theme } from "../../src/styles/theme"
import { fieldAt, plain, type PreviewTemplateProps } from "./decap"
import { StaticQueryContext, type StaticSiteData } from "./stand-ins/gatsby"
import { type SiteData, useSiteData } from "./site-data"

export interface PreviewContext {
  site: SiteData
  /** The URL of a stored media path, looked up with the media folder of the field at `field`. */
  assetUrl: (path: string, field: readonly string[]) => string
}

export interface PreviewTemplate {
  schema: z.ZodType
  render: (data: unknown, context: PreviewContext) => ReactNode
  /** What is wrong with the entry given the name of the file it is saved in (a folder collection's). */
  fileIssues?: (fileName: string, data: unknown) => SchemaIssue[]
}

/** A template for one content type: its schema, and how the site draws data of that shape. */
export function previewTemplate<S extends z.ZodType>(
  schema: S,
  render: (data: z.output<S>, context: PreviewContext) => ReactNode,
  fileIssues?: PreviewTemplate["fileIssues"],
): PreviewTemplate {
  return { schema, render: (data, context) => render(data as z.output<S>, context), fileIssues }
}

/** The answer of the site's static query (hooks/use-site-settings.ts) for this site data. */
export const staticQueryOf = ({
  settings,
  caseStudies,
}: Pick<SiteData, "settings" | "caseStudies">): StaticSiteData => ({
  siteSettings: settings,
  allCaseStudy: { nodes: caseStudies },
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

/** "metrics.timeframe" as the form names it: "Metrics › Timeframe"; list items count from 1. */
export const fieldTrail = (path: readonly PathSegment[]): string =>
  path.length === 0
    ? "This entry"
    : path
        .map((segment, index) => {
          if (typeof segment === "number") return `#${segment + 1}`
          // A segment followed by an index is a list, which the form labels as one (listLabels).
          return typeof path[index + 1] === "number" ? listLabels(String(segment)).label : labelOf(String(segment))
        })
        .join(" › ")

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

function Preview({
  template,
  entry,
  fields,
  getAsset,
  getCollection,
}: { template: PreviewTemplate } & PreviewTemplateProps) {
  const site = useSiteData(getCollection)
  // Drawn as the site draws it: the entry as stored, once the build would accept it.
  const data = plain(entry.get("data"))
  const fileName = entry.get("slug")
  const issues = [
    ...schemaIssues(template.schema, data),
    ...(fileName && template.fileIssues ? template.fileIssues(fileName, data) : []),
  ]
  if (issues.length > 0) return <Problems issues={issues} />
  if (site.status === "loading") return <Status role="status">Loading the site’s texts…</Status>
  if (site.status === "failed") return <Status role="alert">{site.message}</Status>
  return (
    <StaticQueryContext.Provider value={staticQueryOf(site.data)}>
      {template.render(data, {
        site: site.data,
        assetUrl: (path, field) => getAsset(path, fieldAt(fields, field)).toString(),
      })}
    </StaticQueryContext.Provider>
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

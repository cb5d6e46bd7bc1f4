/**
 * `gatsby` in the admin script (cms/bundle.ts). The site's components import Link,
 * navigate, graphql and useStaticQuery; in the CMS's preview pane there is no Gatsby runtime, so
 * Link is a plain anchor (the pane opens links in a new tab), navigate stays put, graphql tags are
 * inert, and useStaticQuery answers with the site data the preview loaded from the CMS. The unit tests
 * use this module as their `gatsby` too (vitest.config.ts), with the shipped content as site data.
 */
import { type AnchorHTMLAttributes, createContext, useContext } from "react"

/** What the site's one static query (hooks/use-site-settings.ts) asks for: every language's, each node naming its `locale`. */
export interface StaticSiteData {
  allSiteSettings: { nodes: readonly unknown[] }
  allHomeIndustries: { nodes: readonly unknown[] }
}

export const StaticQueryContext = createContext<StaticSiteData | null>(null)

/** Site data for components drawn outside a preview: the unit tests set it (test/setup.ts). */
let siteDataOutsidePreviews: StaticSiteData | null = null

export function provideSiteData(data: StaticSiteData | null): void {
  siteDataOutsidePreviews = data
}

export const graphql = (): string => ""

export const navigate = async (): Promise<void> => undefined

/** The site is never under a path prefix here. */
export const withPrefix = (path: string): string => path

type LinkProps = { to: string } & AnchorHTMLAttributes<HTMLAnchorElement>

export function Link({ to, children, ...props }: LinkProps) {
  return (
    <a href={to} {...props}>
      {children}
    </a>
  )
}

export function useStaticQuery(): StaticSiteData {
  const data = useContext(StaticQueryContext) ?? siteDataOutsidePreviews
  if (!data) throw new Error("A preview rendered a component that needs site data outside its provider")
  return data
}

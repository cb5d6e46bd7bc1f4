import { type GatsbySSR, withPrefix } from "gatsby"
import type { ReactElement } from "react"
import { renderToString } from "react-dom/server"
import { Helmet } from "react-helmet"
import { globalCss } from "./src/styles/global-css"
import { aboveTheFoldFonts } from "./src/styles/font-files"
import { theme } from "./src/styles/theme"
import { loadDeferredCode } from "./src/components/ui/deferred"
import { withPageLanguage } from "./src/i18n/locale"
import { PAGE_VERSION_ATTRIBUTE, PrerenderedVersion, withPageVersion } from "./src/navigation/page-version"
import { FAVICON_PATH, MANIFEST_PATH } from "./gatsby/manifest-head"
import {
  type ModuleContext,
  PAGE_PATH_SCRIPT_ID,
  evaluateInPathOrder,
  gatsbyChanged,
} from "./build-steps/gatsby-internals"
import { PAGE_POLICY_HTTP_EQUIV, UNFINISHED_PAGE_POLICY } from "./build-steps/post-build/policy-meta"

/**
 * A page rendered after others (a full build) and the same page rendered alone (a build that renders
 * only what changed) carry the same CSS: every module of src/ is evaluated here, in the order of their
 * paths, before any page is rendered (build-steps/gatsby-internals.ts, "rendererBundle"); webpack's documented
 * `require.context` lists them (test/build-steps/gatsby-contract.test.ts checks the order, and that
 * Gatsby's renderer evaluates this file before any page).
 */
evaluateInPathOrder(
  (require as unknown as { context: (dir: string, deep: boolean, match: RegExp) => ModuleContext }).context(
    "./src",
    true,
    /^\.\/(?!.*\.d\.ts$).*\.tsx?$/,
  ),
)

/** The favicon's version (gatsby/manifest-head.ts), set by gatsby-node.ts for the pages' render. */
declare const __ICON_VERSION__: string

/**
 * The page's own Content-Security-Policy goes here, ahead of all its inline code; the build writes it
 * once the page is final (build-steps/post-build/page-policy.ts). Built pages only: `gatsby develop` runs
 * code of its own that no policy of the build's would know.
 */
const PAGE_POLICY_KEY = "page-policy"
const pagePolicy = () =>
  process.env.NODE_ENV === "production"
    ? [<meta key={PAGE_POLICY_KEY} httpEquiv={PAGE_POLICY_HTTP_EQUIV} content={UNFINISHED_PAGE_POLICY} />]
    : []

/**
 * The page's policy; fonts fetched with the HTML rather than after the CSS is parsed, so text paints
 * in its face; the document-wide CSS written here once, outside the JavaScript bundle. (The page's
 * own head tags come from react-helmet, in `replaceRenderer`.)
 */
export const onRenderBody: GatsbySSR["onRenderBody"] = ({ setHeadComponents }) => {
  setHeadComponents([
    ...pagePolicy(),
    ...aboveTheFoldFonts().map((href) => (
      <link key={href} rel="preload" href={href} as="font" type="font/woff2" crossOrigin="anonymous" />
    )),
    <style key="global-css" data-global-css="" dangerouslySetInnerHTML={{ __html: globalCss(theme) }} />,
    // The manifest and favicon gatsby/web-manifest.ts writes after the build.
    <meta key="theme-color" name="theme-color" content={theme.color.ink} />,
    <link key="icon" rel="icon" href={`${withPrefix(FAVICON_PATH)}?v=${__ICON_VERSION__}`} type="image/png" />,
    <link key="manifest" rel="manifest" href={withPrefix(MANIFEST_PATH)} crossOrigin="anonymous" />,
  ])
}

/** React's mark for a Suspense boundary the server could not render, left for the browser to draw. */
const CLIENT_RENDERED_BOUNDARY = "<!--$!-->"

/**
 * The page's body and head, rendered here rather than by Gatsby's default. The code of the page's
 * deferred parts is loaded first (src/components/ui/deferred.tsx), so nothing suspends and the page
 * renders in one synchronous pass with `renderToString`: Gatsby's default, React 18's streaming
 * renderer, leaves NUL bytes in the HTML where a multi-byte character straddles its 2,048-byte buffer
 * inside a Suspense boundary (fixed only in React 19), and the islands put every page inside such
 * boundaries. react-helmet's head is read in the same pass and handed to Gatsby here: its state is
 * one for the whole process, and Gatsby renders two pages at once, so read any later it could be the
 * other page's. The page hands its version to a receiver given to this render alone, written on <html>
 * (src/navigation/page-version.tsx).
 * A part that still suspended would reach the visitor as an empty boundary: the build stops instead.
 */
export const replaceRenderer: GatsbySSR["replaceRenderer"] = async ({
  bodyComponent,
  replaceBodyHTMLString,
  setHeadComponents,
  setHtmlAttributes,
  setBodyAttributes,
  pathname,
}) => {
  await loadDeferredCode()
  let version: string | undefined
  const html = renderToString(
    <PrerenderedVersion.Provider value={(rendered) => (version = rendered)}>
      {bodyComponent as ReactElement}
    </PrerenderedVersion.Provider>,
  )
  const head = Helmet.renderStatic()
  if (html.includes(CLIENT_RENDERED_BOUNDARY)) {
    throw new Error(
      `gatsby-ssr.tsx: part of ${pathname} suspended while prerendering and would reach visitors empty; load its code in loadDeferredCode (src/components/ui/deferred.tsx)`,
    )
  }
  if (!version) {
    throw new Error(`gatsby-ssr.tsx: ${pathname} was rendered without its version (src/navigation/page-version.tsx)`)
  }
  replaceBodyHTMLString(html)
  setHtmlAttributes({ ...head.htmlAttributes.toComponent(), [PAGE_VERSION_ATTRIBUTE]: version } as object)
  setBodyAttributes(head.bodyAttributes.toComponent())
  setHeadComponents(
    [head.title, head.link, head.meta, head.noscript, head.script, head.style, head.base].flatMap(
      (tags) => tags.toComponent() as unknown as ReactElement[],
    ),
  )
}

/** The page's version (src/navigation/page-version.tsx) and language (its context) for every component in it. */
export const wrapPageElement: GatsbySSR["wrapPageElement"] = ({ element, props }) =>
  withPageVersion(withPageLanguage({ element, props }), props)

/**
 * Gatsby ends each page with `window.pagePath`, whose one use is to send a visitor who loaded a page
 * at another address on to the page's own (production-app.js), unless the address is a client-only
 * route's. The hosts serve each page at its own address (a slashless one redirects), and the
 * not-found pages answer every unknown address in place: with the script, Gatsby would move the
 * visitor to /fr/404.html, or the site would need client-only routes, whose every page Gatsby then
 * lists in the bundle all pages load (7.9 kB more per page with 500 case studies). Left out through
 * Gatsby's documented onPreRenderHTML (build-steps/gatsby-internals.ts, "pagePathScript"): a built page without
 * it stops the build.
 *
 * The page's policy goes first in its head, ahead of all inline code, whichever of the hooks above
 * Gatsby calls first.
 */
export const onPreRenderHTML: GatsbySSR["onPreRenderHTML"] = ({
  pathname,
  getHeadComponents,
  replaceHeadComponents,
  getPostBodyComponents,
  replacePostBodyComponents,
}) => {
  const isPolicy = (component: unknown) => (component as ReactElement | null)?.key === PAGE_POLICY_KEY
  const head = getHeadComponents()
  replaceHeadComponents([...head.filter(isPolicy), ...head.filter((component) => !isPolicy(component))])
  const postBody = getPostBodyComponents()
  const kept = postBody.filter(
    (component) => (component as ReactElement<{ id?: string }>).props?.id !== PAGE_PATH_SCRIPT_ID,
  )
  if (process.env.NODE_ENV === "production" && kept.length === postBody.length) {
    throw gatsbyChanged("pagePathScript", `${pathname} has no <script id="${PAGE_PATH_SCRIPT_ID}"> to leave out`)
  }
  replacePostBodyComponents(kept)
}

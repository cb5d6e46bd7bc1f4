import type { GatsbySSR } from "gatsby"
import { globalCss } from "./src/styles/global-css"
import { aboveTheFoldFonts } from "./src/styles/font-files"
import { theme } from "./src/styles/theme"
import { loadDeferredCode } from "./src/components/ui/deferred"
import { withPageLanguage } from "./src/i18n/locale"
import { FAVICON_PATH, MANIFEST_PATH } from "./gatsby/manifest-head"

/** The favicon's version (gatsby/manifest-head.ts), set by gatsby-node.ts for the pages' render. */
declare const __ICON_VERSION__: string

/**
 * Fonts are fetched with the HTML rather than after the CSS is parsed, so text paints in its face;
 * the document-wide CSS is written here once, outside the JavaScript bundle.
 */
export const onRenderBody: GatsbySSR["onRenderBody"] = ({ setHeadComponents }) => {
  setHeadComponents([
    ...aboveTheFoldFonts().map((href) => (
      <link key={href} rel="preload" href={href} as="font" type="font/woff2" crossOrigin="anonymous" />
    )),
    <style key="global-css" data-global-css="" dangerouslySetInnerHTML={{ __html: globalCss(theme) }} />,
    // The manifest and favicon gatsby/web-manifest.ts writes after the build.
    <meta key="theme-color" name="theme-color" content={theme.color.ink} />,
    <link key="icon" rel="icon" href={`${FAVICON_PATH}?v=${__ICON_VERSION__}`} type="image/png" />,
    <link key="manifest" rel="manifest" href={MANIFEST_PATH} crossOrigin="anonymous" />,
  ])
}

/**
 * Before Gatsby renders a page (it does when no plugin replaces the renderer, as here), the code of
 * the page's deferred parts is loaded, so the page renders in one pass (src/components/ui/deferred.tsx).
 */
export const replaceRenderer: GatsbySSR["replaceRenderer"] = async () => {
  await loadDeferredCode()
}

/** The page's language (its context, gatsby/localize-pages.ts) for every component in it. */
export const wrapPageElement: GatsbySSR["wrapPageElement"] = withPageLanguage

import type { GatsbySSR } from "gatsby"
import { globalCss } from "./src/styles/global-css"
import { aboveTheFoldFonts } from "./src/styles/font-files"
import { theme } from "./src/styles/theme"
import { loadDeferredCode } from "./src/components/ui/deferred"

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
  ])
}

/**
 * Before Gatsby renders a page (it does when no plugin replaces the renderer, as here), the code of
 * the page's deferred parts is loaded, so the page renders in one pass (src/components/ui/deferred.tsx).
 */
export const replaceRenderer: GatsbySSR["replaceRenderer"] = async () => {
  await loadDeferredCode()
}

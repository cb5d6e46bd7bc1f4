import type { GatsbySSR } from "gatsby"
import { PageElement, RootElement } from "./src/root-element"
import { ABOVE_THE_FOLD_FONTS } from "./src/styles/font-files"

export const wrapRootElement: GatsbySSR["wrapRootElement"] = ({ element }) => <RootElement>{element}</RootElement>

export const wrapPageElement: GatsbySSR["wrapPageElement"] = ({ element }) => <PageElement>{element}</PageElement>

/** Fonts are fetched with the HTML rather than after the CSS is parsed, so text paints in its face. */
export const onRenderBody: GatsbySSR["onRenderBody"] = ({ setHeadComponents }) => {
  setHeadComponents(
    ABOVE_THE_FOLD_FONTS.map((href) => (
      <link key={href} rel="preload" href={href} as="font" type="font/woff2" crossOrigin="anonymous" />
    )),
  )
}

import type { GatsbySSR } from "gatsby"
import displayFont from "@fontsource/cormorant-garamond/files/cormorant-garamond-latin-400-normal.woff2"
import { RootElement } from "./src/root-element"

export const wrapRootElement: GatsbySSR["wrapRootElement"] = ({ element }) => <RootElement>{element}</RootElement>

/** The hero headline's face is fetched with the HTML rather than after the CSS is parsed. */
export const onRenderBody: GatsbySSR["onRenderBody"] = ({ setHeadComponents }) => {
  setHeadComponents([
    <link key="preload-display-font" rel="preload" href={displayFont} as="font" type="font/woff2" crossOrigin="anonymous" />,
  ])
}

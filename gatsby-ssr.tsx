import type { GatsbySSR } from "gatsby"
import { RootElement } from "./src/root-element"

export const wrapRootElement: GatsbySSR["wrapRootElement"] = ({ element }) => <RootElement>{element}</RootElement>

import type React from "react"
import styled from "styled-components"
import { useSiteSettings } from "../../hooks/use-site-settings"
import { Header } from "./header"
import { MAIN_ID, SkipLink } from "./skip-link"
import { island } from "../ui/island"

/** Below the fold of every page: it hydrates once its code has arrived (src/components/ui/island.tsx). */
const Footer = island(
  () => import(/* webpackChunkName: "footer" */ "./footer"),
  (m) => m.Footer,
)

/** No top padding: the first band of every page runs under the transparent header. */
const Main = styled.main`
  &:focus {
    outline: none;
  }
`

/** The frame of every page: skip link, sticky header, main content, footer. */
export function Layout({ children }: { children: React.ReactNode }) {
  const settings = useSiteSettings()
  return (
    <>
      <SkipLink>{settings.skipLinkLabel}</SkipLink>
      <Header />
      <Main id={MAIN_ID} tabIndex={-1}>
        {children}
      </Main>
      <Footer />
    </>
  )
}

import type React from "react"
import styled from "styled-components"
import { useSiteSettings } from "../../hooks/use-site-settings"
import { Footer } from "./footer"
import { Header } from "./header"
import { MAIN_ID, SkipLink } from "./skip-link"

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

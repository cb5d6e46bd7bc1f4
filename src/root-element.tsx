import type React from "react"
import { ThemeProvider } from "styled-components"
import { GlobalStyles } from "./styles/global-styles"
import { theme } from "./styles/theme"

/** Wraps the whole app on the server and in the browser, so both render the same tree. */
export function RootElement({ children }: { children: React.ReactNode }) {
  return <ThemeProvider theme={theme}>{children}</ThemeProvider>
}

/**
 * Wraps each page. Global styles live here rather than in the root wrapper: only inside it does
 * gatsby-plugin-styled-components collect styles into the prerendered HTML.
 */
export function PageElement({ children }: { children: React.ReactNode }) {
  return (
    <>
      <GlobalStyles />
      {children}
    </>
  )
}

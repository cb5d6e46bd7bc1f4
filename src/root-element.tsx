import type React from "react"
import { ThemeProvider } from "styled-components"
import { GlobalStyles } from "./styles/global-styles"
import { theme } from "./styles/theme"

/** Wraps the whole app on the server and in the browser, so both render the same tree. */
export function RootElement({ children }: { children: React.ReactNode }) {
  return (
    <ThemeProvider theme={theme}>
      <GlobalStyles />
      {children}
    </ThemeProvider>
  )
}

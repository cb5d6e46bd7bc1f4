import { render } from "@testing-library/react"
import type React from "react"
import { ThemeProvider } from "styled-components"
import { theme } from "../../src/styles/theme"

/** Renders inside the site's theme, as the root element does on the site. */
export function renderWithTheme(ui: React.ReactElement) {
  return render(<ThemeProvider theme={theme}>{ui}</ThemeProvider>)
}

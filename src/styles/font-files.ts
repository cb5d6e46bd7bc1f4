/** The font files a page paints with above the fold; gatsby-ssr.tsx preloads them. */
import displayItalic from "@fontsource/cormorant-garamond/files/cormorant-garamond-latin-400-italic.woff2"
import display from "@fontsource/cormorant-garamond/files/cormorant-garamond-latin-400-normal.woff2"
import text from "@fontsource/inter/files/inter-latin-400-normal.woff2"
import textSemibold from "@fontsource/inter/files/inter-latin-600-normal.woff2"

/** Pages that render the home screen, whose hero sets the rotating industry in the italic. */
const HOME_SCREEN_PATHS = ["/", "/404/", "/404.html"]

/**
 * Every page uses the display roman and both text weights; only the home screen uses the italic, so
 * only it preloads that file (a preload nothing renders with is a wasted download).
 */
export function aboveTheFoldFonts(pathname: string): string[] {
  const fonts = [display, text, textSemibold]
  return HOME_SCREEN_PATHS.includes(pathname) ? [display, displayItalic, text, textSemibold] : fonts
}

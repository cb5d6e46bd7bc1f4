/** The font files every page paints with above the fold; gatsby-ssr.tsx preloads them. */
import displayItalic from "@fontsource/cormorant-garamond/files/cormorant-garamond-latin-400-italic.woff2"
import display from "@fontsource/cormorant-garamond/files/cormorant-garamond-latin-400-normal.woff2"
import text from "@fontsource/inter/files/inter-latin-400-normal.woff2"
import textSemibold from "@fontsource/inter/files/inter-latin-600-normal.woff2"

export const ABOVE_THE_FOLD_FONTS = [display, displayItalic, text, textSemibold]

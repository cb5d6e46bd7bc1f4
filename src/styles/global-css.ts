import { WEB_FACES, webFontFace } from "./font-files"
import { FALLBACK_FACES, fallbackFontFace } from "./fonts"
import type { Theme } from "./theme"

/**
 * The document-wide rules, as plain CSS that gatsby-ssr.tsx writes into the head of every page:
 * they never change after the first paint, so they cost the browser no JavaScript.
 */
export const globalCss = (theme: Theme): string =>
  `
  ${WEB_FACES.map(webFontFace).join("\n")}
  ${FALLBACK_FACES.map(fallbackFontFace).join("\n")}

  *,
  *::before,
  *::after {
    box-sizing: border-box;
  }

  html {
    -webkit-text-size-adjust: 100%;
    text-size-adjust: 100%;
    scroll-padding-top: ${theme.layout.headerHeight};
  }

  /* On a desktop, room for a classic scrollbar whether or not the page scrolls yet: a page painted
     while its HTML still arrives does not move sideways when the scrollbar comes. Not below: phones
     and tablets overlay theirs, and there the open menu, which holds the page still, would leave the
     empty room showing beside it. */
  ${theme.media.lg} {
    html {
      scrollbar-gutter: stable;
    }
  }

  /* Only once the app runs: a deep link opened from outside lands on its section at once. */
  ${theme.media.motionOk} {
    html[data-hydrated] {
      scroll-behavior: smooth;
    }
  }

  body {
    margin: 0;
    background: ${theme.color.ivory};
    color: ${theme.color.ink};
    font-family: ${theme.font.text};
    font-size: ${theme.fontSize.body};
    line-height: ${theme.lineHeight.body};
    -webkit-font-smoothing: antialiased;
    -moz-osx-font-smoothing: grayscale;
    text-rendering: optimizeLegibility;
  }

  h1,
  h2,
  h3,
  h4 {
    margin: 0;
    font-family: ${theme.font.display};
    font-weight: ${theme.fontWeight.regular};
    line-height: ${theme.lineHeight.heading};
    letter-spacing: ${theme.letterSpacing.display};
    text-wrap: balance;
  }

  p {
    margin: 0;
  }

  ul,
  ol {
    margin: 0;
    padding: 0;
  }

  img,
  svg {
    display: block;
    max-width: 100%;
  }

  a {
    color: inherit;
  }

  /* Sections receive focus after a section link; the scroll itself shows where the visitor is. */
  section[tabindex="-1"]:focus {
    outline: none;
  }

  /* Bronze holds 3:1 against ivory and paper, gold against ink: dark bands switch the ring colour. */
  :root {
    --focus-ring: ${theme.color.bronze};
  }

  :focus-visible {
    outline: ${theme.layout.focusRing} solid var(--focus-ring);
    outline-offset: ${theme.layout.focusOffset};
  }

  ::selection {
    background: ${theme.color.goldLight};
    color: ${theme.color.ink};
  }

  /* Printed, a page is a document: A4 with its margins, no line left alone at a page's foot or
     head, and each link to another site followed by its address, which paper cannot follow. */
  @page {
    size: A4;
    margin: 20mm 18mm 22mm;
  }

  ${theme.media.print} {
    body {
      background: none;
    }

    p,
    li {
      orphans: 3;
      widows: 3;
    }

    main a[href^="http"]::after,
    main a[data-leads-to]::after {
      content: " (" attr(href) ")";
      font-family: ${theme.font.text};
      font-size: ${theme.fontSize.small};
      font-weight: ${theme.fontWeight.regular};
      letter-spacing: normal;
      text-transform: none;
      white-space: normal;
      overflow-wrap: anywhere;
    }

    /* A link through the site's own address (the scheduler's) prints where it leads. */
    main a[data-leads-to]::after {
      content: " (" attr(data-leads-to) ")";
    }
  }

  ${theme.media.reducedMotion} {
    *,
    *::before,
    *::after {
      animation-duration: 0.01ms !important;
      animation-iteration-count: 1 !important;
      /* No transition at all, not a very short one: a visibility change must apply in the same
         frame, or an opening menu is still hidden when focus is moved into it. */
      transition-duration: 0s !important;
      transition-delay: 0s !important;
      scroll-behavior: auto !important;
    }
  }
`
    .replace(/\/\*[\s\S]*?\*\//g, "")
    // On one line, without a space no rule needs (every line ends a rule, a declaration or a selector
    // of a list): the French home page's HTML then stays within a phone's first round trip, which
    // 42 bytes more of it left (mobile LCP 1,054 ms to 1,202 ms; docs/performance.md).
    .replace(/\s*\n\s*/g, "")
    .replace(/\s*([{};,])\s*/g, "$1")
    .replace(/:\s+/g, ":")
    .trim()

/** Design tokens. No colour, size, duration or breakpoint literal lives outside this file. */
export const breakpoints = {
  sm: 480,
  md: 768,
  lg: 1024,
} as const

export const theme = {
  color: {
    ink: "#0E0F13",
    inkRaised: "#17191F",
    ivory: "#F5F1E8",
    paper: "#FBF9F4",
    gold: "#B8975A",
    goldLight: "#D4B77C",
    bronze: "#765824",
    mutedOnDark: "#A8A39A",
    mutedOnLight: "#5E5A53",
    hairlineOnLight: "rgba(14, 15, 19, 0.14)",
    hairlineOnDark: "rgba(245, 241, 232, 0.16)",
    scrim: "rgba(14, 15, 19, 0.6)",
    glow: "rgba(184, 151, 90, 0.14)",
  },
  font: {
    display: `"Cormorant Garamond", "Cormorant Garamond Fallback", Georgia, "Times New Roman", serif`,
    text: `"Inter", "Inter Fallback", system-ui, -apple-system, "Segoe UI", Roboto, Helvetica, Arial, sans-serif`,
  },
  /** Only these weights are loaded: see styles/font-files.ts. */
  fontWeight: {
    regular: 400,
    semibold: 600,
  },
  fontSize: {
    label: "0.75rem",
    small: "0.875rem",
    body: "1rem",
    lead: "clamp(1.0625rem, 0.98rem + 0.4vw, 1.25rem)",
    h4: "1.375rem",
    brand: "clamp(1.125rem, 1rem + 0.6vw, 1.375rem)",
    h3: "clamp(1.5rem, 1.3rem + 0.8vw, 2rem)",
    h2: "clamp(2rem, 1.5rem + 2vw, 3.25rem)",
    h1: "clamp(2.5rem, 1.6rem + 3.6vw, 5rem)",
    metric: "clamp(2.25rem, 1.8rem + 1.8vw, 3.5rem)",
  },
  lineHeight: {
    tight: 1.1,
    heading: 1.2,
    body: 1.65,
  },
  letterSpacing: {
    display: "-0.01em",
    label: "0.16em",
    tag: "0.04em",
  },
  space: {
    half: "0.25rem",
    1: "0.5rem",
    2: "1rem",
    3: "1.5rem",
    4: "2rem",
    5: "2.5rem",
    6: "3rem",
    8: "4rem",
    10: "5rem",
    12: "6rem",
    16: "8rem",
  },
  section: {
    paddingMobile: "4rem",
    paddingDesktop: "8rem",
  },
  radius: {
    small: "2px",
    pill: "999px",
  },
  border: {
    hairline: "1px",
    rule: "2px",
  },
  motion: {
    fast: "160ms",
    base: "280ms",
    slow: "560ms",
    marquee: "60s",
    rise: "0.15em",
    easing: "cubic-bezier(0.22, 0.61, 0.36, 1)",
  },
  layout: {
    content: "75rem",
    text: "42rem",
    gutter: "clamp(1.25rem, 4vw, 3rem)",
    headerHeight: "4.5rem",
    touchTarget: "2.75rem",
    menuWidth: "22rem",
    ornament: "min(46vw, 40rem)",
    buttonHeight: "3rem",
    titleMeasure: "20ch",
    heroMeasure: "16ch",
    metricMin: "9rem",
    summary: "22rem",
    searchMin: "16rem",
    iconSize: "1.5rem",
    iconSmall: "0.75rem",
    iconLarge: "3rem",
    focusRing: "2px",
    focusOffset: "3px",
  },
  zIndex: {
    header: 100,
    overlay: 150,
    menu: 160,
    skipLink: 200,
  },
  media: {
    sm: `@media (min-width: ${breakpoints.sm}px)`,
    md: `@media (min-width: ${breakpoints.md}px)`,
    lg: `@media (min-width: ${breakpoints.lg}px)`,
    reducedMotion: "@media (prefers-reduced-motion: reduce)",
    motionOk: "@media (prefers-reduced-motion: no-preference)",
    print: "@media print",
  },
} as const

export type Theme = typeof theme

/** Declarations for a dark band: its focus ring turns gold to keep its contrast on ink. */
export const onDark = `--focus-ring: ${theme.color.gold};`

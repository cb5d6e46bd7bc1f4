/**
 * Lighthouse CI over every route of the built site, served compressed by LHCI's own static server.
 * One preset per run: LIGHTHOUSE_PRESET=mobile (the default) or desktop; scripts/lighthouse-ci.sh runs both.
 * Budgets and the number of runs per route come from quality-budgets.json; every assertion reads the
 * median run.
 */
const fs = require("node:fs")
const path = require("node:path")

const budgets = require("./quality-budgets.json").lighthouse
const preset = process.env.LIGHTHOUSE_PRESET === "desktop" ? "desktop" : "mobile"

/**
 * The routes to audit are the build's own sitemap (e2e/seo.spec.ts checks it lists exactly the
 * site's routes), so a new case study is audited without touching this file.
 */
function sitemapRoutes() {
  const sitemap = path.join(__dirname, "public", "sitemap-0.xml")
  if (!fs.existsSync(sitemap)) throw new Error(`${sitemap} is missing: run the build first.`)
  const locations = [...fs.readFileSync(sitemap, "utf8").matchAll(/<loc>([^<]+)<\/loc>/g)]
  return locations.map((match) => new URL(match[1]).pathname)
}

/** Every assertion reads the median run; the ones not enforced yet warn instead of failing. */
const median = (id, options) => [
  id,
  [budgets.reportedNotEnforced.includes(id) ? "warn" : "error", { ...options, aggregationMethod: "median-run" }],
]

const escapeRegex = (text) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")
/** A URL pattern of one route, whatever host and port LHCI serves it on. */
const routePattern = (route) => `^https?://[^/]+${escapeRegex(route)}$`

/**
 * Every route gets the budgets; a route still over the LCP target (largestContentfulPaintMs, e.g.
 * mobileHeld) is held at its own value instead, by a matrix entry of its own that the others exclude.
 */
function assertMatrix() {
  const lcp = budgets.largestContentfulPaintMs
  const held = Object.entries(lcp[`${preset}Held`] ?? {}).filter(([route]) => route.startsWith("/"))
  const assertions = (lcpMs) => ({
    ...Object.fromEntries(
      Object.entries(budgets.categories).map(([category, minScore]) => median(`categories:${category}`, { minScore })),
    ),
    ...Object.fromEntries([
      median("largest-contentful-paint", { maxNumericValue: lcpMs }),
      median("total-blocking-time", { maxNumericValue: budgets.totalBlockingTimeMs }),
      median("cumulative-layout-shift", { maxNumericValue: budgets.cumulativeLayoutShift }),
    ]),
  })
  const others = held.map(([route]) => `(?!${routePattern(route).slice(1)})`).join("")
  return [
    { matchingUrlPattern: `^${others}.*`, assertions: assertions(lcp[preset]) },
    ...held.map(([route, lcpMs]) => ({ matchingUrlPattern: routePattern(route), assertions: assertions(lcpMs) })),
  ]
}

module.exports = {
  ci: {
    collect: {
      staticDistDir: path.join(__dirname, "public"),
      url: sitemapRoutes(),
      numberOfRuns: budgets.runs[preset],
      chromePath: process.env.CHROME_PATH || "/usr/bin/chromium",
      settings: {
        ...(preset === "desktop" ? { preset: "desktop" } : {}),
        disableFullPageScreenshot: true,
        // The same flags as every other Chromium of the tests (e2e/browser.ts), headless.
        chromeFlags: ["--headless=new", ...require("./e2e/chromium-flags.json")].join(" "),
      },
    },
    assert: { assertMatrix: assertMatrix() },
    upload: {
      target: "filesystem",
      outputDir: path.join(__dirname, ".tmp/lighthouse", preset),
      reportFilenamePattern: "%%PATHNAME%%-%%DATETIME%%-report.%%EXTENSION%%",
    },
  },
}

/**
 * Lighthouse CI over every route of the built site, served compressed by LHCI's own static server.
 * One preset per run: LIGHTHOUSE_PRESET=mobile (the default) or desktop; scripts/lighthouse-ci.sh runs both.
 * Budgets and the number of runs per route come from quality-budgets.json; every assertion reads the
 * median of the runs' values.
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

/**
 * Each round audits every route once, and the next round starts over: a slow minute on a shared
 * machine then costs each route at most one of its runs, instead of every run of one route (LHCI
 * would run a route's runs back to back). The assertions group the runs by URL.
 */
const rounds = (routes, count) => Array.from({ length: count }, () => routes).flat()

/**
 * Every assertion reads the median of the runs' values (LHCI's "median-run" would take all values from
 * one representative run, chosen by FCP and TTI, whose blocking time can be the slowest of five); the
 * ones not enforced yet warn instead of failing.
 */
const median = (id, options) => [
  id,
  [budgets.reportedNotEnforced.includes(id) ? "warn" : "error", { ...options, aggregationMethod: "median" }],
]

/** Every route, every category at its minimum score, and the timings within their budgets. */
const assertions = () => ({
  ...Object.fromEntries(
    Object.entries(budgets.categories).map(([category, minScore]) => median(`categories:${category}`, { minScore })),
  ),
  ...Object.fromEntries([
    median("largest-contentful-paint", { maxNumericValue: budgets.largestContentfulPaintMs[preset] }),
    median("total-blocking-time", { maxNumericValue: budgets.totalBlockingTimeMs }),
    median("cumulative-layout-shift", { maxNumericValue: budgets.cumulativeLayoutShift }),
  ]),
})

module.exports = {
  ci: {
    collect: {
      staticDistDir: path.join(__dirname, "public"),
      url: rounds(sitemapRoutes(), budgets.runs[preset]),
      numberOfRuns: 1,
      chromePath: process.env.CHROME_PATH || "/usr/bin/chromium",
      settings: {
        ...(preset === "desktop" ? { preset: "desktop" } : {}),
        disableFullPageScreenshot: true,
        // Audits no category scores (weight 0): the back/forward-cache check alone navigates away and
        // back on every run, a second or two each of the 66 runs.
        skipAudits: ["bf-cache", "screenshot-thumbnails", "final-screenshot"],
        // The same flags as every other Chromium of the tests (e2e/browser.ts), headless.
        chromeFlags: ["--headless=new", ...require("./e2e/chromium-flags.json")].join(" "),
      },
    },
    assert: { assertions: assertions() },
    upload: {
      target: "filesystem",
      outputDir: path.join(__dirname, ".tmp/lighthouse", preset),
      reportFilenamePattern: "%%PATHNAME%%-%%DATETIME%%-report.%%EXTENSION%%",
    },
  },
}

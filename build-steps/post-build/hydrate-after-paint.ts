import fs from "node:fs"
import path from "node:path"
import { parseHtml } from "../built-html"
import { SCRIPTS_SLICE, SCRIPTS_SLICE_ID, gatsbyChanged } from "../gatsby-internals"

/**
 * Every page is complete HTML and CSS before any JavaScript runs, so the browser should paint it
 * first and only then spend a slow phone's CPU on React. Gatsby ends each page with its bundles as
 * `<script src async>`, which run the moment they arrive, often before the first paint, and which
 * take bandwidth from the fonts the first paint is waiting for. After the build, each page instead
 * fetches and runs them with a small inline loader once its first contentful paint is on screen.
 * Everything on the page works without them except the few controls that need React (the menu, the
 * motion toggles), which come alive a moment later.
 */

const BUNDLE_TAG = /<script src="([^"]+)" async(?:="")?><\/script>/g
const LOADER_ID = "hydrate-after-paint"
/** A paint that never comes (or is never reported) holds the bundles back no longer than this. */
export const FALLBACK_MS = 3000

/**
 * Runs in the page, inlined as written here (on one line: every line ends a statement or a block):
 * a string, not a function of this module, so the page
 * carries the same bytes (and its policy the same hash) whichever compiler loads this file, Gatsby's
 * for the build or the test runner's when a test recomputes the policy. Appends the bundles once,
 * after the first contentful paint; at once on a page nobody sees (a background tab does not paint);
 * after the first frame where paint timing is not supported.
 */
export const LOADER_FUNCTION = `function (bundles, fallbackMs) {
  var loaded = false;
  var load = function () {
    if (loaded) return;
    loaded = true;
    bundles.forEach(function (src) {
      var script = document.createElement("script");
      script.src = src;
      document.body.appendChild(script);
    });
  };
  setTimeout(load, fallbackMs);
  if (document.visibilityState === "hidden") return load();
  var types = window.PerformanceObserver && PerformanceObserver.supportedEntryTypes;
  if (!types || types.indexOf("paint") === -1) {
    requestAnimationFrame(function () { setTimeout(load, 0); });
    return;
  }
  new PerformanceObserver(function (entries, observer) {
    if (entries.getEntriesByName("first-contentful-paint").length === 0) return;
    observer.disconnect();
    setTimeout(load, 0);
  }).observe({ type: "paint", buffered: true });
}`.replace(/\n\s*/g, "")

/** The loader's code for a page that runs `bundles`: what its inline script holds, and its policy hashes. */
export const loaderSource = (bundles: readonly string[]): string =>
  `(${LOADER_FUNCTION})(${JSON.stringify(bundles)},${FALLBACK_MS})`

export const loaderScript = (bundles: readonly string[]): string =>
  `<script id="${LOADER_ID}">${loaderSource(bundles)}</script>`

/** A loader this step wrote before (to remove it when the page is deferred again). */
const LOADER_TAG = new RegExp(`<script id="${LOADER_ID}">[\\s\\S]*?</script>`)
/** The end of the loader's code: the call with its bundle list and fallback delay. */
const LOADER_CALL = /\)\((\[[^\]]*\]),\d+\)$/

/** The bundles a built page's loader runs after its first paint (none if it has no loader). */
export function deferredBundles(html: string): string[] {
  const loader = parseHtml(html).querySelector(`script#${LOADER_ID}`)
  const call = loader && LOADER_CALL.exec(loader.rawText)
  return call ? (JSON.parse(call[1]) as string[]) : []
}

/**
 * The page with its bundles deferred past the first paint; `null` for HTML that is not a Gatsby page
 * (no scripts slice). A page Gatsby did not re-stitch since the last build still carries the loader
 * instead of the bundle tags: its list is read back from it, so the loader is always the current one.
 */
export function deferBundles(html: string, file: string): string | null {
  const slice = SCRIPTS_SLICE.exec(html)
  if (!slice) return null
  const [, start, content, end] = slice
  const previous = deferredBundles(content)
  const bundles = previous.length > 0 ? previous : [...content.matchAll(BUNDLE_TAG)].map((match) => match[1])
  if (bundles.length === 0) {
    throw gatsbyChanged("scriptsSlice", `${file}: its scripts slice has no <script src async> bundles to defer`)
  }
  const rest = content.replace(LOADER_TAG, "").replace(BUNDLE_TAG, "")
  return html.replace(SCRIPTS_SLICE, () => start + rest + loaderScript(bundles) + end)
}

/**
 * Defers the bundles of the pages in `files` (HTML files under `publicDir`). A page without the
 * scripts slice stops the build: Gatsby's output no longer has the shape this step expects, and
 * skipping it would ship pages that load their bundles before the first paint. The build runs it on
 * the pages it has not finished yet (build-steps/post-build/finish-pages.ts).
 */
export function deferPages(publicDir: string, files: readonly string[]): number {
  for (const file of files) {
    const full = path.resolve(publicDir, file)
    const html = fs.readFileSync(full, "utf8")
    const deferred = deferBundles(html, path.relative(publicDir, full))
    if (deferred === null) {
      throw gatsbyChanged(
        "scriptsSlice",
        `${path.relative(publicDir, full)} has no "${SCRIPTS_SLICE_ID}" slice around its bundles, so they cannot be deferred past the first paint`,
      )
    }
    if (deferred !== html) fs.writeFileSync(full, deferred)
  }
  return files.length
}

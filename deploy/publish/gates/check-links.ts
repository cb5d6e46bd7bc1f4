/**
 * linkinator over the built site: every internal link, asset, CSS url() and #fragment must
 * resolve. External URLs are never fetched (builds are offline); they are checked for form instead:
 * https (or mailto) and a well-formed address. An address the host redirects out of the site (Book a
 * Demo's way to the scheduler: the hosting policy's departures) is checked as where it leads. Exits 1
 * on any broken link.
 */
import fs from "node:fs"
import path from "node:path"
import { LinkChecker, LinkState } from "linkinator"
import { pagesToCheck } from "../pages-to-check"
import { HOSTING_DIR } from "../../../contracts/hosting"
import { HOSTING_POLICY_FILE, parseHostingPolicy } from "../../../contracts/hosting-policy"

const PUBLIC = path.resolve(process.argv[2] ?? "public")
const LOCAL = /^https?:\/\/(localhost|127\.0\.0\.1)(:\d+)?\//

/** Why an external URL is malformed, or null when it is fine to publish. */
export function externalUrlProblem(link: string): string | null {
  let url: URL
  try {
    url = new URL(link)
  } catch {
    return "not a valid URL"
  }
  if (url.protocol === "mailto:")
    return /^[^@\s]+@[^@\s]+\.[a-z]{2,}$/i.test(url.pathname) ? null : "not a valid address"
  if (url.protocol !== "https:") return `uses ${url.protocol.replace(":", "")}, not https`
  if (!url.hostname.includes(".") || /\s/.test(link)) return "has no valid host"
  return null
}

/** Where each address that leads out of the site leads, by its path, from the build's hosting policy. */
function departuresOf(publicDir: string): Map<string, string> {
  const file = path.join(path.dirname(publicDir), HOSTING_DIR, HOSTING_POLICY_FILE)
  if (!fs.existsSync(file)) return new Map()
  const { departures } = parseHostingPolicy(fs.readFileSync(file, "utf8"), file)
  return new Map(departures.map(({ from, to }) => [from, to]))
}

/** How often a link whose fetch failed for the server's sake is tried again before it counts as broken. */
const RETRIES = 3

async function main() {
  const checker = new LinkChecker()
  let retried = 0
  checker.on("retry", () => retried++)
  const external = new Set<string>()
  const departures = departuresOf(PUBLIC)
  // Every page, following links; or the publish path's pages, each link on them (anchors included).
  const { pages, selected } = pagesToCheck(PUBLIC)
  const starts = pages.map((page) => path.relative(PUBLIC, page))
  const result = await checker.check({
    path: starts,
    serverRoot: PUBLIC,
    recurse: !selected,
    checkCss: true,
    checkFragments: true,
    // A bounded number of connections to linkinator's own server, and a refused or reset connection
    // (status 0) or a 5xx from it tried again: the gate judges the site, not its own server's luck
    // (at 500 studies, 10 of 2,408 links once failed so and passed on the next run).
    concurrency: 8,
    retryErrors: true,
    retryErrorsCount: RETRIES,
    retryErrorsJitter: 300,
    linksToSkip: async (link) => {
      if (LOCAL.test(link)) {
        const leadsTo = departures.get(new URL(link).pathname)
        if (leadsTo) external.add(leadsTo)
        return leadsTo !== undefined
      }
      if (/^(https?|mailto|tel):/.test(link)) {
        external.add(link)
        return true
      }
      return false
    },
  })
  const broken = result.links.filter((link) => link.state === LinkState.BROKEN)
  for (const link of broken) {
    const details = (link.failureDetails ?? [])
      .map((detail) => (detail instanceof Error ? detail.message : ""))
      .join(" ")
    console.error(`broken: ${link.url} (status ${link.status ?? "none"}) on ${link.parent ?? "?"} ${details}`.trim())
  }
  const malformed = [...external].flatMap((link) => {
    const problem = externalUrlProblem(link)
    return problem ? [`${link}: ${problem}`] : []
  })
  for (const line of malformed) console.error(`malformed external URL: ${line}`)
  const checked = result.links.filter((link) => link.state !== LinkState.SKIPPED).length
  console.log(
    `linkinator: ${checked} internal links and fragments checked, ${broken.length} broken; ` +
      `${external.size} external URLs checked for form, ${malformed.length} malformed` +
      (retried > 0 ? `; ${retried} fetches tried again after the server refused or failed them` : ""),
  )
  if (broken.length > 0 || malformed.length > 0) process.exitCode = 1
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error)
  process.exitCode = 1
})

/**
 * The hosting policy (hosting-policy.ts) as a CDN's `_headers` and `_redirects` files, read from the
 * published folder by Cloudflare Pages (and, in the same syntax, Netlify). Written for Cloudflare
 * Pages' documented rules: header rules apply in file order, every matching rule adds its headers,
 * a header set twice is joined with a comma, and `! Name` drops what an earlier rule set, so a later,
 * narrower rule replaces a value by dropping it first. The rules are the same whatever the number of
 * pages and files: each page's own Content-Security-Policy is in its HTML, and hashed scripts are
 * matched by their ending (`/*.js`), the folders of unhashed ones set back after. A path that is no
 * page gets the nearest 404.html with status 404, which the build puts where the policy says (no
 * redirect rule needed).
 */
import type { HostingPolicy } from "../../contracts/hosting-policy"

/** Cloudflare Pages' documented limits for `_headers`. */
export const CDN_LIMITS = { rules: 100, lineLength: 2000 }

interface Rule {
  path: string
  headers: Record<string, string>
  /** Headers an earlier rule set that this one replaces. */
  replaces: string[]
}

/** A prefix ("/static/") as a path pattern ("/static/*"). */
const pattern = (prefix: string) => `${prefix}*`

export function headerRules(policy: HostingPolicy): Rule[] {
  const { immutable, cacheControl, documentOnlyHeaders, headers } = policy
  // An immutable file: cached for a year, without the headers that govern documents.
  const cache = (path: string): Rule => ({
    path,
    headers: { "Cache-Control": cacheControl.immutable },
    replaces: ["Cache-Control", ...documentOnlyHeaders],
  })
  // A folder of scripts that keep their names: what the site-wide rule gave them, back.
  const documentHeaders = Object.fromEntries(
    Object.entries(headers).filter(([name]) => documentOnlyHeaders.includes(name)),
  )
  const revalidate = (path: string): Rule => ({
    path,
    headers: { "Cache-Control": cacheControl.revalidate, ...documentHeaders },
    replaces: ["Cache-Control", ...Object.keys(documentHeaders)],
  })
  return [
    { path: "/*", headers: { ...headers, "Cache-Control": cacheControl.revalidate }, replaces: [] },
    cache(`/*${immutable.scripts.suffix}`),
    ...immutable.scripts.except.map((prefix) => revalidate(pattern(prefix))),
    ...policy.prefixHeaders.map(({ prefix, headers: own }) => ({
      path: pattern(prefix),
      headers: own,
      replaces: Object.keys(own).filter((header) => header in headers),
    })),
    ...immutable.prefixes.map((prefix) => cache(pattern(prefix))),
  ]
}

export function headersFile(policy: HostingPolicy): string {
  const rules = headerRules(policy)
  if (rules.length > CDN_LIMITS.rules) {
    throw new Error(`_headers would have ${rules.length} rules; Cloudflare Pages reads at most ${CDN_LIMITS.rules}`)
  }
  const text = rules
    .map(({ path, headers, replaces }) =>
      [
        path,
        ...replaces.map((header) => `  ! ${header}`),
        ...Object.entries(headers).map(([header, value]) => `  ${header}: ${value}`),
      ].join("\n"),
    )
    .join("\n\n")
  const long = text.split("\n").find((line) => line.length > CDN_LIMITS.lineLength)
  if (long) {
    throw new Error(
      `_headers has a line of ${long.length} characters (${long.slice(0, 40).trim()}...); Cloudflare Pages reads at most ${CDN_LIMITS.lineLength}`,
    )
  }
  return `# Written by the build from build-steps/post-build/hosting-policy.ts: edit that, not this.\n${text}\n`
}

/**
 * Every page's address without its trailing slash, and every address a page moved from, with and
 * without it, each to the page in one hop; the addresses that lead elsewhere (302). A gone address (policy.addresses.gone) has no rule: Pages'
 * redirects cannot answer 410, so it gets the nearest 404.html with status 404, as any unknown address.
 */
export function redirectsFile(policy: HostingPolicy): string {
  const rules = policy.pages.filter((page) => page !== "/").map((page) => `${page.slice(0, -1)} ${page} 301`)
  const moved = policy.addresses.moved.flatMap(({ from, to }) => [
    `${from} ${to} 301`,
    `${from.slice(0, -1)} ${to} 301`,
  ])
  // Pages' analytics count these requests (docs/deploying.md, "Who books a demo").
  const departures = policy.departures.flatMap(({ from, to }) => [
    `${from} ${to} 302`,
    `${from.slice(0, -1)} ${to} 302`,
  ])
  return `# Written by the build from build-steps/post-build/hosting-policy.ts: every page has one address, with its trailing slash.\n${rules.join("\n")}\n${moved.length > 0 ? `# Addresses of before, each to the page that moved from it.\n${moved.join("\n")}\n` : ""}# Book a Demo, to the scheduler.\n${departures.join("\n")}\n`
}

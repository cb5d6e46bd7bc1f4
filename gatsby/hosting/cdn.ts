/**
 * The hosting policy (policy.ts) as a CDN's `_headers` and `_redirects` files, read from the
 * published folder by Cloudflare Pages (and, in the same syntax, Netlify). Written for Cloudflare
 * Pages' documented rules: header rules apply in file order, every matching rule adds its headers,
 * a header set twice is joined with a comma, and `! Name` drops what an earlier rule set, so a later,
 * narrower rule replaces a value by dropping it first. A path that is no page gets the nearest
 * 404.html with status 404, which the build puts where the policy says (no redirect rule needed).
 */
import type { HostingPolicy } from "./policy"

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
  // An immutable file: cached for a year, without the headers that govern documents.
  const cache = (path: string): Rule => ({
    path,
    headers: { "Cache-Control": policy.cacheControl.immutable },
    replaces: ["Cache-Control", ...policy.documentOnlyHeaders],
  })
  return [
    { path: "/*", headers: { ...policy.headers, "Cache-Control": policy.cacheControl.revalidate }, replaces: [] },
    ...policy.pagePolicies.map(({ path, csp }) => ({
      path,
      headers: { "Content-Security-Policy": csp },
      replaces: ["Content-Security-Policy"],
    })),
    ...policy.prefixHeaders.map(({ prefix, headers }) => ({
      path: pattern(prefix),
      headers,
      replaces: Object.keys(headers).filter((header) => header in policy.headers),
    })),
    ...policy.immutable.prefixes.map((prefix) => cache(pattern(prefix))),
    ...policy.immutable.files.map(cache),
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
  return `# Written by the build from gatsby/hosting/policy.ts: edit that, not this.\n${text}\n`
}

export function redirectsFile(policy: HostingPolicy): string {
  const rules = policy.pages.filter((page) => page !== "/").map((page) => `${page.slice(0, -1)} ${page} 301`)
  return `# Written by the build from gatsby/hosting/policy.ts: every page has one address, with its trailing slash.\n${rules.join("\n")}\n`
}

/**
 * Mozilla Observatory's rules (its scoring table, version 1.4) applied to what a host really sends,
 * with each page's own policy in its HTML. Checked against the Observatory itself
 * (npm @mdn/mdn-http-observatory 1.4.8, whose install fetches lists from the network, so it cannot be
 * a dependency here): on the shipped HTTPS configuration with a self-signed certificate it graded `/`
 * A+, as these rules do.
 */
import { PAGE_POLICY_META } from "../../build-steps/post-build/policy-meta"

/** Sources the Observatory counts as letting anything in. */
const BROAD = ["*", "http:", "https:", "data:", "'unsafe-inline'"]
const PRIVATE_REFERRER = ["no-referrer", "same-origin", "strict-origin", "strict-origin-when-cross-origin"]
const SIX_MONTHS_S = 15_768_000

const directivesOf = (policy: string) =>
  new Map(
    policy
      .split(";")
      .map((directive) => directive.trim().split(/\s+/))
      .filter(([name]) => name)
      .map(([name, ...sources]) => [name, sources]),
  )

/** How the site answered over plain HTTP at the same address: what the Observatory's redirection test reads. */
export interface PlainHttpAnswer {
  status: number
  location: string | null
}

export interface Transport {
  /** The answer was made over HTTPS (HSTS counts only there). */
  https: boolean
  /** The plain-HTTP answer to the same address. */
  http: PlainHttpAnswer
}

/**
 * The Observatory's score for one response, with each rule that moved it. Like the Observatory, it
 * reads the policy of the header and of the page's `<meta http-equiv>` together (a directive of the
 * header first), and `frame-ancestors` from the header alone, since a browser ignores it in a page.
 * Without `transport`, the response is taken as served over HTTPS with HTTP redirected (a CDN's
 * edge does both); with it, the host is graded by itself.
 */
export function observatoryScore(headers: Headers, html = "", transport?: Transport) {
  const directives = directivesOf(headers.get("content-security-policy") ?? "")
  for (const [, policy] of html.matchAll(PAGE_POLICY_META)) {
    for (const [name, sources] of directivesOf(policy)) {
      if (name !== "frame-ancestors" && !directives.has(name)) directives.set(name, sources)
    }
  }
  const sourcesOf = (name: string) => directives.get(name) ?? directives.get("default-src") ?? []
  const reasons: string[] = []
  let penalties = 0
  let bonus = 0
  const rule = (modifier: number, reason: string) => {
    reasons.push(reason)
    if (modifier < 0) penalties += modifier
    else bonus += modifier
  }
  const scriptSources = sourcesOf("script-src")
  if (directives.size === 0) rule(-25, "csp-not-implemented")
  else if (scriptSources.some((source) => BROAD.includes(source))) rule(-20, "csp-implemented-with-unsafe-inline")
  else if ([...directives.values()].flat().some((source) => source.startsWith("http://"))) {
    rule(-20, "csp-implemented-with-insecure-scheme")
  } else if (scriptSources.includes("'unsafe-eval'")) rule(-10, "csp-implemented-with-unsafe-eval")
  else if (sourcesOf("style-src").some((source) => BROAD.includes(source))) {
    rule(0, "csp-implemented-with-unsafe-inline-in-style-src-only")
  } else if (directives.get("default-src")?.join(" ") === "'none'")
    rule(10, "csp-implemented-with-no-unsafe-default-src-none")
  else rule(0, "csp-implemented-with-no-unsafe")
  if (headers.get("x-content-type-options") !== "nosniff") rule(-5, "x-content-type-options-not-implemented")
  if (directives.get("frame-ancestors")?.join(" ") === "'none'") rule(5, "x-frame-options-implemented-via-csp")
  else if (!headers.get("x-frame-options")) rule(-20, "x-frame-options-not-implemented")
  if (PRIVATE_REFERRER.includes(headers.get("referrer-policy") ?? "")) rule(5, "referrer-policy-private")
  if (transport) {
    const { status, location } = transport.http
    const redirected = status >= 300 && status < 400 && location !== null
    if (!redirected) rule(-20, "redirection-missing")
    else if (!location.startsWith("https://")) rule(-20, "redirection-not-to-https")
    else rule(0, "redirection-to-https")
  }
  const hsts = headers.get("strict-transport-security")
  const maxAge = Number(/max-age=(\d+)/.exec(hsts ?? "")?.[1] ?? 0)
  if (transport && !transport.https) rule(-20, "hsts-not-implemented-no-https")
  else if (transport && !hsts) rule(-20, "hsts-not-implemented")
  else if (maxAge < SIX_MONTHS_S) rule(-10, "hsts-implemented-max-age-less-than-six-months")
  // Extra credit only counts once the score without it is an A (90 or more).
  const score = 100 + penalties >= 90 ? 100 + penalties + bonus : 100 + penalties
  return { score, reasons }
}

/** The Observatory's grade chart, down to C. */
const GRADES: Array<[number, string]> = [
  [100, "A+"],
  [90, "A"],
  [85, "A-"],
  [80, "B+"],
  [70, "B"],
  [65, "B-"],
  [60, "C+"],
  [50, "C"],
]

export const gradeOf = (score: number) => GRADES.find(([least]) => score >= least)?.[1] ?? "below C"

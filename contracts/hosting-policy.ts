/**
 * The hosting policy as the build writes it for the release command (.hosting/policy.json, by
 * build-steps/post-build/hosting-files.ts, from the finished pages): what every response carries, what is
 * cached how, where an unknown address is answered. Each release on an nginx host writes its nginx
 * configuration from it (deploy/release/nginx-control.ts); a CDN gets the same policy as _headers and
 * _redirects.
 */
import * as z from "zod/mini"

/** Its file, in the build's hosting folder (hosting.ts, HOSTING_DIR). */
export const HOSTING_POLICY_FILE = "policy.json"

/**
 * A header's name as HTTP writes one (letters, digits, hyphens): the nginx host writes it into its
 * configuration and makes a variable's name of it, so nothing else may stand there.
 */
const headerName = z.string().check(z.regex(/^[A-Za-z][A-Za-z0-9-]*$/, "is not a header's name"))
const headers = z.record(headerName, z.string())

/**
 * A prefix of the site's addresses (a folder, a service): a path of the characters an address holds
 * unescaped, nothing nginx could read as its own. Written into nginx's locations and maps.
 */
const addressPrefix = z.string().check(z.regex(/^\/[A-Za-z0-9._~/-]*$/, "is not a prefix of the site's addresses"))

/** A path that is no page is answered, with status 404, by the nearest of these pages. */
const notFoundPage = z.object({
  /** Paths under this prefix... */
  prefix: z.string(),
  /** ...get this file (a copy of the page that handles them). */
  file: z.string(),
})
export type NotFoundPage = z.infer<typeof notFoundPage>

/** Scripts cached for a year: every `.js` file, save those under the folders that hold unhashed ones. */
const immutableScripts = z.object({
  /** The file name ending that marks them, matched anywhere in the site (a CDN's `/*.js`). */
  suffix: z.string().check(z.regex(/^\.[a-z0-9]+$/, "is not a file name's ending")),
  /** Folders whose scripts keep their name from build to build, and so revalidate. */
  except: z.array(addressPrefix),
})
export type ImmutableScripts = z.infer<typeof immutableScripts>

/**
 * An address of a page of the site, as slugs make them: folders of lowercase words and hyphens, with
 * its trailing slash. What a hosting file names is checked against it where a release reads the file.
 */
const pageAddress = z.string().check(z.regex(/^\/(?:[a-z0-9]+(?:-[a-z0-9]+)*\/)*$/, "is not a page's address"))

/** Addresses that were pages once: each written with its trailing slash, and answered without it too. */
const hostingAddresses = z.object({
  /** Led for good (301) to the page that was there (a case study moved to a new slug), in one hop. */
  moved: z.array(z.object({ from: pageAddress, to: pageAddress })),
  /** Gone for good (410, a case study deleted), answered by the nearest not-found page. */
  gone: z.array(pageAddress),
})
export type HostingAddresses = z.infer<typeof hostingAddresses>

/**
 * An address of the site that leads elsewhere (Book a Demo's, to the scheduler): answered with a
 * redirect (302) that no cache keeps, so the host's log counts every one.
 */
const departure = z.object({ from: z.string(), to: z.string() })

/**
 * What a departure's address may hold: an https:// address of the characters an address may hold
 * unescaped, without a space, a quote or `$` (nginx would read `$` as its own). The content's schema
 * refuses any other scheduling URL; nginx's writer checks it again.
 */
export const DEPARTURE_ADDRESS = /^https:\/\/[\w\-.~:/?#[\]@!&()*+,;=%]+$/
export type Departure = z.infer<typeof departure>

export const hostingPolicySchema = z.object({
  /** Every page's one address, with its trailing slash; the address without it redirects (301). */
  pages: z.array(z.string()),
  /**
   * The routes a demo page view's `from` may name (each page's route, and the not-found screens'): the
   * visits' log keeps `from` only as one of these (deploy/release/visits-log.ts).
   */
  demoSources: z.array(z.string().check(z.regex(/^\/[\w\-.~/%]*$/, "is not a route"))),
  /** Addresses of pages that moved or are gone (build-steps/post-build/addresses.ts). */
  addresses: hostingAddresses,
  /** Addresses of the site that lead elsewhere, one a language (model/routes.ts, SCHEDULER_PATH). */
  departures: z.array(departure),
  /** Nearest first, the last one for `/`. */
  notFound: z.array(notFoundPage),
  /**
   * Sent with every response, the same whatever the number of pages. Its Content-Security-Policy holds
   * what applies to every page; each page's own, with the hashes of its inline code, is in its HTML
   * (build-steps/post-build/page-policy.ts).
   */
  headers,
  /** Replace headers of the same name under a prefix (the CMS needs its own policy). */
  prefixHeaders: z.array(z.object({ prefix: addressPrefix, headers })),
  /** Addresses answered by a service with headers of its own, to which the host adds none. */
  servicePrefixes: z.array(addressPrefix),
  /** Files whose names carry their content's hash: cached for a year, never revalidated. */
  immutable: z.object({
    prefixes: z.array(addressPrefix),
    scripts: immutableScripts,
    /** The hashed bundles of this build, which `scripts` covers (for reports and tests, not rules). */
    bundles: z.array(z.string()),
  }),
  /**
   * Headers that govern a document (what it may load, embed, open), sent with pages and left off the
   * immutable files: on a font they would only add bytes, and 1.7 kB of them pushed the display face
   * past the ten segments a new connection delivers in its first round trip (mobile LCP +140 ms).
   */
  documentOnlyHeaders: z.array(headerName),
  cacheControl: z.object({ immutable: z.string(), revalidate: z.string() }),
  /** Files in the build that are instructions for a host, never served. */
  hostFiles: z.array(z.string()),
})
export type HostingPolicy = z.infer<typeof hostingPolicySchema>

/** The policy file's text, checked; throws naming `file` and where it is wrong. */
export function parseHostingPolicy(text: string, file: string): HostingPolicy {
  const result = hostingPolicySchema.safeParse(JSON.parse(text))
  if (!result.success) {
    const where = result.error.issues.map((issue) => `${issue.path.join(".") || "the file"}: ${issue.message}`)
    throw new Error(`${file} is not a hosting policy: ${where.slice(0, 3).join("; ")}`)
  }
  return result.data
}

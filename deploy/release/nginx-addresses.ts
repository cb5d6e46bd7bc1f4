/**
 * Every address of the site answers one way, as nginx locations (nginx-config.ts places them): a page
 * at its address with its trailing slash (without it, 301 to it), an address it moved from 301 to it
 * in one hop, a deleted page's 410, any other path the nearest not-found page with 404; the not-found
 * pages' own files, and a page's index.html, are no address of their own. Each value is quoted.
 */
import { type HostingPolicy } from "../../contracts/hosting-policy"
import { quote } from "./nginx-text"

const bothForms = (address: string) => [address, address.slice(0, -1)]

/** Each page's address without its slash, 301 to the page. */
export const slashRedirects = (policy: HostingPolicy): string[] =>
  policy.pages
    .filter((page) => page !== "/")
    .map((page) => `  location = ${quote(page.slice(0, -1))} { return 301 ${quote(page, "$is_args$args")}; }`)

/** Addresses a page moved from, 301 to it; addresses of pages deleted, 410 with the nearest not-found page. */
export function addressesOfBefore(policy: HostingPolicy): { moved: string[]; gone: string[] } {
  const moved = policy.addresses.moved.flatMap(({ from, to }) =>
    bothForms(from).map((address) => `  location = ${quote(address)} { return 301 ${quote(to, "$is_args$args")}; }`),
  )
  const gone = policy.addresses.gone.flatMap((address) => {
    const page = policy.notFound.find(({ prefix }) => address.startsWith(prefix)) ?? policy.notFound.at(-1)!
    return bothForms(address).map(
      (form) => `  location = ${quote(form)} {\n    error_page 410 ${quote(page.file)};\n    return 410;\n  }`,
    )
  })
  return { moved, gone }
}

/**
 * A path that is no page: the nearest not-found page, with 404. A folder is a page only with its
 * index.html ("/static/" answers 404, as on a CDN, not 403), and "${uri}index.html" keeps the served
 * URI free of double slashes, which the policy maps key on. The not-found pages' own files (and the
 * folder each would be as a page) answer 404 as any other path does; the error pages reach them from
 * within. A page's index.html leads to the page (INDEX_REDIRECT); the index module's own requests for
 * it, made from the page's address, are served; spelt any other way, it answers 404.
 */
export function notFoundLocations(policy: HostingPolicy): string {
  const nearest = policy.notFound.map(({ prefix, file }) =>
    [
      `  location ${quote(prefix)} {`,
      `    try_files $uri \${uri}index.html =404;`,
      `    error_page 404 ${quote(file)};`,
      `  }`,
    ].join("\n"),
  )
  const ownFiles = policy.notFound.flatMap(({ file }) =>
    [file, file.replace(/\.html$/, "/")].map(
      (address) => `  location = ${quote(address)} {\n    internal;\n    error_page 404 ${quote(file)};\n  }`,
    ),
  )
  const index = [
    `  location ~ ${quote("/index\\.html$")} {`,
    `    set $index_asked "$uri $request_uri";`,
    `    if ($index_asked ~ ${quote(INDEX_REDIRECT)}) {`,
    `      return 301 $index_page$is_args$args;`,
    `    }`,
    `    if ($request_uri !~ ${quote("^[^?]*/(?:\\?|$)")}) {`,
    `      return 404;`,
    `    }`,
    `  }`,
  ]
  return [...nearest, ...ownFiles, ...index].join("\n")
}

/**
 * When "<page>/index.html" leads to its page, as `$uri $request_uri` (the path as nginx normalised it,
 * then as asked): the page is read from the normalised path, folders that are neither empty nor hold a
 * backslash, so the redirect's target is a path of this site ("/", "/case-studies/hotels/"), never
 * "//host/" nor "/\host/", which browsers read as another site; and only when asked for in that very
 * spelling ("//evil.example/index.html", "%69ndex.html", "a/../index.html" answer 404).
 */
export const INDEX_REDIRECT = "^(?<index_page>/(?:[^/\\x5c\\s]+/)*)index\\.html \\1index\\.html(?:\\?|$)"

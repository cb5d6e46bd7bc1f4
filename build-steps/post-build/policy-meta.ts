/**
 * Where a page carries its own Content-Security-Policy: a `<meta http-equiv>` that gatsby-ssr.tsx
 * writes into every page's head, ahead of all its inline code, holding a policy that allows nothing
 * until the build's last steps replace it with the page's own (page-policy.ts). A page the build did
 * not finish therefore runs no script rather than any. Plain values: the server render reads them.
 */
export const PAGE_POLICY_HTTP_EQUIV = "Content-Security-Policy"

/** What the element says until the build writes the page's policy into it. */
export const UNFINISHED_PAGE_POLICY = "default-src 'none'"

/** The element as React writes it, its policy captured. */
export const PAGE_POLICY_META = /<meta http-equiv="Content-Security-Policy" content="([^"]*)"\/>/g

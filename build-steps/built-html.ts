/**
 * Built HTML, read with a real parser (node-html-parser) wherever the tooling must read it: the
 * hosting policy's inline code, the byte budgets. Script and style bodies stay raw text, exactly the
 * bytes a Content-Security-Policy hash is taken over; what <noscript> holds is parsed, as a browser
 * without scripts draws it.
 */
import { type HTMLElement, parse } from "node-html-parser"

export type { HTMLElement }

/** The last page parsed: the policy step reads each page three times over (its code, its loader, its head). */
let last: { html: string; page: HTMLElement } | undefined

/** The tree of `html`, to read, never to change: the same HTML parsed again gives the same tree. */
export const parseHtml = (html: string): HTMLElement => {
  if (last?.html !== html) last = { html, page: parse(html, { blockTextElements: { script: true, style: true } }) }
  return last.page
}

/** Whether an element sits inside a <noscript>: drawn only by a browser that runs no scripts. */
export const inNoscript = (element: HTMLElement): boolean => element.closest("noscript") !== null

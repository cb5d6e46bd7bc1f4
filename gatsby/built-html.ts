/**
 * Built HTML, read with a real parser (node-html-parser) wherever the tooling must read it: the
 * hosting policy's inline code, the byte budgets. Script and style bodies stay raw text, exactly the
 * bytes a Content-Security-Policy hash is taken over; what <noscript> holds is parsed, as a browser
 * without scripts draws it.
 */
import { type HTMLElement, parse } from "node-html-parser"

export type { HTMLElement }

export const parseHtml = (html: string): HTMLElement =>
  parse(html, { blockTextElements: { script: true, style: true } })

/** Whether an element sits inside a <noscript>: drawn only by a browser that runs no scripts. */
export const inNoscript = (element: HTMLElement): boolean => element.closest("noscript") !== null

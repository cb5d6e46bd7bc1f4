/**
 * The pages a gate of the build checks: every page, or on the publish path only those the change
 * made different and those listing them (deploy/publish/publish.ts names them in a file, one path under
 * public/ a line, and gives that file's path in CHECK_PAGES).
 */
import fs from "node:fs"
import path from "node:path"
import { builtPages } from "../../build-steps/post-build/built-pages"

export const CHECK_PAGES = "CHECK_PAGES"

export interface PagesToCheck {
  pages: string[]
  /** Whether these are the publish path's pages rather than every page. */
  selected: boolean
}

export function pagesToCheck(publicDir: string): PagesToCheck {
  const list = process.env[CHECK_PAGES]
  if (!list) return { pages: builtPages(publicDir), selected: false }
  const pages = fs
    .readFileSync(list, "utf8")
    .split("\n")
    .filter(Boolean)
    .map((page) => path.join(publicDir, page))
  for (const page of pages)
    if (!fs.existsSync(page)) throw new Error(`${list} names ${page}, which the build did not write`)
  return { pages, selected: true }
}

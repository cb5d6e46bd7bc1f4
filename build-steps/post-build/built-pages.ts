import fs from "node:fs"
import path from "node:path"

/** Pages of the site in a build: every .html file except Gatsby's internal ones and the CMS at /admin. */
export function builtPages(root: string): string[] {
  const pages: string[] = []
  const walk = (dir: string) => {
    for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
      const full = path.join(dir, entry.name)
      const relative = path.relative(root, full)
      if (entry.isDirectory()) {
        if (!["_gatsby", "page-data", "static", "admin"].includes(relative)) walk(full)
      } else if (entry.name.endsWith(".html")) {
        pages.push(full)
      }
    }
  }
  walk(root)
  if (pages.length === 0) throw new Error(`No HTML pages under ${root}: run the build first.`)
  return pages.sort()
}

/**
 * Removes the folders under `dir` left empty, deepest first, and answers how many. public/ is kept
 * from the last build: Gatsby deletes a page that is gone (a study taken down) but leaves its
 * folder, which would still name it.
 */
export function removeEmptyFolders(dir: string): number {
  let removed = 0
  const prune = (folder: string): boolean => {
    const entries = fs.readdirSync(folder, { withFileTypes: true })
    const left = entries.filter((entry) => !(entry.isDirectory() && prune(path.join(folder, entry.name))))
    if (left.length > 0 || folder === dir) return false
    fs.rmdirSync(folder)
    removed += 1
    return true
  }
  prune(dir)
  return removed
}

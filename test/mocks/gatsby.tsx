/**
 * Stand-in for the `gatsby` module in unit tests: Link renders an anchor, navigate is a spy, and
 * useStaticQuery answers with the real site settings and case list from content/.
 */
import fs from "node:fs"
import path from "node:path"
import type React from "react"
import { vi } from "vitest"

const CONTENT = path.resolve(__dirname, "../../content")
const readJson = (relative: string) => JSON.parse(fs.readFileSync(path.join(CONTENT, relative), "utf8"))

export const graphql = () => ""

export const navigate = vi.fn()

export function Link({ to, children, ...props }: { to: string } & React.AnchorHTMLAttributes<HTMLAnchorElement>) {
  return (
    <a href={to} {...props}>
      {children}
    </a>
  )
}

export function useStaticQuery() {
  const caseStudies = fs
    .readdirSync(path.join(CONTENT, "case-studies"))
    .map((file) => readJson(`case-studies/${file}`))
    .sort((left, right) => left.order - right.order)
  return { siteSettings: readJson("site/settings.json"), allCaseStudy: { nodes: caseStudies } }
}

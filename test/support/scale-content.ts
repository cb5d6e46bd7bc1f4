/**
 * Case studies made up for measuring how the site grows (npm run bench:scale): in a copy of the
 * project (test/support/project-copy.ts), the six shipped studies are joined by generated ones until
 * there are `total`, in both languages. Each is a shipped study under a new slug, with its own order,
 * date and numbered title, so that every rule of the content model holds (the build validates them
 * like any editor's file) and every page differs from the others as real ones would.
 */
import fs from "node:fs"
import path from "node:path"
import { TEXT_LIMITS } from "../../model/fields"

type StudyFile = Record<string, any>

const DAY_MS = 24 * 60 * 60 * 1000

/** `title` cut at a word so that `title suffix` fits the title's limit. */
export function numberedTitle(title: string, suffix: string, limit = TEXT_LIMITS.title.max): string {
  const room = limit - suffix.length - 1
  let kept = title
  while (kept.length > room) kept = kept.slice(0, kept.lastIndexOf(" ")).replace(/[\s,:;–-]+$/, "")
  return `${kept} ${suffix}`
}

/** The day `days` before `date` ("2025-02-04"), as such a date. */
const daysBefore = (date: string, days: number) =>
  new Date(Date.parse(`${date}T00:00:00Z`) - days * DAY_MS).toISOString().slice(0, 10)

/**
 * Writes generated case studies into `dir`'s content/case-studies/ until it holds `total` (at least
 * the six shipped ones); returns how many it wrote.
 */
export function addCaseStudies(dir: string, total: number): number {
  const folder = path.join(dir, "content/case-studies")
  const shipped = fs
    .readdirSync(folder)
    .filter((name) => name.endsWith(".json"))
    .sort()
    .map((name) => JSON.parse(fs.readFileSync(path.join(folder, name), "utf8")) as StudyFile)
  const highestOrder = Math.max(...shipped.map((study) => Number(study.en.order)))
  const added = Math.max(0, total - shipped.length)
  for (let index = 0; index < added; index += 1) {
    const number = shipped.length + index + 1
    const base = shipped[index % shipped.length]
    const study: StudyFile = structuredClone(base)
    study.en.slug = `${base.en.slug}-${number}`
    study.en.order = highestOrder + index + 1
    study.en.published = daysBefore(base.en.published, index + 1)
    study.en.title = numberedTitle(base.en.title, `No. ${number}`)
    if (study.fr?.title) study.fr.title = numberedTitle(base.fr.title, `no ${number}`)
    fs.writeFileSync(path.join(folder, `${study.en.slug}.json`), `${JSON.stringify(study, null, 2)}\n`)
  }
  return added
}

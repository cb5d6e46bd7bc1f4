/**
 * npm run bench:translations: the content check's translations to check, read from the repository's
 * history (build-steps/content/translation-history.ts), at 500 case studies and 300 commits each
 * changing three studies' English or French, as years of editing leave a repository: one commit in
 * ten made on a branch of its own and merged back (a pull request), one in twenty-five moving a
 * study's file (`git mv`, a new slug, the old among its former slugs); the history alone and the
 * whole content check. `--write` writes the line into docs/performance.md.
 */
import { execFileSync } from "node:child_process"
import fs from "node:fs"
import os from "node:os"
import path from "node:path"
import { validateContent } from "../../build-steps/content/validate"
import { translationHistory } from "../../build-steps/content/translation-history"
import { readContentSnapshot } from "../../build-steps/context"
import { writeDocBlock } from "./doc-block"

const STUDIES = 500
const COMMITS = 300
const EDITS_PER_COMMIT = 3

async function main() {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), "bench-translations-"))
  try {
    const content = path.join(root, "content")
    fs.cpSync(path.resolve(__dirname, "../../content"), content, { recursive: true })
    const studyFile = (index: number) => path.join(content, `case-studies/study-${index}.json`)
    const wine = JSON.parse(fs.readFileSync(path.join(content, "case-studies/wine.json"), "utf8"))
    const git = (...args: string[]) =>
      execFileSync("git", ["-C", root, "-c", "user.name=Editor", "-c", "user.email=editor@example.com", ...args], {
        stdio: "pipe",
      })
    git("init", "-q")
    const added = STUDIES - fs.readdirSync(path.join(content, "case-studies")).length
    for (let index = 0; index < added; index++) {
      const study = structuredClone(wine)
      Object.assign(study.en, { slug: `study-${index}`, order: 100 + index })
      fs.writeFileSync(studyFile(index), `${JSON.stringify(study, null, 2)}\n`)
    }
    git("add", "-A")
    git("commit", "-q", "-m", "Content: the studies")
    git("branch", "-M", "main")
    // Each study's file now (a move renames it).
    const files = Array.from({ length: added }, (_, index) => studyFile(index))
    let merges = 0
    let moves = 0
    for (let commit = 0; commit < COMMITS; commit++) {
      const pullRequest = commit % 10 === 5
      if (pullRequest) git("checkout", "-q", "-b", `draft-${commit}`)
      for (let edit = 0; edit < EDITS_PER_COMMIT; edit++) {
        const index = (commit * 7 + edit * 131) % added
        const study = JSON.parse(fs.readFileSync(files[index], "utf8"))
        // English alone half the time (its French then to check), French alone the other half.
        if ((commit + edit) % 2) study.en.title = `${wine.en.title} ${commit}`
        else study.fr.title = `${wine.fr.title} ${commit}`
        fs.writeFileSync(files[index], `${JSON.stringify(study, null, 2)}\n`)
      }
      if (commit % 25 === 12) {
        // A study moved: its file and its slug, the old slug among its former ones.
        const index = (commit * 3) % added
        const moved = path.join(content, `case-studies/moved-${commit}.json`)
        git("mv", files[index], moved)
        const study = JSON.parse(fs.readFileSync(moved, "utf8"))
        study.en.formerSlugs = [...(study.en.formerSlugs ?? []), study.en.slug]
        study.en.slug = `moved-${commit}`
        fs.writeFileSync(moved, `${JSON.stringify(study, null, 2)}\n`)
        files[index] = moved
        moves++
      }
      git("commit", "-q", "-am", `Content: edit ${commit}`)
      if (pullRequest) {
        // Main moves on meanwhile, then the draft is merged in.
        git("checkout", "-q", "main")
        const other = files[(commit * 11) % added]
        const study = JSON.parse(fs.readFileSync(other, "utf8"))
        study.fr.client = `${wine.fr.client} ${commit}`
        fs.writeFileSync(other, `${JSON.stringify(study, null, 2)}\n`)
        git("commit", "-q", "-am", `Content: a French fix ${commit}`)
        git("merge", "-q", "--no-ff", "-m", `Merge draft-${commit}`, `draft-${commit}`)
        merges++
      }
    }
    const started = performance.now()
    const history = translationHistory(readContentSnapshot(content))
    const historySeconds = (performance.now() - started) / 1000
    if ("unknown" in history) throw new Error(history.unknown)
    const checkStarted = performance.now()
    const report = await validateContent(content)
    const checkSeconds = (performance.now() - checkStarted) / 1000
    const commits = Number(git("rev-list", "--count", "HEAD").toString().trim())
    const line = `Measured ${new Date().toISOString().slice(0, 10)} on ${os.cpus().length} × ${os.cpus()[0]?.model.trim() ?? "CPU"}, Node ${process.version}: ${STUDIES} studies, ${commits} commits (${COMMITS * EDITS_PER_COMMIT} versions edited; ${merges} merges of a draft while main moved on, ${moves} studies moved): the history read in ${historySeconds.toFixed(2)} s, the whole content check in ${checkSeconds.toFixed(2)} s, ${report.toCheck.length} translations to check.`
    console.log(line)
    if (process.argv.includes("--write")) writeDocBlock("performance.md", "bench-translations", line)
  } finally {
    fs.rmSync(root, { recursive: true, force: true })
  }
}

main().catch((error: Error) => {
  console.error(error.message)
  process.exit(1)
})

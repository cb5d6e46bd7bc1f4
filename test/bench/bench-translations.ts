/**
 * npm run bench:translations: the content check's translations to check, read from the repository's
 * history (build-steps/content/translation-history.ts), at 500 case studies and 300 commits each
 * changing three studies' English or French, as years of editing leave a repository: the history
 * alone and the whole content check. `--write` writes the line into docs/performance.md.
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
    for (let commit = 0; commit < COMMITS; commit++) {
      for (let edit = 0; edit < EDITS_PER_COMMIT; edit++) {
        const file = studyFile((commit * 7 + edit * 131) % added)
        const study = JSON.parse(fs.readFileSync(file, "utf8"))
        // English alone half the time (its French then to check), French alone the other half.
        if ((commit + edit) % 2) study.en.title = `${wine.en.title} ${commit}`
        else study.fr.title = `${wine.fr.title} ${commit}`
        fs.writeFileSync(file, `${JSON.stringify(study, null, 2)}\n`)
      }
      git("commit", "-q", "-am", `Content: edit ${commit}`)
    }
    const started = performance.now()
    const history = translationHistory(readContentSnapshot(content))
    const historySeconds = (performance.now() - started) / 1000
    if ("unknown" in history) throw new Error(history.unknown)
    const checkStarted = performance.now()
    const report = await validateContent(content)
    const checkSeconds = (performance.now() - checkStarted) / 1000
    const line = `Measured ${new Date().toISOString().slice(0, 10)} on ${os.cpus().length} × ${os.cpus()[0]?.model.trim() ?? "CPU"}, Node ${process.version}: ${STUDIES} studies, ${COMMITS + 1} commits (${COMMITS * EDITS_PER_COMMIT} versions edited): the history read in ${historySeconds.toFixed(2)} s, the whole content check in ${checkSeconds.toFixed(2)} s, ${report.toCheck.length} translations to check.`
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

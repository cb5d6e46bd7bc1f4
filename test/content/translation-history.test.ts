/**
 * A French text is to check when its English changed after it was made, whoever changed it: here by
 * hand, with `git commit`, in a repository of the shipped content (build-steps/content/translation-history.ts).
 * A later French edit clears it, and so does a hand confirmation (a commit trailer); a shallow clone
 * says it cannot judge from history, and passes. The admin's view reads the same answer from the live
 * release (build-steps/post-build/translations-answer.ts).
 */
import { execFileSync } from "node:child_process"
import fs from "node:fs"
import os from "node:os"
import path from "node:path"
import { afterEach, describe, expect, it } from "vitest"
import { historyUnreadIn, translationsToCheckIn, validateContent } from "../../build-steps/content/validate"
import { historyNote } from "../../deploy/publish/publish"
import { translationsDescription } from "../../deploy/publish/translations-status"
import { CHECKED_TRAILER, trailerConfirms } from "../../build-steps/content/history-commits"
import { translationsAnswer } from "../../build-steps/post-build/translations-answer"
import { buildContext, readContentSnapshot } from "../../build-steps/context"
import { withFormerFiles } from "../../build-steps/content/calendar-moves"

const REAL_CONTENT = path.resolve(__dirname, "../../content")
const WINE = "case-studies/wine.json"
const folders: string[] = []
afterEach(() => {
  for (const folder of folders.splice(0)) fs.rmSync(folder, { recursive: true, force: true })
})

/** A repository holding the shipped content, committed once; edits committed as a hand editor would. */
function repository() {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), "translation-history-"))
  folders.push(root)
  const content = path.join(root, "content")
  fs.cpSync(REAL_CONTENT, content, { recursive: true })
  const git = (...args: string[]) =>
    execFileSync("git", ["-C", root, "-c", "user.name=Editor", "-c", "user.email=editor@example.com", ...args], {
      stdio: "pipe",
    })
  git("init", "-q")
  git("add", "-A")
  git("commit", "-q", "-m", "Content: as shipped")
  const file = path.join(content, WINE)
  return {
    root,
    content,
    edit(change: (study: { en: Record<string, any>; fr: Record<string, any> }) => void, message: string) {
      const study = JSON.parse(fs.readFileSync(file, "utf8"))
      change(study)
      fs.writeFileSync(file, `${JSON.stringify(study, null, 2)}\n`)
      git("commit", "-q", "-am", message)
    },
    confirm: (message: string) => git("commit", "-q", "--allow-empty", "-m", message),
    git: (...args: string[]) => git(...args).toString().trim(),
    /** The study file as it is now, for a move. */
    file,
    hashOf: (relative: string) => git("hash-object", path.join(content, relative)).toString().trim(),
  }
}

const toCheck = async (content: string) => (await validateContent(content)).toCheck

/** Moves the wine study to `slug`'s file and address, its old one among its former slugs, written by `write`. */
function moveTo(repo: ReturnType<typeof repository>, slug: string, write: (study: object) => string) {
  const study = JSON.parse(fs.readFileSync(repo.file, "utf8"))
  study.en.slug = slug
  study.en.formerSlugs = ["wine"]
  repo.git("rm", "-q", repo.file)
  fs.writeFileSync(path.join(repo.content, `case-studies/${slug}.json`), write(study))
  repo.git("add", "-A")
  repo.git("commit", "-q", "-m", `Content: the wine study at /${slug}/`)
}

// A deadline for a hang, not a timing verdict: each test makes a repository and runs git tens of
// times (a merge both ways: 1.9 s here, 5.8 s on a host half as fast beside the build tests, over
// Vitest's default 5 s).
describe("translations to check, from history", { timeout: 30_000 }, () => {
  it("warns of a French text whose English changed by hand, until the French is edited", async () => {
    const repo = repository()
    expect(await toCheck(repo.content)).toEqual([])
    let before = ""
    repo.edit((study) => {
      before = study.en.result[2]
      study.en.result[2] = study.en.result[2].replace("17%", "21%")
    }, "Content: the wine study's premium, in English")
    const [warning, ...others] = await toCheck(repo.content)
    expect(others).toEqual([])
    expect(warning.file).toBe(`content/${WINE}`)
    expect(warning.path).toBe("fr.result")
    expect(warning.message).toContain("its English changed since this French was made")
    expect(warning.message).toContain(before.slice(0, 40))
    expect(warning.message).toContain("21%")
    // The publish path, the status and the view read the same report: it is a warning, never a refusal.
    expect((await validateContent(repo.content)).errors).toEqual([])
    expect(translationsDescription(translationsToCheckIn(readContentSnapshot(repo.content)))).toBe(
      `1 translation to check: fr.result in ${WINE}`,
    )

    repo.edit((study) => (study.fr.result[2] = study.fr.result[2].replace("17", "21")), "Content: in French too")
    expect(await toCheck(repo.content)).toEqual([])
  })

  it("clears it on a hand confirmation: a commit trailer naming the file and the text, or the file", async () => {
    const repo = repository()
    repo.edit((study) => (study.en.result[2] = `${study.en.result[2]} `.trim() + " Still."), "Content: English")
    repo.edit((study) => (study.en.title = `${study.en.title} Again`), "Content: the title, in English")
    expect((await toCheck(repo.content)).map((warning) => warning.path)).toEqual(["fr.title", "fr.result"])
    repo.confirm(`Translations: the result still reads right\n\n${CHECKED_TRAILER}: content/${WINE} fr.result`)
    expect((await toCheck(repo.content)).map((warning) => warning.path)).toEqual(["fr.title"])
    repo.confirm(`Translations: all of wine\n\n${CHECKED_TRAILER}: content/${WINE}`)
    expect(await toCheck(repo.content)).toEqual([])
    // A later change of that English is to check again.
    repo.edit((study) => (study.en.title = `${study.en.title}, Once More`), "Content: the title again")
    expect((await toCheck(repo.content)).map((warning) => warning.path)).toEqual(["fr.title"])
  })

  it("gives the admin the same answer, each file known by its git hash, never naming a withheld study", async () => {
    const repo = repository()
    repo.edit((study) => (study.en.result[2] = study.en.result[2].replace("17%", "21%")), "Content: by hand")
    const hotels = path.join(repo.content, "case-studies/hotels.json")
    const withheld = JSON.parse(fs.readFileSync(hotels, "utf8"))
    withheld.en.goLiveAt = "2027-01-05T09:00:00+01:00"
    fs.writeFileSync(hotels, JSON.stringify(withheld))
    const clock = { now: new Date("2026-12-04T09:00:00+01:00"), set: true }
    const { files } = translationsAnswer(buildContext(repo.content, clock))
    expect(files[WINE]).toEqual({ blob: repo.hashOf(WINE), toCheck: [{ locale: "fr", segments: ["result"], list: true }] })
    expect(files["home/industries.json"]).toEqual({ blob: repo.hashOf("home/industries.json"), toCheck: [] })
    expect(Object.keys(files)).not.toContain("case-studies/hotels.json")
    expect((await validateContent(repo.content)).toCheck.map(({ file, path }) => [file, path])).toEqual([
      [`content/${WINE}`, "fr.result"],
    ])
  })

  it("reads a trailer only when it names a content file, and a language the site has", () => {
    const confirms = trailerConfirms(
      [
        "Subject",
        "",
        `${CHECKED_TRAILER}: content/case-studies/wine.json fr.result`,
        `${CHECKED_TRAILER}: case-studies/hotels.json`,
        `${CHECKED_TRAILER}: content/notes.txt`,
        `${CHECKED_TRAILER}: content/case-studies/wine.json de.title`,
      ].join("\n"),
    )
    expect([...confirms]).toEqual([
      ["case-studies/wine.json", [{ locale: "fr", path: "result" }]],
      ["case-studies/hotels.json", [{}]],
    ])
  })

  it("reads the trailers docs/editing.md tells a hand editor to write", () => {
    const doc = fs.readFileSync(path.resolve(__dirname, "../../docs/editing.md"), "utf8")
    const trailers = doc.split("\n").filter((line) => line.startsWith(`${CHECKED_TRAILER}:`))
    expect(trailers.length).toBeGreaterThan(1)
    for (const trailer of trailers) expect(trailerConfirms(trailer).size).toBe(1)
  })

  it("judges a merge by what each side saw: the same texts to check whichever way it is merged", async () => {
    const answers: string[][] = []
    for (const into of ["main", "hand"]) {
      const repo = repository()
      repo.git("branch", "-M", "main")
      repo.git("checkout", "-q", "-b", "hand")
      // A pull request changes the English by hand; main meanwhile takes a fix to the French, made
      // against the English main had.
      repo.edit((study) => (study.en.result[2] = study.en.result[2].replace("17%", "21%")), "Content: English by hand")
      repo.git("checkout", "-q", "main")
      repo.edit((study) => (study.fr.result[2] = `${study.fr.result[2]} Corrigé.`), "Content: a French fix")
      const other = into === "main" ? "hand" : "main"
      repo.git("checkout", "-q", into)
      repo.git("merge", "-q", "--no-ff", "-m", `Merge ${other} into ${into}`, other)
      answers.push((await toCheck(repo.content)).map((warning) => `${warning.file} ${warning.path}`))
    }
    expect(answers[0]).toEqual([`content/${WINE} fr.result`])
    expect(answers[1]).toEqual(answers[0])
  })

  it("counts a confirmation on the merged side, in either order", async () => {
    for (const into of ["main", "hand"]) {
      const repo = repository()
      repo.git("branch", "-M", "main")
      repo.git("checkout", "-q", "-b", "hand")
      repo.edit((study) => (study.en.title = `${study.en.title} Again`), "Content: the title, in English")
      repo.confirm(`Translations: the title still reads right\n\n${CHECKED_TRAILER}: content/${WINE} fr.title`)
      repo.git("checkout", "-q", "main")
      repo.edit((study) => (study.en.client = `${study.en.client}.`), "Content: the client, in English")
      repo.git("checkout", "-q", into)
      repo.git("merge", "-q", "--no-ff", "-m", "Merge", into === "main" ? "hand" : "main")
      expect((await toCheck(repo.content)).map((warning) => warning.path), into).toEqual(["fr.client"])
    }
  })

  it("keeps a moved study's marks: git mv with a new slug, its old one among its former slugs", async () => {
    const repo = repository()
    repo.edit((study) => (study.en.title = `${study.en.title} Again`), "Content: the title, in English")
    const moved = path.join(repo.content, "case-studies/vin.json")
    repo.git("mv", repo.file, moved)
    const study = JSON.parse(fs.readFileSync(moved, "utf8"))
    study.en.slug = "vin"
    study.en.formerSlugs = ["wine"]
    fs.writeFileSync(moved, `${JSON.stringify(study, null, 2)}\n`)
    repo.git("commit", "-q", "-am", "Content: the wine study at /vin/")
    expect((await toCheck(repo.content)).map((warning) => `${warning.file} ${warning.path}`)).toEqual([
      "content/case-studies/vin.json fr.title",
    ])
  })

  it("judges a merge the same whichever way it is merged when one side moved the study", async () => {
    const answers: string[][] = []
    for (const into of ["main", "hand"]) {
      const repo = repository()
      repo.git("branch", "-M", "main")
      repo.git("checkout", "-q", "-b", "hand")
      // The pull request changes two English texts by hand and confirms one French still right.
      repo.edit((study) => {
        study.en.title = `${study.en.title} Again`
        study.en.result[2] = study.en.result[2].replace("17%", "21%")
      }, "Content: English by hand")
      repo.confirm(`Translations: the result still reads right\n\n${CHECKED_TRAILER}: content/${WINE} fr.result`)
      repo.git("checkout", "-q", "main")
      moveTo(repo, "vin", (study) => `${JSON.stringify(study, null, 2)}\n`)
      repo.git("checkout", "-q", into)
      repo.git("merge", "-q", "--no-ff", "-m", "Merge", into === "main" ? "hand" : "main")
      answers.push((await toCheck(repo.content)).map((warning) => `${warning.file} ${warning.path}`))
    }
    expect(answers[0]).toEqual(["content/case-studies/vin.json fr.title"])
    expect(answers[1]).toEqual(answers[0])
  })

  it("keeps the marks of a study moved and rewritten at once, which git sees as a deletion and a new file", async () => {
    const repo = repository()
    repo.edit((study) => (study.en.title = `${study.en.title} Again`), "Content: the title, in English")
    moveTo(repo, "vin", (study) => JSON.stringify(study))
    expect(repo.git("show", "--name-status", "--format=", "HEAD").split("\n").sort()).toEqual([
      "A\tcontent/case-studies/vin.json",
      "D\tcontent/case-studies/wine.json",
    ])
    expect((await toCheck(repo.content)).map((warning) => `${warning.file} ${warning.path}`)).toEqual([
      "content/case-studies/vin.json fr.title",
    ])
  })

  it("keeps the marks of a study moved out of the content folder and back, in two commits", async () => {
    const repo = repository()
    repo.edit((study) => (study.en.title = `${study.en.title} Again`), "Content: the title, in English")
    const attic = path.join(repo.root, "attic.json")
    repo.git("mv", repo.file, attic)
    repo.git("commit", "-q", "-m", "Content: the wine study put aside")
    repo.git("mv", attic, repo.file)
    repo.git("commit", "-q", "-m", "Content: the wine study back")
    expect((await toCheck(repo.content)).map((warning) => `${warning.file} ${warning.path}`)).toEqual([
      `content/${WINE} fr.title`,
    ])
  })

  it("tells the host which file a study was moved from, and gives a new study at a deleted one's file no marks", async () => {
    const repo = repository()
    repo.edit((study) => (study.en.title = `${study.en.title} Again`), "Content: the title, in English")
    moveTo(repo, "vin", (study) => `${JSON.stringify(study, null, 2)}\n`)
    const clock = { now: new Date("2026-12-04T09:00:00+01:00"), set: true }
    const context = buildContext(repo.content, clock)
    expect(withFormerFiles(context.calendar.record, context.content).windows?.vin).toMatchObject({
      addresses: ["vin", "wine"],
      formerFiles: ["wine"],
    })
    // Another repository: wine's English industry changed by hand, its file deleted; later another study
    // made at wine.json (from the hotels study, its industry the same words): it starts afresh.
    const other = repository()
    let industry = ""
    other.edit((study) => (industry = study.en.industry = "Wines & Spirits"), "Content: wine's industry, in English")
    expect((await toCheck(other.content)).map((warning) => warning.path)).toEqual(["fr.industry"])
    other.git("rm", "-q", other.file)
    other.git("commit", "-q", "-m", "Content: the wine study taken away")
    const hotels = JSON.parse(fs.readFileSync(path.join(other.content, "case-studies/hotels.json"), "utf8"))
    Object.assign(hotels.en, { slug: "wine", title: "A Cellar Reopened", industry })
    Object.assign(hotels.fr, { title: "Une cave rouverte", industry: "Vins et spiritueux" })
    fs.writeFileSync(other.file, `${JSON.stringify(hotels, null, 2)}\n`)
    other.git("add", "-A")
    other.git("commit", "-q", "-m", "Content: a new study at /wine/")
    expect(await toCheck(other.content)).toEqual([])
  })

  it("says it cannot judge from a shallow clone, and passes on the files' own records", async () => {
    const repo = repository()
    repo.edit((study) => (study.en.title = `${study.en.title} Again`), "Content: the title, in English")
    const shallow = path.join(repo.root, "shallow")
    execFileSync("git", ["clone", "-q", "--depth", "1", `file://${repo.root}`, shallow], { stdio: "pipe" })
    const content = path.join(shallow, "content")
    const report = await validateContent(content)
    expect(report.historyUnread).toMatch(/shallow/)
    expect(report.errors).toEqual([])
    expect(report.toCheck).toEqual([])
    // Every reader says it could not judge, never that all is well: the pull request's status, the
    // publish path's closing note, the admin's answer (which the view shows).
    const snapshot = readContentSnapshot(content)
    expect(translationsDescription(translationsToCheckIn(snapshot), historyUnreadIn(snapshot))).toBe(
      "History not read (a shallow clone): by the files' own records, 0 translations to check",
    )
    expect(historyNote(report.historyUnread)).toEqual([expect.stringMatching(/shallow.*only the files' own records/)])
    const clock = { now: new Date("2026-12-04T09:00:00+01:00"), set: true }
    expect(translationsAnswer(buildContext(content, clock)).historyUnread).toBe("shallow clone")
    expect(translationsAnswer(buildContext(repo.content, clock)).historyUnread).toBeUndefined()
  })
})

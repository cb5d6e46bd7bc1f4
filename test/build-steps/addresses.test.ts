/**
 * The case studies' addresses of before (gatsby/post-build/addresses.ts), read from a real git
 * repository of study files: a study moved to a new slug leads its old addresses, in both languages,
 * to its page; a deleted study's addresses are gone, unless a study holds that slug now; a history that
 * cannot be read is said, not taken for "nothing deleted".
 */
import { execFileSync } from "node:child_process"
import fs from "node:fs"
import os from "node:os"
import path from "node:path"
import { afterEach, describe, expect, it } from "vitest"
import { deletedStudies, studyAddresses } from "../../gatsby/post-build/addresses"

const folders: string[] = []
afterEach(() => {
  for (const folder of folders.splice(0)) fs.rmSync(folder, { recursive: true, force: true })
})

/** A repository whose content/case-studies/ the test writes and commits into. */
function repository() {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), "addresses-"))
  folders.push(root)
  const studies = path.join(root, "content/case-studies")
  fs.mkdirSync(studies, { recursive: true })
  const git = (...args: string[]) =>
    execFileSync("git", ["-C", root, "-c", "user.name=Editor", "-c", "user.email=editor@example.com", ...args], {
      stdio: "pipe",
    })
  git("init", "-q")
  return {
    root,
    studies,
    write: (file: string, slug: string, formerSlugs?: string[]) =>
      fs.writeFileSync(path.join(studies, file), JSON.stringify({ en: { slug, formerSlugs }, fr: {} })),
    remove: (file: string) => fs.rmSync(path.join(studies, file)),
    commit: (message: string) => git("add", "-A") && git("commit", "-q", "-m", message),
  }
}

const PAGES = ["/case-studies/haute-horlogerie/", "/fr/case-studies/haute-horlogerie/", "/case-studies/wine/"]

describe("the case studies' addresses of before", () => {
  it("leads a moved study's old addresses in both languages to its page, and only to a page", () => {
    const repo = repository()
    repo.write("watches.json", "haute-horlogerie", ["watches", "timepieces"])
    // Scheduled, so not on the site: its old address is unknown, as its own is.
    repo.write("hotels.json", "palaces", ["hotels"])
    repo.commit("Content: create")
    expect(studyAddresses(repo.studies, PAGES, deletedStudies(repo.studies))).toEqual({
      moved: [
        { from: "/case-studies/timepieces/", to: "/case-studies/haute-horlogerie/" },
        { from: "/case-studies/watches/", to: "/case-studies/haute-horlogerie/" },
        { from: "/fr/case-studies/timepieces/", to: "/fr/case-studies/haute-horlogerie/" },
        { from: "/fr/case-studies/watches/", to: "/fr/case-studies/haute-horlogerie/" },
      ],
      gone: [],
    })
  })

  it("finds a deleted study's addresses, old ones too, in the history, unless a study holds that slug now", () => {
    const repo = repository()
    repo.write("wine.json", "wine")
    repo.write("cellars.json", "private-cellars", ["cellars"])
    repo.write("yachts.json", "yachts")
    repo.commit("Content: create")
    repo.remove("cellars.json")
    repo.remove("yachts.json")
    repo.commit("Content: delete case-studies")
    // A new study takes the deleted one's address again: it is a page, not gone.
    repo.write("yachts.json", "yachts")
    repo.commit("Content: create case-studies")
    const history = deletedStudies(repo.studies)
    expect(history).toEqual({
      deleted: expect.arrayContaining([
        { slug: "private-cellars", formerSlugs: ["cellars"] },
        { slug: "yachts", formerSlugs: [] },
      ]),
    })
    expect(studyAddresses(repo.studies, PAGES, history).gone).toEqual([
      "/case-studies/cellars/",
      "/case-studies/private-cellars/",
      "/fr/case-studies/cellars/",
      "/fr/case-studies/private-cellars/",
    ])
  })

  it("says when the history cannot be read: no repository, or a shallow clone", () => {
    const plain = fs.mkdtempSync(path.join(os.tmpdir(), "no-repository-"))
    folders.push(plain)
    expect(deletedStudies(plain)).toEqual({ unknown: `${plain} is not in a git repository` })
    const repo = repository()
    repo.write("wine.json", "wine")
    repo.commit("one")
    repo.write("wine.json", "wine", [])
    repo.commit("two")
    const shallow = fs.mkdtempSync(path.join(os.tmpdir(), "shallow-"))
    folders.push(shallow)
    execFileSync("git", ["clone", "-q", "--depth", "1", `file://${repo.root}`, shallow], { stdio: "pipe" })
    const studies = path.join(shallow, "content/case-studies")
    expect(deletedStudies(studies)).toEqual({
      unknown: `the git clone holding ${studies} is shallow (git fetch --unshallow)`,
    })
    expect(studyAddresses(studies, PAGES, deletedStudies(studies)).unknown).toMatch(/shallow/)
  })
})

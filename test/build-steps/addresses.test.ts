/**
 * The case studies' addresses of before (build-steps/post-build/addresses.ts), read from a real git
 * repository of study files: a study moved to a new slug leads its old addresses, in both languages,
 * to its page; a deleted study's addresses are gone, unless a study holds that slug now; a history that
 * cannot be read is said, not taken for "nothing deleted".
 */
import { execFileSync } from "node:child_process"
import fs from "node:fs"
import os from "node:os"
import path from "node:path"
import { afterEach, describe, expect, it } from "vitest"
import { deletedStudies, studyAddresses } from "../../build-steps/post-build/addresses"
import { readContentSnapshot } from "../../build-steps/context"

/** The studies in a case studies' folder now, as a build reads them. */
const studiesIn = (folder: string) => readContentSnapshot(path.dirname(folder)).studies

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
    write: (file: string, slug: unknown, formerSlugs?: unknown[], goLiveAt?: string) =>
      fs.writeFileSync(path.join(studies, file), JSON.stringify({ en: { slug, formerSlugs, goLiveAt }, fr: {} })),
    remove: (file: string) => fs.rmSync(path.join(studies, file)),
    commit: (message: string, date = "2026-12-01T09:00:00Z") =>
      git("add", "-A") &&
      execFileSync(
        "git",
        ["-C", root, "-c", "user.name=Editor", "-c", "user.email=editor@example.com", "commit", "-q", "-m", message],
        { stdio: "pipe", env: { ...process.env, GIT_COMMITTER_DATE: date, GIT_AUTHOR_DATE: date } },
      ),
    head: () => execFileSync("git", ["-C", root, "rev-parse", "HEAD"], { encoding: "utf8" }).trim(),
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
    expect(studyAddresses(studiesIn(repo.studies), PAGES, deletedStudies(repo.studies))).toEqual({
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
      deleted: [{ file: "cellars.json", addresses: ["private-cellars", "cellars"], served: true }],
      warnings: [],
    })
    expect(studyAddresses(studiesIn(repo.studies), PAGES, history).gone).toEqual([
      "/case-studies/cellars/",
      "/case-studies/private-cellars/",
      "/fr/case-studies/cellars/",
      "/fr/case-studies/private-cellars/",
    ])
  })

  it("knows a deleted study by its file, with every address its versions had, and 410s only one that was on the site", () => {
    const repo = repository()
    repo.write("wine.json", "wine")
    // Scheduled for a time after it was deleted: never on the site, so never gone, only unknown.
    repo.write("launch.json", "secret-launch", [], "2027-03-01T09:00:00Z")
    repo.commit("Content: create", "2026-11-01T09:00:00Z")
    // Renamed by hand, without keeping its old slug.
    repo.write("wine.json", "grand-cru")
    repo.commit("Content: rename", "2026-11-02T09:00:00Z")
    repo.remove("wine.json")
    repo.remove("launch.json")
    repo.commit("Content: delete", "2026-11-03T09:00:00Z")
    const history = deletedStudies(repo.studies)
    expect(history).toEqual({
      deleted: [
        { file: "launch.json", addresses: ["secret-launch"], served: false },
        { file: "wine.json", addresses: ["grand-cru", "wine"], served: true },
      ],
      warnings: [],
    })
    expect(studyAddresses(studiesIn(repo.studies), PAGES, history).gone).toEqual([
      "/case-studies/grand-cru/",
      "/case-studies/wine/",
      "/fr/case-studies/grand-cru/",
      "/fr/case-studies/wine/",
    ])
  })

  it("counts a study on the site from the moment its goLiveAt is reached before the next version, to the second", () => {
    const repo = repository()
    // Live at 09:00, replaced at 09:00: on the site (its time reached). Scheduled a second later: never on it.
    repo.write("reached.json", "reached", [], "2026-11-01T09:00:00Z")
    repo.write("missed.json", "missed", [], "2026-11-01T09:00:01Z")
    repo.commit("Content: schedule", "2026-10-01T09:00:00Z")
    repo.write("reached.json", "reached", ["reached-before", "reached"], "2026-11-01T09:00:00Z")
    repo.write("missed.json", "missed", ["missed"], "2026-11-01T09:00:01Z")
    repo.commit("Content: edit", "2026-11-01T09:00:00Z")
    repo.remove("reached.json")
    repo.remove("missed.json")
    repo.commit("Content: delete", "2026-11-01T09:00:00Z")
    expect(deletedStudies(repo.studies)).toEqual({
      deleted: [
        { file: "missed.json", addresses: ["missed"], served: false },
        { file: "reached.json", addresses: ["reached", "reached-before"], served: true },
      ],
      warnings: [],
    })
  })

  it("takes a file deleted, then written again and not yet committed, for a study of now", () => {
    const repo = repository()
    repo.write("wine.json", "wine")
    repo.commit("Content: create")
    repo.remove("wine.json")
    repo.commit("Content: delete")
    repo.write("wine.json", "wine")
    expect(deletedStudies(repo.studies)).toEqual({ deleted: [], warnings: [] })
  })

  it("leaves out of the gone addresses, with a warning naming the commit and the file, a slug of the history that is no slug", () => {
    const repo = repository()
    repo.write("hotels.json", "hotels")
    repo.write("hotels-copy.json", "Hotels Copy", [
      { slug: "x" },
      "ok-former",
      "a".repeat(61),
      "{ return 302 https://elsewhere.example/; }",
    ])
    repo.commit("Content: copy")
    const commit = repo.head()
    repo.remove("hotels-copy.json")
    repo.commit("Content: delete the copy")
    const history = deletedStudies(repo.studies)
    const where = `commit ${commit.slice(0, 12)}, content/case-studies/hotels-copy.json`
    expect(history).toEqual({
      deleted: [{ file: "hotels-copy.json", addresses: ["ok-former"], served: true }],
      warnings: [
        `${where}: "Hotels Copy" must be a lowercase URL slug like "real-estate": left out of the deleted studies' addresses`,
        `${where}: {"slug":"x"} must be a lowercase URL slug like "real-estate": left out of the deleted studies' addresses`,
        `${where}: "${"a".repeat(61)}" must be at most 60 characters, it has 61: left out of the deleted studies' addresses`,
        `${where}: "{ return 302 https://elsewhere.example/; }" must be a lowercase URL slug like "real-estate": left out of the deleted studies' addresses`,
      ],
    })
    expect(studyAddresses(studiesIn(repo.studies), PAGES, history).gone).toEqual([
      "/case-studies/ok-former/",
      "/fr/case-studies/ok-former/",
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
    expect(studyAddresses(studiesIn(studies), PAGES, deletedStudies(studies)).unknown).toMatch(/shallow/)
  })

  it("reads only the study files of the folder, now and in the history, and sorts what it finds by address", () => {
    const repo = repository()
    expect(deletedStudies(repo.studies)).toEqual({ deleted: [], warnings: [] })
    repo.write("zeta.json", "zeta", ["alpha-old"])
    repo.write("alpha.json", "alpha", ["zeta-old"])
    fs.writeFileSync(path.join(repo.studies, "notes.md"), "not a study")
    fs.writeFileSync(path.join(repo.studies, "draft.json"), JSON.stringify({ en: { title: "no slug" } }))
    fs.writeFileSync(path.join(repo.studies, "broken.json"), "{")
    repo.commit("Content: create")
    for (const file of ["notes.md", "draft.json", "broken.json"]) repo.remove(file)
    repo.commit("Content: tidy")
    expect(deletedStudies(repo.studies)).toEqual({ deleted: [], warnings: [] })
    const pages = ["/case-studies/alpha/", "/case-studies/zeta/", "/fr/case-studies/alpha/", "/fr/case-studies/zeta/"]
    expect(
      studyAddresses(studiesIn(repo.studies), pages, {
        deleted: [{ file: "b.json", addresses: ["b-gone", "a-gone"], served: true }],
        warnings: [],
      }),
    ).toEqual({
      moved: [
        { from: "/case-studies/alpha-old/", to: "/case-studies/zeta/" },
        { from: "/case-studies/zeta-old/", to: "/case-studies/alpha/" },
        { from: "/fr/case-studies/alpha-old/", to: "/fr/case-studies/zeta/" },
        { from: "/fr/case-studies/zeta-old/", to: "/fr/case-studies/alpha/" },
      ],
      gone: ["/case-studies/a-gone/", "/case-studies/b-gone/", "/fr/case-studies/a-gone/", "/fr/case-studies/b-gone/"],
    })
  })
})

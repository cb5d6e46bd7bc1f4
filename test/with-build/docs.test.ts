/**
 * The documents cannot drift from the code: every repository path, `npm run` script, route of the
 * site, link and heading anchor they name exists (test/docs/doc-references.ts); the README stays a
 * front door that links every other document; a long document opens with its contents. The checker
 * itself is shown finding each kind of drift, the ones the documents once had among them.
 */
import { execFileSync } from "node:child_process"
import fs from "node:fs"
import path from "node:path"
import { describe, expect, it } from "vitest"
import { DOCUMENTS, ROOT, anchorsOf, docProblems } from "../docs/doc-references"

const read = (file: string) => fs.readFileSync(path.join(ROOT, file), "utf8")

describe("the documents", () => {
  it.each(DOCUMENTS)("%s names only what exists", (file) => {
    expect(docProblems(file, read(file))).toEqual([])
  })

  it("the README is a front door: at most 220 lines, linking every other document", () => {
    const readme = read("README.md")
    expect(readme.split("\n").length).toBeLessThanOrEqual(220)
    for (const file of DOCUMENTS.filter((document) => document !== "README.md")) {
      expect(readme, file).toContain(`](${file})`)
    }
  })

  it("the README's layout table names every folder of code and content the repository has", () => {
    const readme = read("README.md")
    const table = readme.slice(readme.indexOf("## How the code is laid out"))
    const named = new Set(
      [...table.matchAll(/^\| ([^|]+)\|/gm)].flatMap(([, cell]) =>
        [...cell.matchAll(/`([\w-]+)\/`/g)].map(([, folder]) => folder),
      ),
    )
    const folders = execFileSync("git", ["ls-files"], { cwd: ROOT, encoding: "utf8" })
      .split("\n")
      .filter((file) => file.includes("/"))
      .map((file) => file.slice(0, file.indexOf("/")))
    // Documents, and the build server's and CI's own settings, are not code the layers hold.
    const code = new Set(folders.filter((folder) => !["docs", ".github", ".ci"].includes(folder)))
    expect([...code].filter((folder) => !named.has(folder))).toEqual([])
    expect([...named].filter((folder) => !code.has(folder))).toEqual([])
  })

  it.each(DOCUMENTS)("%s, when over 150 lines, opens with its contents, one link a section", (file) => {
    const text = read(file)
    if (text.split("\n").length <= 150) return
    const sections = [...text.matchAll(/^## (.+)$/gm)].map(([, title]) => title).filter((title) => title !== "Contents")
    const contents = /^## Contents\n\n((?:- .+\n)+)/m.exec(text)?.[1] ?? ""
    const linked = [...contents.matchAll(/\]\(#([^)]+)\)/g)].map(([, anchor]) => anchor)
    const anchors = anchorsOf(`# x\n${sections.map((title) => `## ${title}`).join("\n")}`)
    expect(linked).toEqual([...anchors].slice(1))
  })
})

describe("the drift check", () => {
  const problems = (line: string) => docProblems("docs/example.md", line)

  it("finds a folder or file the repository does not have", () => {
    // Three the documents once named: the layout table's, and a test placed in the wrong folder.
    expect(problems("| `test/` | `test/build/` and `test/hosting/` build the site |")).toEqual([
      "docs/example.md:1: names test/build/, which the repository does not have",
    ])
    expect(problems("the parts of pages: `src/components/pages/`")).toEqual([
      "docs/example.md:1: names src/components/pages/, which the repository does not have",
    ])
    expect(problems("`test/hosting/cdn-parity.test.ts`, which asks both hosts")).toEqual([
      "docs/example.md:1: names test/hosting/cdn-parity.test.ts, which the repository does not have",
    ])
    expect(problems("`release-steps.ts` does it")).toEqual([
      "docs/example.md:1: names release-steps.ts, which no file of the repository is called",
    ])
  })

  it("finds a script, a route, a document or a heading that is not there", () => {
    expect(problems("run `npm run bench:everything`")).toEqual([
      "docs/example.md:1: names npm run bench:everything, which package.json does not have",
    ])
    expect(problems("the list at `/case-study/`")).toEqual([
      "docs/example.md:1: names the route /case-study/, which the build does not serve",
    ])
    expect(problems("see [testing](testing-guide.md)")).toEqual([
      "docs/example.md:1: links to testing-guide.md, which does not exist",
    ])
    expect(problems("see [the gates](testing.md#the-quality-gates)")).toEqual([
      "docs/example.md:1: links to testing.md#the-quality-gates, a heading docs/testing.md does not have",
    ])
  })

  it("leaves alone what is not the repository's: a host's paths, placeholders, other sites", () => {
    expect(
      problems(
        "`/srv/aurelle/live` -> `releases/<id>/`, `content/case-studies/<slug>.json`, `https://example.ch/x`, `live/nginx.conf`",
      ),
    ).toEqual([])
  })
})

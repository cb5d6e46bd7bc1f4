/**
 * A build as the build server hands one over, made without building: the project's own build
 * (public/ and .hosting/) copied into a new folder, with a build.json saying what it was built from.
 * The release tests make builds of other commits and other clocks this way: a study's page added
 * (copied from one the build has), a file that tells the builds apart. The caller removes the folder.
 */
import { spawnSync } from "node:child_process"
import fs from "node:fs"
import os from "node:os"
import path from "node:path"
import { BUILD_CALENDAR, BUILD_INFO } from "../../contracts/build-info"
import { PUBLIC_DIR } from "../../deploy/hosting/local-nginx"

const PROJECT_DIR = path.resolve(__dirname, "../..")

export interface BuildFolder {
  commit: string
  committedAt: string
  /** The build's clock (SITE_CLOCK), when it was set. */
  clock?: string
  /** Studies it serves beyond the project's own, each with the page of a study the build has. */
  studies?: Array<{ slug: string; pageOf: string }>
  /** Fields of build.json beyond what it was built from: the calendar's (servedUntil, windows). */
  calendar?: Record<string, unknown>
  /** Files under public/ (their path there, their text). */
  files?: Record<string, string>
}

/** The project's own commit, and when it was committed: what its build (the test host's first release) is of. */
export function projectHead(): Pick<BuildFolder, "commit" | "committedAt"> {
  const [commit, committedAt] = spawnSync("git", ["-C", PROJECT_DIR, "log", "-1", "--format=%H %cI"], {
    encoding: "utf8",
  })
    .stdout.trim()
    .split(" ")
  return { commit, committedAt: new Date(committedAt).toISOString() }
}

export function buildFolder(prefix: string, build: BuildFolder): string {
  const source = fs.mkdtempSync(path.join(os.tmpdir(), `aurelle-${prefix}-`))
  fs.cpSync(path.join(PROJECT_DIR, ".hosting"), path.join(source, ".hosting"), { recursive: true })
  fs.cpSync(PUBLIC_DIR, path.join(source, "public"), { recursive: true })
  const studies = build.studies ?? []
  for (const { slug, pageOf } of studies) {
    const page = path.join(source, "public/case-studies", slug, "index.html")
    fs.mkdirSync(path.dirname(page), { recursive: true })
    fs.copyFileSync(path.join(PUBLIC_DIR, "case-studies", pageOf, "index.html"), page)
  }
  for (const [file, text] of Object.entries(build.files ?? {}))
    fs.writeFileSync(path.join(source, "public", file), text)
  const own = JSON.parse(fs.readFileSync(path.join(PROJECT_DIR, BUILD_CALENDAR), "utf8")) as { serves: string[] }
  const info = {
    ...own,
    commit: build.commit,
    committedAt: build.committedAt,
    builtAt: build.clock ?? new Date().toISOString(),
    serverName: "localhost",
    ...(build.clock ? { clock: build.clock, clockSet: true } : {}),
    ...build.calendar,
    serves: [...own.serves, ...studies.map(({ slug }) => slug)],
  }
  fs.writeFileSync(path.join(source, BUILD_INFO), JSON.stringify(info))
  return source
}

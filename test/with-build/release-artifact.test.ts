/**
 * Build once, release that build: the build server packs the tested build (`npm run artifact`), the
 * nginx host receives the folder and releases it with Node alone (`node release.cjs release`), never
 * building. Here the artifact is released from a folder with no node_modules anywhere above it.
 */
import { execFile, spawnSync } from "node:child_process"
import crypto from "node:crypto"
import fs from "node:fs"
import http from "node:http"
import type { AddressInfo } from "node:net"
import os from "node:os"
import path from "node:path"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { filesUnder } from "../../lib/files"
import { RELEASE_STAMP_PATH, readReleaseStamp } from "../../contracts/release-stamp"
import { packArtifact } from "../../deploy/publish/artifact"
import { PUBLIC_DIR } from "../../deploy/hosting/local-nginx"
import { type ReleaseHost, fetchTrusting, servingLiveRelease, startReleaseHost } from "../support/release-host"
import { BUILD_INFO } from "../../contracts/build-info"
import { LIVE, RELEASE_SCRIPT, REPORT_DIR, linkedRelease } from "../../deploy/release/root/layout"
import { REPORT_SERVICE, REPORT_TIMER } from "../../deploy/release/host-units"
import { LOGROTATE_FILE } from "../../deploy/release/visits-log"
import { manifestOf, writeManifest } from "../../deploy/release/root/manifest"
import { FILES_MANIFEST } from "../../deploy/release/root/layout"

const PROJECT_DIR = path.resolve(__dirname, "../..")

/** Each file under `dir` by its path there, with its bytes' hash. */
const hashes = (dir: string) =>
  new Map(
    filesUnder(dir).map((file) => [
      path.relative(dir, file),
      crypto.createHash("sha256").update(fs.readFileSync(file)).digest("hex"),
    ]),
  )

/** The stamp the live site answers, once nginx's workers serve the live release alone. */
async function servedStamp() {
  await servingLiveRelease(host)
  const served = await fetchTrusting(`${host.url}${RELEASE_STAMP_PATH}`, host.ca)
  return { served, stamp: served.status === 200 ? readReleaseStamp(JSON.parse(served.body)) : null }
}

let host: ReleaseHost
let upload: string

beforeAll(async () => {
  host = await startReleaseHost({ projectDir: PROJECT_DIR })
  // The upload, as the build server leaves it on the host: outside any project.
  upload = fs.mkdtempSync(path.join(os.tmpdir(), "aurelle-upload-"))
  await packArtifact(upload)
}, 120_000)

afterAll(async () => {
  await host?.stop()
  if (upload) fs.rmSync(upload, { recursive: true, force: true })
})

/** The bundled command, run as the host runs it: Node alone, in the upload's folder. */
function onHost(script: string, command: "release" | "rollback") {
  const { settings } = host
  const result = spawnSync(
    process.execPath,
    [
      script,
      command,
      ...["--root", host.root, "--server-name", settings.serverName],
      ...["--certificate", settings.tls!.certificate, "--certificate-key", settings.tls!.key],
      ...["--https-listen", settings.httpsListen, "--http-listen", settings.httpListen],
      ...["--nginx", settings.nginx.binary, ...["--nginx-prefix", settings.nginx.args[1]]],
      ...["--nginx-conf", settings.nginx.args[3]],
    ],
    { cwd: path.dirname(script), encoding: "utf8", env: { PATH: process.env.PATH, NO_COLOR: "1" }, timeout: 60_000 },
  )
  return { status: result.status, output: `${result.stdout}${result.stderr}` }
}

describe("an uploaded artifact, released on the host", () => {
  it("needs no node_modules and no build there", () => {
    for (let dir = upload; ; dir = path.dirname(dir)) {
      expect(fs.existsSync(path.join(dir, "node_modules")), dir).toBe(false)
      if (path.dirname(dir) === dir) break
    }
    expect(fs.readdirSync(upload).sort()).toEqual(
      [".hosting", BUILD_INFO, FILES_MANIFEST, "public", RELEASE_SCRIPT].sort(),
    )
  })

  it("goes live byte for byte as tested, stamped with its commit, within 150 MB of memory", async () => {
    const previous = linkedRelease(host.root, LIVE)
    const { status, output } = onHost(path.join(upload, RELEASE_SCRIPT), "release")
    expect(output).toMatch(/^Released \S+ in [\d.]+ s/m)
    expect(status).toBe(0)
    const live = linkedRelease(host.root, LIVE)!
    expect(live).not.toBe(previous)
    const tested = hashes(PUBLIC_DIR)
    const released = hashes(path.join(host.root, LIVE, "public"))
    const stamp = RELEASE_STAMP_PATH.slice(1)
    expect([...released.keys()].filter((file) => !tested.has(file))).toEqual([stamp])
    for (const [file, hash] of tested) expect(released.get(file), file).toBe(hash)
    const memory = Number(/peak memory of this command: (\d+) MB/.exec(output)?.[1])
    expect(memory).toBeGreaterThan(0)
    expect(memory).toBeLessThan(150)
    // The live site says which build it is.
    const info = JSON.parse(fs.readFileSync(path.join(upload, BUILD_INFO), "utf8"))
    const { served, stamp: liveStamp } = await servedStamp()
    expect(served.status).toBe(200)
    expect(served.headers.get("cache-control")).toBe("public, max-age=0, must-revalidate")
    expect(liveStamp).toMatchObject({
      commit: info.commit,
      builtAt: info.builtAt,
      release: live,
    })
    expect((await fetchTrusting(`${host.url}/`, host.ca)).body).toBe(
      fs.readFileSync(path.join(PUBLIC_DIR, "index.html"), "utf8"),
    ) // What the setup installs for the report, and the report run as its timer runs it: Node alone.
    for (const file of [REPORT_SERVICE, REPORT_TIMER, LOGROTATE_FILE])
      expect(fs.existsSync(path.join(host.root, file)), file).toBe(true)
    const report = spawnSync(
      process.execPath,
      [path.join(host.root, LIVE, RELEASE_SCRIPT), "report", "--root", host.root],
      {
        encoding: "utf8",
        env: { PATH: process.env.PATH, NO_COLOR: "1" },
      },
    )
    expect(`${report.stdout}${report.stderr}`).toMatch(
      /^Report written to \S+: \d+ days counted; peak memory of this command: \d+ MB$/m,
    )
    expect(fs.readFileSync(path.join(host.root, REPORT_DIR, "index.html"), "utf8")).toContain("Who books a demo")
  })

  it("rolls back with the live release's own command, and the stamp says since when", async () => {
    const released = linkedRelease(host.root, LIVE)
    const before = Date.now()
    const { status, output } = onHost(path.join(host.root, LIVE, RELEASE_SCRIPT), "rollback")
    expect(output).toMatch(/^Rolled back to \S+/m)
    expect(status).toBe(0)
    expect(linkedRelease(host.root, LIVE)).not.toBe(released)
    const { stamp } = await servedStamp()
    expect(stamp?.release).toBe(linkedRelease(host.root, LIVE))
    expect(Date.parse(stamp!.liveSince)).toBeGreaterThanOrEqual(before - 1000)
  })

  it("stamps itself for a CDN upload over an older live commit: the commit it was built from, live from now; never over a newer one", async () => {
    const info = JSON.parse(fs.readFileSync(path.join(upload, BUILD_INFO), "utf8")) as {
      commit: string
      builtAt: string
      committedAt: string
    }
    const liveOf = (offsetMs: number) => ({
      commit: "f".repeat(40),
      builtAt: info.builtAt,
      liveSince: info.builtAt,
      committedAt: new Date(Date.parse(info.committedAt) + offsetMs).toISOString(),
    })
    // The live site's stamp as Pages serves it.
    let live = liveOf(-60_000)
    const site = http.createServer((_request, response) => response.end(JSON.stringify(live)))
    await new Promise<void>((resolve) => site.listen(0, "127.0.0.1", resolve))
    const stampUrl = `http://127.0.0.1:${(site.address() as AddressInfo).port}${RELEASE_STAMP_PATH}`
    const stampFile = path.join(upload, "public", RELEASE_STAMP_PATH)
    // Run apart from this process, whose server answers it (spawnSync would stop that server).
    const stampCommand = () =>
      new Promise<{ status: number | null; stderr: string }>((resolve) =>
        execFile(
          process.execPath,
          [path.join(upload, RELEASE_SCRIPT), "stamp", "--stamp-url", stampUrl],
          (error, _out, stderr) =>
            resolve({ status: error ? (typeof error.code === "number" ? error.code : 1) : 0, stderr }),
        ),
      )
    try {
      const before = Date.now()
      const result = await stampCommand()
      expect(result.status, result.stderr).toBe(0)
      const stamp = readReleaseStamp(JSON.parse(fs.readFileSync(stampFile, "utf8")))
      expect(stamp).toMatchObject({ commit: info.commit, builtAt: info.builtAt, committedAt: info.committedAt })
      expect(Date.parse(stamp!.liveSince)).toBeGreaterThanOrEqual(before - 1000)
      fs.rmSync(stampFile)
      // A publish of a newer commit went live meanwhile (the full suite of an older one finishing late).
      live = liveOf(60_000)
      const refused = await stampCommand()
      expect(refused.status).toBe(1)
      expect(refused.stderr).toMatch(/is of a commit older than the live one/)
      expect(fs.existsSync(stampFile)).toBe(false)
    } finally {
      site.close()
      fs.rmSync(stampFile, { force: true })
    }
  })

  it("refuses a folder that is not an artifact, changing nothing", () => {
    const live = linkedRelease(host.root, LIVE)
    const stray = fs.mkdtempSync(path.join(os.tmpdir(), "aurelle-not-artifact-"))
    try {
      fs.copyFileSync(path.join(upload, RELEASE_SCRIPT), path.join(stray, "other.cjs"))
      const { status, output } = onHost(path.join(upload, RELEASE_SCRIPT), "release")
      expect(status).toBe(0)
      const refused = spawnSync(
        process.execPath,
        [path.join(upload, RELEASE_SCRIPT), "release", "--root", host.root, "--from", stray],
        {
          encoding: "utf8",
        },
      )
      expect(refused.status).toBe(1)
      expect(`${refused.stderr}`).toContain(
        `${stray} is not a build made by npm run artifact (it has no ${BUILD_INFO}); nothing was changed.`,
      )
      expect(output).toContain("Released")
      expect(linkedRelease(host.root, LIVE)).not.toBe(live)
    } finally {
      fs.rmSync(stray, { recursive: true, force: true })
    }
  })
})

describe("an upload of what changed alone", () => {
  /** Each file of a release folder's public/: its bytes' hash and its inode (shared by a link). */
  const files = (release: string) =>
    new Map(
      filesUnder(path.join(host.root, "releases", release, "public")).map((file) => [
        file.slice(file.indexOf("/public/") + 1),
        { ino: fs.statSync(file).ino, sha: crypto.createHash("sha256").update(fs.readFileSync(file)).digest("hex") },
      ]),
    )
  /** A copy of the artifact with robots.txt changed, its files.json written again. */
  const variant = (line: string) => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "aurelle-variant-"))
    fs.cpSync(upload, dir, { recursive: true })
    fs.appendFileSync(path.join(dir, "public/robots.txt"), `# ${line}\n`)
    writeManifest(dir, manifestOf(path.join(dir, "public")))
    return dir
  }
  /** What `node release.cjs upload-list` says the upload of `artifact` must carry, given the live release. */
  const uploadListOf = (artifact: string) =>
    spawnSync(
      process.execPath,
      [path.join(artifact, RELEASE_SCRIPT), "upload-list", "--live", path.join(host.root, LIVE, FILES_MANIFEST)],
      { encoding: "utf8" },
    ).stdout
  /** The upload made of those files alone, as the build server's tar sends them. */
  const delta = (artifact: string, list: string) => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "aurelle-delta-"))
    for (const file of list.split("\n").filter(Boolean)) {
      fs.mkdirSync(path.dirname(path.join(dir, file)), { recursive: true })
      fs.copyFileSync(path.join(artifact, file), path.join(dir, file))
    }
    return dir
  }
  const made: string[] = []
  afterAll(() => made.forEach((dir) => fs.rmSync(dir, { recursive: true, force: true })))

  it("carries the changed file, is released linking the rest, and the live release's files never change", async () => {
    const first = onHost(path.join(upload, RELEASE_SCRIPT), "release")
    expect(first.status).toBe(0)
    const live = linkedRelease(host.root, LIVE)!
    const before = files(live)
    const artifact = variant("a release of robots.txt alone")
    made.push(artifact)
    const list = uploadListOf(artifact)
    expect(list).toBe(
      ".hosting/cms-auth.mjs\n.hosting/policy.json\nbuild.json\nfiles.json\nrelease.cjs\npublic/robots.txt\n",
    )
    const sent = delta(artifact, list)
    made.push(sent)

    const { status, output } = onHost(path.join(sent, RELEASE_SCRIPT), "release")
    expect(output).toMatch(/files: 1 copied \(0\.0 MB added on disk\), \d+ linked from the releases kept/)
    expect(status).toBe(0)
    const next = linkedRelease(host.root, LIVE)!
    const after = files(next)
    // Once nginx's workers serve the new release alone (a reload takes them a moment).
    await servingLiveRelease(host)
    expect((await fetchTrusting(`${host.url}/robots.txt`, host.ca)).body).toContain("a release of robots.txt alone")
    // The same bytes are the same file on disk; the one that changed is a file of its own.
    expect(after.get("public/index.html")!.ino).toBe(before.get("public/index.html")!.ino)
    expect(after.get("public/robots.txt")!.ino).not.toBe(before.get("public/robots.txt")!.ino)
    expect(files(live)).toEqual(before)

    // Rolled back: the release it returns to is as it was, and the one it leaves too.
    const rolledBack = onHost(path.join(host.root, LIVE, RELEASE_SCRIPT), "rollback")
    expect(rolledBack.status).toBe(0)
    expect(linkedRelease(host.root, LIVE)).toBe(live)
    // Its stamp says since when it is live again: a new file, renamed over the old one, never written into.
    const stamp = "public/release.json"
    const returned = files(live)
    expect(returned.get(stamp)!.ino).not.toBe(before.get(stamp)!.ino)
    returned.delete(stamp)
    before.delete(stamp)
    expect(returned).toEqual(before)
    expect(files(next)).toEqual(after)
  })

  it("lacking a file no release kept holds, is refused naming it, and nothing changes", () => {
    const live = linkedRelease(host.root, LIVE)!
    const artifact = variant("a change never uploaded")
    made.push(artifact)
    const sent = delta(artifact, ".hosting/cms-auth.mjs\n.hosting/policy.json\nbuild.json\nfiles.json\nrelease.cjs\n")
    made.push(sent)
    const { status, output } = onHost(path.join(sent, RELEASE_SCRIPT), "release")
    expect(status).toBe(1)
    expect(output).toContain(
      "the build to release lacks 1 file(s) that no release kept on the host has either (robots.txt): upload the whole artifact; nothing was released",
    )
    expect(linkedRelease(host.root, LIVE)).toBe(live)
  })
})

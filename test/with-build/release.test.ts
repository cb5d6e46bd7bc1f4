/**
 * `npm run release` and `npm run rollback` on an nginx host set up as docs/deploying.md says (a release
 * root, nginx including the live release's configuration, a self-signed certificate), with the build
 * in public/: what goes live, what a failure leaves, what HTTPS answers and how the Observatory grades
 * the configuration by itself.
 */
import { spawnSync } from "node:child_process"
import crypto from "node:crypto"
import fs from "node:fs"
import os from "node:os"
import path from "node:path"
import tls from "node:tls"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { TLS_INTERMEDIATE } from "../../deploy/release/nginx-config"
import { PUBLIC_DIR } from "../../deploy/hosting/local-nginx"
import { BUILD_TIMEOUT_MS, editJson, projectCopy } from "../support/project-copy"
import { fetchHttp1, fetchTrusting, type ReleaseHost, startReleaseHost } from "../support/release-host"
import { LIVE, OUTGOING, RELEASE_SITE, linkedRelease, listReleases } from "../../deploy/release/root/layout"
import { release, rollback } from "../../deploy/release/releases"
import { LOCK, withLock } from "../../deploy/release/root/lock"
import { buildFolder, projectHead } from "../support/build-folder"
import { gradeOf, observatoryScore } from "./observatory-rules"

const PROJECT_DIR = path.resolve(__dirname, "../..")

/** Every file and link under the release root as it is (nginx's own runtime files aside). */
function snapshot(root: string): string {
  const hash = crypto.createHash("sha256")
  const walk = (dir: string) => {
    for (const name of fs.readdirSync(dir).sort()) {
      const full = path.join(dir, name)
      const relative = path.relative(root, full)
      if ([".nginx", ".tls"].includes(relative)) continue
      const stat = fs.lstatSync(full)
      hash.update(`${relative}\0`)
      if (stat.isSymbolicLink()) hash.update(`-> ${fs.readlinkSync(full)}\0`)
      else if (stat.isDirectory()) walk(full)
      else hash.update(fs.readFileSync(full))
    }
  }
  walk(root)
  return hash.digest("hex")
}

let host: ReleaseHost

beforeAll(async () => {
  host = await startReleaseHost({ projectDir: PROJECT_DIR })
}, 60_000)

afterAll(async () => {
  await host?.stop()
})

describe("npm run release", () => {
  it("makes a release live with its own configuration, which names its own folder", async () => {
    const live = linkedRelease(host.root, LIVE)!
    const config = fs.readFileSync(path.join(host.root, LIVE, RELEASE_SITE), "utf8")
    expect(config).toContain(`root "${path.join(host.root, "releases", live, "public")}";`)
    const home = await fetchTrusting(`${host.url}/`, host.ca)
    expect(home.status).toBe(200)
    expect(home.body).toBe(fs.readFileSync(path.join(PUBLIC_DIR, "index.html"), "utf8"))
  })

  it("leaves the live release byte-identical when the build fails, and says why", async () => {
    const before = snapshot(host.root)
    await expect(
      host.release(PROJECT_DIR, () => {
        throw new Error("the build failed")
      }),
    ).rejects.toThrow("the build failed")
    expect(snapshot(host.root)).toBe(before)
  })

  it(
    "stops on invalid content through the command itself, naming the file and field, and changes nothing",
    () => {
      const copy = projectCopy()
      try {
        editJson(path.join(copy, "content/case-studies/wine.json"), (data) => delete data.title)
        const before = snapshot(host.root)
        const control = host.settings.nginx
        const result = spawnSync(
          process.execPath,
          [
            path.join(PROJECT_DIR, "node_modules/tsx/dist/cli.mjs"),
            path.join(copy, "deploy/release/cli.ts"),
            "release",
            ...["--root", host.root, "--server-name", host.settings.serverName, "--http-only"],
            ...["--http-listen", host.settings.httpListen, "--nginx", control.binary],
            ...["--nginx-prefix", control.args[1], "--nginx-conf", control.args[3]],
          ],
          {
            cwd: copy,
            encoding: "utf8",
            timeout: BUILD_TIMEOUT_MS,
            env: { ...process.env, CI: "true", NO_COLOR: "1" },
          },
        )
        const output = `${result.stdout}${result.stderr}`
        expect(result.status).toBe(1)
        expect(output).toContain("content/case-studies/wine.json: en.title: required field is missing")
        expect(output).toContain("nothing was released and the live release is unchanged")
        expect(snapshot(host.root)).toBe(before)
      } finally {
        fs.rmSync(copy, { recursive: true, force: true })
      }
    },
    BUILD_TIMEOUT_MS,
  )

  it("never makes live a configuration nginx refuses, and removes the release it made", async () => {
    const broken = path.join(os.tmpdir(), `aurelle-broken-${process.pid}.pem`)
    fs.writeFileSync(broken, "not a certificate\n")
    try {
      const before = snapshot(host.root)
      const settings = { ...host.settings, tls: { certificate: broken, key: broken } }
      await expect(release(PROJECT_DIR, settings, () => {})).rejects.toThrow(/nginx refused release .*'s configuration/)
      expect(snapshot(host.root)).toBe(before)
    } finally {
      fs.rmSync(broken, { force: true })
    }
  })

  it("runs one at a time: a release meeting another waits its turn, or gives up changing nothing; a dead one's lock and copy are cleared", async () => {
    const lock = path.join(host.root, LOCK)
    const refusing = { ...host.settings, lockWaitSeconds: 0 }
    // Another release holds the root: one that may not wait changes nothing.
    await withLock(host.root, async () => {
      const before = snapshot(host.root)
      await expect(release(PROJECT_DIR, refusing)).rejects.toThrow(
        /another release or rollback is running \(process \d+ \(since .*\) holds .*\.release-lock\)/,
      )
      await expect(rollback(refusing)).rejects.toThrow(/another release or rollback is running/)
      expect(snapshot(host.root)).toBe(before)
    })
    // One that may wait goes live once the other is done.
    let done = 0
    const waited: string[] = []
    const live = linkedRelease(host.root, LIVE)
    const holding = withLock(
      host.root,
      () => new Promise<void>((resolve) => setTimeout(() => resolve(void (done = Date.now())), 1500)),
    )
    await new Promise((resolve) => setTimeout(resolve, 100))
    const next = await withLock(host.root, () => Promise.resolve(Date.now()), {
      waitSeconds: 30,
      onWait: (message) => waited.push(message),
    })
    await holding
    expect(next).toBeGreaterThanOrEqual(done)
    expect(waited.join("\n")).toMatch(/waiting up to 30 s/)
    // A process number the file still names (the release that held it died, its copy half-made).
    fs.writeFileSync(lock, "4194304\n")
    const halfMade = path.join(host.root, "releases", "20200101T000000Z.partial")
    fs.mkdirSync(path.join(halfMade, "public"), { recursive: true })
    await host.release(PROJECT_DIR)
    expect(linkedRelease(host.root, LIVE)).not.toBe(live)
    expect(fs.readFileSync(lock, "utf8")).toBe("")
    expect(fs.existsSync(halfMade)).toBe(false)
  })

  it("keeps the outgoing release's scripts reachable for pages loaded from it", async () => {
    // A release whose build lacks one of the live release's scripts: a page loaded from the live
    // release just before the switch still gets it, from the outgoing release.
    const source = buildFolder("next", projectHead())
    try {
      const script = fs.readdirSync(PUBLIC_DIR).find((name) => /^app-[0-9a-f]{20}\.js$/.test(name))!
      for (const copy of ["", ".br", ".gz"]) fs.rmSync(path.join(source, "public", `${script}${copy}`))
      const outgoing = linkedRelease(host.root, LIVE)
      await host.release(source)
      expect(linkedRelease(host.root, OUTGOING)).toBe(outgoing)
      const kept = await fetchTrusting(`${host.url}/${script}`, host.ca)
      expect(kept.status).toBe(200)
      expect(kept.body).toBe(fs.readFileSync(path.join(PUBLIC_DIR, script), "utf8"))
      expect(kept.headers.get("cache-control")).toBe("public, max-age=31536000, immutable")
      // A script neither release has is still the not-found page.
      const missing = await fetchTrusting(`${host.url}/app-00000000000000000000.js`, host.ca)
      expect(missing.status).toBe(404)
    } finally {
      fs.rmSync(source, { recursive: true, force: true })
    }
  })

  it("never replaces the live release with a build of an older commit, changing nothing", async () => {
    const source = buildFolder("older", {
      commit: "0123456789abcdef0123456789abcdef01234567",
      committedAt: "2001-01-01T00:00:00.000Z",
    })
    try {
      // Live: the project's own commit, whose time its checkout says.
      await host.release(PROJECT_DIR)
      const before = snapshot(host.root)
      await expect(host.release(source)).rejects.toThrow(
        /is of a commit older than the live one \(01234567, committed 2001-01-01T00:00:00.000Z, against [0-9a-f]{8}, committed .*\)/,
      )
      expect(snapshot(host.root)).toBe(before)
    } finally {
      fs.rmSync(source, { recursive: true, force: true })
    }
  })

  it("keeps the newest five releases", async () => {
    for (let i = 0; i < 5; i++) await host.release(PROJECT_DIR)
    const releases = listReleases(host.root)
    expect(releases).toHaveLength(5)
    expect(releases.at(-1)).toBe(linkedRelease(host.root, LIVE))
  })
})

describe("npm run rollback", () => {
  it("makes the release before the live one live again, and the one it replaces stays reachable", async () => {
    const [previous, live] = listReleases(host.root).slice(-2)
    expect(linkedRelease(host.root, LIVE)).toBe(live)
    const report = await host.rollback()
    expect(report.live).toBe(previous)
    expect(linkedRelease(host.root, LIVE)).toBe(previous)
    expect(linkedRelease(host.root, OUTGOING)).toBe(live)
    expect((await fetchTrusting(`${host.url}/case-studies/wine/`, host.ca)).status).toBe(200)
  })

  it("goes back through the releases as they were live, never to one it rolled back from", async () => {
    const good = linkedRelease(host.root, LIVE)
    const bad = (await host.release(PROJECT_DIR)).live
    expect((await host.rollback()).live).toBe(good)
    const next = (await host.release(PROJECT_DIR)).live
    expect(next).not.toBe(bad)
    const report = await host.rollback()
    expect(report.live).toBe(good)
    expect(report.outgoing).toBe(next)
  })

  it("says so when there is nothing to roll back to, and changes nothing", async () => {
    for (
      let i = 0;
      i < 10 &&
      (await host.rollback().then(
        () => true,
        () => false,
      ));
      i++
    );
    const before = snapshot(host.root)
    await expect(host.rollback()).rejects.toThrow(/nothing to roll back to/)
    expect(snapshot(host.root)).toBe(before)
  })
})

describe("HTTPS in the shipped configuration", () => {
  it("answers plain HTTP with a permanent redirect to the same address over HTTPS, and nothing else", async () => {
    const response = await fetch(`${host.httpUrl}/case-studies/wine/?from=letter`, { redirect: "manual" })
    expect(response.status).toBe(301)
    // The host name asked for, the HTTPS port.
    const { hostname } = new URL(host.httpUrl)
    const { port } = new URL(host.url)
    expect(response.headers.get("location")).toBe(`https://${hostname}:${port}/case-studies/wine/?from=letter`)
    // A browser keeps HSTS only from an HTTPS answer; the redirect carries none of the site's headers.
    expect(response.headers.get("strict-transport-security")).toBeNull()
  })

  it("answers certbot's challenges over plain HTTP, from the release root's acme folder", async () => {
    const challenges = path.join(host.root, "acme/.well-known/acme-challenge")
    fs.mkdirSync(challenges, { recursive: true })
    fs.writeFileSync(path.join(challenges, "token-1"), "token-1.thumbprint")
    const response = await fetch(`${host.httpUrl}/.well-known/acme-challenge/token-1`, { redirect: "manual" })
    expect(response.status).toBe(200)
    expect(response.headers.get("content-type")).toBe("text/plain")
    expect(await response.text()).toBe("token-1.thumbprint")
  })

  it("serves HTTP/2 with Mozilla's intermediate TLS: 1.2 and 1.3, forward-secret AEAD ciphers only", async () => {
    expect((await fetchTrusting(`${host.url}/`, host.ca)).protocol).toBe("h2")
    const port = Number(new URL(host.url).port)
    const connect = (options: tls.ConnectionOptions) =>
      new Promise<{ protocol: string | null; cipher: string }>((resolve, reject) => {
        const socket = tls.connect(
          { host: "127.0.0.1", port, servername: "localhost", ca: host.ca, ...options },
          () => {
            resolve({ protocol: socket.getProtocol(), cipher: socket.getCipher().name })
            socket.end()
          },
        )
        socket.on("error", reject)
      })
    expect((await connect({ minVersion: "TLSv1.3" })).protocol).toBe("TLSv1.3")
    const tls12 = await connect({ maxVersion: "TLSv1.2" })
    expect(tls12.protocol).toBe("TLSv1.2")
    expect(TLS_INTERMEDIATE.ciphers.split(":")).toContain(tls12.cipher)
    // Without forward secrecy (RSA key exchange) or with CBC: refused.
    await expect(connect({ maxVersion: "TLSv1.2", ciphers: "AES128-GCM-SHA256" })).rejects.toThrow()
    await expect(connect({ maxVersion: "TLSv1.2", ciphers: "ECDHE-ECDSA-AES128-SHA" })).rejects.toThrow()
    expect((await fetchHttp1(`${host.url}/`, { ca: host.ca })).status).toBe(200)
  })

  /** The Observatory's view of an address on this host: its HTTPS answer and its plain-HTTP one. */
  async function grade(base: ReleaseHost, pathname: string) {
    const page = base.url.startsWith("https:")
      ? await fetchTrusting(`${base.url}${pathname}`, base.ca)
      : await fetch(`${base.url}${pathname}`).then(async (response) => ({
          headers: response.headers,
          body: await response.text(),
        }))
    const plain = await fetch(`${base.httpUrl}${pathname}`, { redirect: "manual" })
    await plain.arrayBuffer()
    const http = { status: plain.status, location: plain.headers.get("location") }
    return observatoryScore(page.headers, page.body, { https: base.url.startsWith("https:"), http })
  }

  it.each(["/", "/case-studies/wine/"])(
    "grades %s A+ by itself: redirect to HTTPS, HSTS over HTTPS",
    async (pathname) => {
      const { score, reasons } = await grade(host, pathname)
      expect(reasons).toEqual([
        "csp-implemented-with-no-unsafe",
        "x-frame-options-implemented-via-csp",
        "referrer-policy-private",
        "redirection-to-https",
      ])
      expect(gradeOf(score)).toBe("A+")
    },
  )

  it("grades the CMS A+ by itself, its one deduction the eval Decap needs", async () => {
    const { score, reasons } = await grade(host, "/admin/")
    expect(reasons[0]).toBe("csp-implemented-with-unsafe-eval")
    expect(reasons).toContain("redirection-to-https")
    expect(gradeOf(score)).toBe("A+")
  })

  it("grades a plain-HTTP configuration C+, as the one shipped before HTTPS was", async () => {
    const plain = await startReleaseHost({ projectDir: PROJECT_DIR, tls: false })
    try {
      const { score, reasons } = await grade(plain, "/")
      expect(reasons).toContain("redirection-missing")
      expect(reasons).toContain("hsts-not-implemented-no-https")
      expect(gradeOf(score)).toBe("C+")
    } finally {
      await plain.stop()
    }
  })
})

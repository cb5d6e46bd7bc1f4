/**
 * The release command's command line (deploy/release/cli.ts, commands/): each option read by its
 * declaration and refused in words naming the command and the option; the usage and each command's
 * --help made from the declarations; and the previews' SSH key's forced command (commands/gate.ts),
 * run as sshd runs it (the script each release writes, SSH_ORIGINAL_COMMAND set, no SSH server), which
 * takes its four commands and refuses anything else, a hostile argument included.
 */
import { spawnSync } from "node:child_process"
import fs from "node:fs"
import os from "node:os"
import path from "node:path"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { bundleReleaseCommand } from "../../../deploy/publish/artifact"
import { UsageError, commandHelp, readOptions } from "../../../deploy/release/commands/command"
import { EXIT } from "../../../deploy/release/commands/exit"
import { GATED, readAsked } from "../../../deploy/release/commands/gate"
import { PREVIEW_LINE, previewCommand } from "../../../deploy/release/commands/preview"
import { releaseCommand } from "../../../deploy/release/commands/release"
import { writeGateScript } from "../../../deploy/release/host-units"
import { previewDir, readPreviews } from "../../../deploy/release/previews"
import { GATE_SCRIPT, LIVE, RELEASE_SCRIPT } from "../../../deploy/release/root/layout"
import { manifestOf, writeManifest } from "../../../deploy/release/root/manifest"

const TOKEN = "ab".repeat(12)
const at = (minutes: number) => new Date(Date.now() + minutes * 60_000).toISOString()
const previewArgs = (pull: string, when = at(0)) => [
  ...["--root", "/srv/x", "--from", "/a"],
  `--pull=${pull}`,
  ...["--token", TOKEN, "--at", when],
]

const refused = (run: () => unknown): string => {
  try {
    run()
  } catch (error) {
    expect(error).toBeInstanceOf(UsageError)
    return (error as Error).message
  }
  throw new Error("not refused")
}

describe("a command's options", () => {
  it("take a pull request's number in decimal digits alone, and say what is wrong with any other", () => {
    expect(readOptions(previewCommand, previewArgs("12"))).toMatchObject({ pull: 12, token: TOKEN, "keep-previews": 5 })
    for (const pull of ["9007199254740993", "0x10", "1e3", "-1", "1.5", "0", "", " 7"])
      expect(
        refused(() => readOptions(previewCommand, previewArgs(pull))),
        pull,
      ).toBe(`preview: --pull must be a pull request's number, written in decimal digits, not ${JSON.stringify(pull)}`)
  })

  it("refuse an option the command does not declare, one given twice, a flag given a value, a missing one", () => {
    expect(refused(() => readOptions(previewCommand, [...previewArgs("7"), "--nginx", "/bin/sh"]))).toMatch(
      /^preview: Unknown option '--nginx'/,
    )
    expect(refused(() => readOptions(previewCommand, [...previewArgs("7"), "--pull", "8"]))).toBe(
      "preview: --pull is given twice",
    )
    expect(refused(() => readOptions(releaseCommand, ["--root", "/r", "--http-only=yes"]))).toMatch(
      /^release: Option '--http-only' does not take an argument/,
    )
    expect(refused(() => readOptions(previewCommand, ["--root", "/r", "--pull", "7"]))).toMatch(
      /^preview: --token is required/,
    )
    expect(refused(() => readOptions(releaseCommand, ["--root", "/r", "--keep", "1"]))).toBe(
      'release: --keep must be a whole number, 2 or more, written in decimal digits, not "1"',
    )
    expect(refused(() => readOptions(releaseCommand, ["--root", ""]))).toBe("release: --root must not be empty")
    expect(refused(() => readOptions(releaseCommand, ["--root", "/r", "stray"]))).toMatch(
      /^release: Unexpected argument 'stray'/,
    )
  })

  it("make each command's help, every option with its help and default", () => {
    const help = commandHelp("node release.cjs", previewCommand)
    expect(help).toMatch(/^usage: node release\.cjs preview --root DIR \[--from PATH\] --pull N --token T --at TIME/)
    for (const name of Object.keys(previewCommand.options)) expect(help).toContain(`--${name}`)
    expect(help).toContain("(default: 5)")
    expect(help).toContain("--root DIR")
  })
})

describe("the release command, run", () => {
  let dir: string
  let script: string
  const run = (args: string[], env: Record<string, string> = {}, input?: Buffer | string) =>
    spawnSync(process.execPath, [script, ...args], { encoding: "utf8", env: { ...process.env, ...env }, input })

  beforeAll(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), "release-command-"))
    script = path.join(dir, "bundle", RELEASE_SCRIPT)
    await bundleReleaseCommand(script)
  })
  afterAll(() => fs.rmSync(dir, { recursive: true, force: true }))

  it("says its commands, and each one's options, from their declarations", () => {
    const usage = run(["--help"])
    expect(usage.status).toBe(0)
    for (const name of [
      "release",
      "rollback",
      "stamp",
      "upload-list",
      "tick",
      "report",
      "preview",
      "preview-closed",
      "previews",
      "preview-lacks",
      "gate",
    ])
      expect(usage.stdout).toMatch(new RegExp(`^  ${name} `, "m"))
    const help = run(["release", "--help"])
    expect(help.stdout).toContain("--older-commit")
    expect(help.stdout).toContain("(default: 900)")
    const unknown = run(["deploy", "--root", "/"])
    expect(unknown.status).toBe(EXIT.usage)
    expect(unknown.stderr).toContain('"deploy" is no command')
    const wrong = run(["report", "--root", dir, "--log"])
    expect(wrong.status).toBe(EXIT.usage)
    expect(wrong.stderr).toMatch(/^report: Option '--log <value>' argument missing/m)
  })

  describe("as the previews' SSH key's forced command", () => {
    let root: string
    /** sshd's way: the script of the key's command line, with what was asked in SSH_ORIGINAL_COMMAND. */
    const asked = (command: string | undefined, input?: Buffer | string) =>
      spawnSync("/bin/sh", [path.join(root, GATE_SCRIPT)], {
        encoding: "utf8",
        env: {
          PATH: `${path.dirname(process.execPath)}:/usr/bin:/bin`,
          ...(command === undefined ? {} : { SSH_ORIGINAL_COMMAND: command }),
        },
        input,
      })

    beforeAll(() => {
      root = path.join(dir, "root with a 'quote'")
      fs.mkdirSync(path.join(root, "releases", "r1"), { recursive: true })
      fs.copyFileSync(script, path.join(root, "releases", "r1", RELEASE_SCRIPT))
      fs.symlinkSync(path.join("releases", "r1"), path.join(root, LIVE))
      writeGateScript(root)
    })

    /** A preview's build as the build server packs it, as a tar archive (what `preview` reads). */
    function upload(name: string, files: Record<string, string>, extra: (folder: string) => void = () => {}): Buffer {
      const folder = path.join(dir, name)
      for (const [file, text] of Object.entries(files)) {
        fs.mkdirSync(path.dirname(path.join(folder, "public", file)), { recursive: true })
        fs.writeFileSync(path.join(folder, "public", file), text)
      }
      writeManifest(folder, manifestOf(path.join(folder, "public")))
      fs.writeFileSync(
        path.join(folder, "build.json"),
        JSON.stringify({
          commit: "d".repeat(40),
          builtAt: at(0),
          serverName: "aurelle.example",
          clock: at(0),
          clockSet: false,
          servedUntil: null,
        }),
      )
      extra(folder)
      return spawnSync("tar", ["-C", folder, "-cf", "-", "."], { maxBuffer: 1 << 26 }).stdout
    }

    it("refuses anything but its four commands, in words, whatever is asked", () => {
      for (const hostile of [
        undefined,
        "",
        "   ",
        "bash",
        "rm -rf /",
        "scp -t /srv/aurelle/releases",
        "internal-sftp",
        "rsync --server -vlogDtpre.iLsfxC . /srv/aurelle",
        "release --root /srv/aurelle --from /tmp/evil",
        "rollback",
        "gate",
        `preview --pull 7 --token ${TOKEN} --at ${at(0)}; rm -rf /`,
        `preview --pull 7 --token ${TOKEN} --at ${at(0)} --root /etc`,
        `preview --pull 7 --token ${TOKEN} --at ${at(0)} --from /tmp/evil`,
        `preview --pull 7 --token ${TOKEN} --at ${at(0)} --nginx /bin/sh`,
        `preview --pull 9007199254740993 --token ${TOKEN} --at ${at(0)}`,
        `preview --pull 0x10 --token ${TOKEN} --at ${at(0)}`,
        `preview --pull 7 --pull 8 --token ${TOKEN} --at ${at(0)}`,
        `preview --pull 7 --token ../../etc --at ${at(0)}`,
        "previews --open=$(id) --at 2026-12-07T10:00:00Z",
        "previews --open=`id` --at 2026-12-07T10:00:00Z",
        "preview-closed --pull 7 --at 2026-12-07T10:00:00Z\nrm -rf /",
        "preview-closed --pull 7 --at yesterday",
        "preview-lacks --root /",
        "preview --help",
      ])
        expect(() => readAsked(hostile), JSON.stringify(hostile)).toThrow(
          /^The previews' key runs only preview-lacks, preview, preview-closed, previews \(docs\/deploying\.md, "Previews of drafts"\)|^preview(?:s|-closed|-lacks)?: /,
        )
      expect(Object.keys(GATED)).toEqual(["preview-lacks", "preview", "preview-closed", "previews"])
    })

    it("as sshd runs it: refuses in words with status 2, runs the live release's command on its own root", () => {
      const shell = asked("rm -rf /")
      expect(shell.status).toBe(EXIT.usage)
      expect(shell.stderr).toContain(`The previews' key runs only preview-lacks, preview, preview-closed, previews`)
      expect(asked(undefined).status).toBe(EXIT.usage)
      const huge = asked(`preview --pull 9007199254740993 --token ${TOKEN} --at ${at(0)}`)
      expect(huge.status).toBe(EXIT.usage)
      expect(huge.stderr).toContain(
        '--pull must be a pull request\'s number, written in decimal digits, not "9007199254740993"',
      )
      const future = asked(`preview-closed --pull 7 --at 2099-01-01T00:00:00Z`)
      expect(future.status).toBe(1)
      expect(future.stderr).toMatch(/ahead of this host's clock/)
      const closedAt = at(-10)
      const closed = asked(`preview-closed --pull 7 --at ${closedAt}`)
      expect(closed.stdout, closed.stderr).toContain("Pull request #7 closed: 0 preview(s) removed")
      expect(readPreviews(root).closed).toEqual({ 7: closedAt })
      expect(asked(`previews --open= --at ${at(0)}`).status).toBe(0)
    })

    it("places an upload as a preview once; the same run again, an older one, or a hostile upload, changes nothing", () => {
      const files = { "index.html": "<p>Draft</p>", "admin/index.html": "<p>Admin</p>" }
      const tar = upload("draft", files)
      // What its upload must carry: all of it, the admin left out (no release here holds any of it).
      const lacks = asked("preview-lacks", fs.readFileSync(path.join(dir, "draft", "files.json")))
      expect(lacks.status, lacks.stderr).toBe(0)
      expect(lacks.stdout).toBe("build.json\nfiles.json\npublic/index.html\n")
      const when = at(-1)
      const made = asked(`preview --pull 12 --token ${TOKEN} --at ${when}`, tar)
      expect(made.status, made.stderr).toBe(0)
      expect(made.stdout).toContain(`${PREVIEW_LINE}/preview/${TOKEN}/`)
      expect(fs.readFileSync(path.join(previewDir(root, TOKEN), "index.html"), "utf8")).toBe("<p>Draft</p>")
      expect(fs.existsSync(path.join(previewDir(root, TOKEN), "admin"))).toBe(false)
      const records = fs.readFileSync(path.join(root, "previews", "previews.json"), "utf8")
      // The same change again (a rerun): its address said, nothing written.
      const again = asked(`preview --pull 12 --token ${"cd".repeat(12)} --at ${when}`, tar)
      expect(again.status).toBe(0)
      expect(again.stdout).toContain(`Previewed already`)
      expect(again.stdout).toContain(`${PREVIEW_LINE}/preview/${TOKEN}/`)
      const older = asked(`preview --pull 12 --token ${"ef".repeat(12)} --at ${at(-2)}`, tar)
      expect(older.status).toBe(EXIT.notPreviewed)
      expect(older.stdout).toMatch(/^Not previewed: pull request #12 has a preview of a later change/m)
      expect(JSON.parse(fs.readFileSync(path.join(root, "previews", "previews.json"), "utf8"))).toEqual(
        JSON.parse(records),
      )
      // --keep-previews 1: #16 pushes #12's preview out; a late run of #12's change, or of an older one,
      // then changes nothing, and #16's stays.
      const other = "56".repeat(12)
      expect(asked(`preview --pull 16 --token ${other} --at ${at(-0.5)} --keep-previews 1`, tar).status).toBe(0)
      expect(fs.existsSync(previewDir(root, TOKEN))).toBe(false)
      for (const late of [when, at(-3)]) {
        const pushed = asked(`preview --pull 12 --token ${"78".repeat(12)} --at ${late} --keep-previews 1`, tar)
        expect(pushed.status, late).toBe(EXIT.notPreviewed)
      }
      expect(readPreviews(root).previews.map(({ pull }) => pull)).toEqual([16])
      expect(fs.existsSync(previewDir(root, other))).toBe(true)
      const served = fs.readFileSync(path.join(root, "previews", "previews.json"), "utf8")
      // An upload that holds a symbolic link, or climbs out: refused, nothing of it kept.
      const linked = upload("linked", files, (folder) =>
        fs.symlinkSync("/etc/passwd", path.join(folder, "public", "x")),
      )
      const symlink = asked(`preview --pull 13 --token ${"12".repeat(12)} --at ${at(0)}`, linked)
      expect(symlink.status).toBe(1)
      expect(symlink.stderr).toMatch(/the upload's public\/x is a symbolic link/)
      // Larger than the room the previews may take: refused as it comes, before it is all read.
      const big = upload("big", { ...files, "big.js": "x".repeat(2 * 1024 * 1024) })
      const large = asked(`preview --pull 14 --token ${"34".repeat(12)} --at ${at(0)} --previews-disk-mb 1`, big)
      expect(large.status).toBe(1)
      expect(large.stderr).toContain("the upload is larger than the 1.0 MB the previews may take")
      expect(fs.readFileSync(path.join(root, "previews", "previews.json"), "utf8")).toBe(served)
      expect(fs.readdirSync(path.join(root, "previews")).sort()).toEqual([".release-lock", "previews.json", "site"])
      // What a run cancelled mid-way left is gone at the next command.
      fs.mkdirSync(path.join(root, "previews", "uploads", "cancelled", "public"), { recursive: true })
      fs.writeFileSync(path.join(root, "previews", "uploads", "cancelled", "public", "big.js"), "x".repeat(100_000))
      expect(asked(`previews --open=16 --at ${at(0)}`).status).toBe(0)
      expect(fs.existsSync(path.join(root, "previews", "uploads"))).toBe(false)
      expect(fs.existsSync(previewDir(root, other))).toBe(true)
    })
  })
})

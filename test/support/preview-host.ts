/**
 * A draft's preview on the release test host, for the CMS's "View Preview" (e2e/cms-github-publish.spec.ts):
 * the host set up as docs/deploying.md says, the editors' password file made, and the project's own
 * build placed as pull request #1's preview by the release command's code (deploy/release/previews.ts).
 * The build is the live one, not made under the preview's path: its page's own addresses are served
 * by the same host, which is all the CMS's side needs. What a preview built under its path does is
 * proven in test/with-build/release-preview.test.ts.
 */
import { spawnSync } from "node:child_process"
import fs from "node:fs"
import path from "node:path"
import { previewPath } from "../../contracts/previews"
import { manifestOf, writeManifest } from "../../deploy/release/root/manifest"
import { PREVIEW_USERS } from "../../deploy/release/root/layout"
import { makePreview } from "../../deploy/release/previews"
import { buildFolder, projectHead } from "./build-folder"
import { startReleaseHost } from "./release-host"

export const PREVIEW_EDITOR = { username: "editor", password: "a long passphrase" }

export async function previewOnReleaseHost(
  projectDir: string,
): Promise<{ address: string; stop: () => Promise<void> }> {
  const host = await startReleaseHost({ projectDir })
  const hash = spawnSync("openssl", ["passwd", "-6", PREVIEW_EDITOR.password], { encoding: "utf8" }).stdout.trim()
  fs.writeFileSync(path.join(host.root, PREVIEW_USERS), `${PREVIEW_EDITOR.username}:${hash}\n`)
  const source = buildFolder("preview", projectHead())
  writeManifest(source, manifestOf(path.join(source, "public")))
  const token = "5e".repeat(12)
  await makePreview(source, host.root, { pull: 1, token, at: new Date().toISOString() })
  fs.rmSync(source, { recursive: true, force: true })
  return { address: `${host.url}${previewPath(token)}`, stop: () => host.stop() }
}

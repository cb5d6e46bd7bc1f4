/**
 * `upload-list`: what an upload to the nginx host must carry for a release there (root/manifest.ts):
 * the artifact's own files, and those of its build the live release lacks.
 */
import fs from "node:fs"
import path from "node:path"
import { filesUnder } from "../../../lib/files"
import { posixPath, readManifest, uploadList } from "../root/manifest"
import { MANIFEST_RECORD, parseRecord } from "../root/records"
import { command, text } from "./command"
import { artifactOf } from "./host"
import { FROM } from "./options"

export const uploadListCommand = command({
  name: "upload-list",
  summary: `In an artifact: the files an upload must carry, one a line, given the live release's files.json as
the host keeps it (all of them when FILE is missing or empty).`,
  options: {
    ...FROM,
    live: text("FILE", "the live release's files.json, as read from the host"),
  },
  run: async (values) => {
    const artifact = artifactOf(values.from, "upload-list lists an artifact's files")
    const manifest = readManifest(artifact)
    const liveText = values.live && fs.existsSync(values.live) ? fs.readFileSync(values.live, "utf8") : ""
    const live = liveText.trim() ? parseRecord(MANIFEST_RECORD, liveText, path.resolve(values.live!)) : null
    const own = filesUnder(artifact)
      .map((file) => posixPath(path.relative(artifact, file)))
      .filter((file) => !file.startsWith("public/"))
      .sort()
    process.stdout.write(
      uploadList(manifest, live, own)
        .map((file) => `${file}\n`)
        .join(""),
    )
  },
})

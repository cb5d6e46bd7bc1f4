/**
 * `upload-list`: what an upload to the nginx host must carry for a release there (deploy/release/files.ts):
 * the artifact's own files, and those of its build the live release lacks.
 */
import fs from "node:fs"
import path from "node:path"
import { filesUnder } from "../../../lib/files"
import { FILES_MANIFEST, posixPath, readManifest, uploadList } from "../files"
import { type Options, artifactOf, fail } from "./command-line"

export async function uploadListCommand(options: Options): Promise<void> {
  const artifact = artifactOf(options, "upload-list lists an artifact's files")
  const manifest = readManifest(artifact)
  if (!manifest) fail(`${artifact} has no readable ${FILES_MANIFEST}: pack it again with npm run artifact`)
  const live =
    options.live && fs.existsSync(options.live)
      ? readManifest(path.dirname(path.resolve(options.live)), path.basename(options.live))
      : null
  const own = filesUnder(artifact)
    .map((file) => posixPath(path.relative(artifact, file)))
    .filter((file) => !file.startsWith("public/"))
    .sort()
  process.stdout.write(
    uploadList(manifest, live, own)
      .map((file) => `${file}\n`)
      .join(""),
  )
}

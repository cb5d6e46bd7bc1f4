/** `stamp`: the artifact's /release.json, before a CDN upload (with --replacing, only over that live commit). */
import fs from "node:fs"
import path from "node:path"
import { RELEASE_STAMP_PATH, type ReleaseStamp, readReleaseStamp } from "../../../contracts/release-stamp"
import { HELD_STATUS, HeldForCalendar, readBuildInfo, writeStamp } from "../stamp"
import { overLiveOnPages } from "../told-calendar"
import { type Options, artifactOf, fail } from "./command-line"

/**
 * The live site's stamp, or null where it has none (404: the first release). Where the site cannot be
 * read, a calendar release (`required`) stops, changing nothing; a push's goes on, saying so: a site
 * that is down must not keep its fix from being published.
 */
async function liveStamp(url: string, required: boolean): Promise<ReleaseStamp | null> {
  const response = await fetch(url, { cache: "no-store", signal: AbortSignal.timeout(30_000) }).catch(
    (error: Error) => {
      if (required) fail(`${url} cannot be read (${error.message}): nothing was changed`)
      console.log(`${url} cannot be read (${error.message}): releasing without its stamp's word`)
      return null
    },
  )
  if (!response || response.status === 404) return null
  if (!response.ok)
    fail(`${url} answered ${response.status}: the live site cannot say what it serves; nothing was changed`)
  return readReleaseStamp(await response.json())
}

async function writeArtifactStamp(options: Options): Promise<void> {
  const artifact = artifactOf(options, "stamp writes an artifact's release.json")
  const info = readBuildInfo(artifact)
  const released = (value: boolean) => {
    if (process.env.GITHUB_OUTPUT) fs.appendFileSync(process.env.GITHUB_OUTPUT, `released=${value}\n`)
  }
  const url = options["stamp-url"] ?? `https://${info.serverName}${RELEASE_STAMP_PATH}`
  const over = overLiveOnPages(info, await liveStamp(url, Boolean(options.replacing)), options.replacing)
  if (!over.released) {
    released(false)
    console.log(`Not released: ${over.why}; the calendar's next run looks again.`)
    process.exit(0)
  }
  writeStamp(path.join(artifact, "public"), info)
  released(true)
  console.log(`Stamped ${path.join(artifact, "public", "release.json")}`)
  process.exit(0)
}

export const stampCommand = (options: Options): Promise<void> =>
  writeArtifactStamp(options).catch((error: Error) => {
    if (!(error instanceof HeldForCalendar)) fail(`stamp stopped: ${error.message}`)
    console.error(`\nHeld for the calendar: ${error.message}\n`)
    process.exit(HELD_STATUS)
  })

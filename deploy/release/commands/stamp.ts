/** `stamp`: the artifact's /release.json, before a CDN upload (with --replacing, only over that live commit). */
import fs from "node:fs"
import path from "node:path"
import { RELEASE_STAMP_PATH, type ReleaseStamp, readReleaseStamp } from "../../../contracts/release-stamp"
import { HELD_STATUS, readBuildInfo, writeStamp } from "../stamp"
import { overLiveOnPages } from "../told-calendar"
import { command, text } from "./command"
import { artifactOf } from "./host"
import { FROM } from "./options"

/**
 * The live site's stamp, or null where it has none (404: the first release). Where the site cannot be
 * read, a calendar release (`required`) stops, changing nothing; a push's goes on, saying so: a site
 * that is down must not keep its fix from being published.
 */
async function liveStamp(url: string, required: boolean): Promise<ReleaseStamp | null> {
  let response: Response
  try {
    response = await fetch(url, { cache: "no-store", signal: AbortSignal.timeout(30_000) })
  } catch (error) {
    if (required) throw new Error(`${url} cannot be read (${(error as Error).message}): nothing was changed`)
    console.log(`${url} cannot be read (${(error as Error).message}): releasing without its stamp's word`)
    return null
  }
  if (response.status === 404) return null
  if (!response.ok)
    throw new Error(`${url} answered ${response.status}: the live site cannot say what it serves; nothing was changed`)
  const stamp = readReleaseStamp(await response.json().catch(() => null))
  if (!stamp)
    throw new Error(`${url} is not a release stamp: the live site cannot say what it serves; nothing was changed`)
  return stamp
}

export const stampCommand = command({
  name: "stamp",
  summary: `In an artifact: its public/release.json, before a CDN upload. Held for the calendar, exit status ${HELD_STATUS}.
GITHUB_OUTPUT, when set, gets released=true or released=false.`,
  options: {
    ...FROM,
    replacing: text(
      "COMMIT",
      "stamp only while the live site's stamp is of COMMIT (the calendar's run): otherwise say so, released=false",
    ),
    "stamp-url": text(
      "URL",
      "where the live site's stamp is read (default: https://SERVER/release.json); a build of a commit older than the live one's is refused",
    ),
  },
  run: async (values) => {
    const artifact = artifactOf(values.from, "stamp writes an artifact's release.json")
    const info = readBuildInfo(artifact)
    const released = (value: boolean) => {
      if (process.env.GITHUB_OUTPUT) fs.appendFileSync(process.env.GITHUB_OUTPUT, `released=${value}\n`)
    }
    const url = values["stamp-url"] ?? `https://${info.serverName}${RELEASE_STAMP_PATH}`
    const over = overLiveOnPages(info, await liveStamp(url, Boolean(values.replacing)), values.replacing)
    if (!over.released) {
      released(false)
      return console.log(`Not released: ${over.why}; the calendar's next run looks again.`)
    }
    writeStamp(path.join(artifact, "public"), info)
    released(true)
    console.log(`Stamped ${path.join(artifact, "public", "release.json")}`)
  },
})

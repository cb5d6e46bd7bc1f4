/**
 * On the form of an entry that holds photos (the team's), with GitHub: the photos under content/images
 * that no entry names any more, on main or in a draft under review, left behind when a photo was
 * replaced or a member removed,
 * each to delete from the media library (the build names the same ones: model/relations.ts, photosUnused).
 * Read with the editor's token when the form opens; nothing is deleted for her.
 */
import { useEffect, useState } from "react"
import { DEFAULT_LOCALE } from "../../model/locales"
import { imageFields, photosUnused } from "../../model/relations"
import { contentTypeOf } from "../../model/registry"
import { documentsOf } from "../stale-save"
import { type BackendConfig, contentOnBranch, fromGitHub } from "./github"
import { fileAt } from "./entry-versions"
import { CONTENT_LABEL } from "../entry-problems"
import { UNUSED_PHOTOS } from "../shared"
import { Panel } from "./entry-check/summary-parts"

interface Draft {
  head: { ref: string; sha: string }
}

/**
 * The same files as the drafts under review hold them (each open pull request from one of Decap's
 * branches, at its head): a photo a draft names is in use, though main no longer names it. A file a
 * draft does not hold is main's (already counted).
 */
async function inDrafts(
  config: BackendConfig,
  files: readonly string[],
): Promise<Array<{ relative: string; text: string }>> {
  const drafts = await fromGitHub<Draft[]>(config, "/pulls?state=open&per_page=100")
  const reads = drafts
    .filter(({ head }) => head.ref.startsWith("cms/"))
    .flatMap(({ head }) =>
      files.map((relative) =>
        fileAt(config, `${CONTENT_LABEL}/${relative}`, head.sha).then((text) =>
          text === null ? [] : [{ relative, text }],
        ),
      ),
    )
  return (await Promise.all(reads)).flat()
}

export function UnusedPhotos({ config }: { config: BackendConfig }) {
  const [unused, setUnused] = useState<string[]>([])
  useEffect(() => {
    let active = true
    const types = new Set(imageFields().map(({ type }) => type))
    const read = async () => {
      const { texts, images } = await contentOnBranch(config, (relative) => types.has(contentTypeOf(relative)!))
      const drafts = await inDrafts(config, [...texts.keys()])
      const files = [...texts, ...drafts.map(({ relative, text }) => [relative, text] as const)].map(
        ([relative, text]) => ({ relative, english: documentsOf(text)[DEFAULT_LOCALE] }),
      )
      return photosUnused(images, files)
    }
    read().then(
      (found) => active && setUnused(found),
      // Not read (GitHub not answering): nothing is said; the build names them too.
      () => undefined,
    )
    return () => {
      active = false
    }
  }, [config])
  if (unused.length === 0) return null
  return (
    <Panel $tone="note" aria-labelledby="unused-photos-heading">
      <h2 id="unused-photos-heading">{UNUSED_PHOTOS.heading}</h2>
      <p>{UNUSED_PHOTOS.why}</p>
      <ul>
        {unused.map((image) => (
          <li key={image}>{image}</li>
        ))}
      </ul>
    </Panel>
  )
}

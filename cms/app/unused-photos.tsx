/**
 * On the form of an entry that holds photos (the team's), with GitHub: the photos under content/images
 * that no entry on main names any more, left behind when a photo was replaced or a member removed,
 * each to delete from the media library (the build names the same ones: model/relations.ts, photosUnused).
 * Read with the editor's token when the form opens; nothing is deleted for her.
 */
import { useEffect, useState } from "react"
import { DEFAULT_LOCALE } from "../../model/locales"
import { imageFields, photosUnused } from "../../model/relations"
import { contentTypeOf } from "../../model/registry"
import { documentsOf } from "../stale-save"
import { type BackendConfig, contentOnBranch } from "./github"
import { UNUSED_PHOTOS } from "../shared"
import { Panel } from "./entry-check/summary-parts"

export function UnusedPhotos({ config }: { config: BackendConfig }) {
  const [unused, setUnused] = useState<string[]>([])
  useEffect(() => {
    let active = true
    const types = new Set(imageFields().map(({ type }) => type))
    contentOnBranch(config, (relative) => types.has(contentTypeOf(relative)!)).then(
      ({ texts, images }) => {
        const files = [...texts].map(([relative, text]) => ({ relative, english: documentsOf(text)[DEFAULT_LOCALE] }))
        if (active) setUnused(photosUnused(images, files))
      },
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

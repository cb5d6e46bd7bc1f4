/**
 * Decap's image field, whose thumbnail of an image already saved draws. Decap's control asks for the
 * image once, when the form opens; the backend is still reading the file then, so the answer is an
 * empty placeholder, and the control does not ask again until the entry changes: every team photo
 * showed an empty checkerboard. Here the control is handed, while an image is still loading, a new
 * `getAsset` a moment later (Decap's control asks again whenever `getAsset` changes), until the image
 * has come. Decap tells a control nothing when an asset has loaded, so the moment is a timer's, in
 * decap-internals/ (`afterAssetLoadMayHaveEnded`). Decap's own control draws everything else; its
 * instance is the one Decap holds (the ref passes through), so its validation is unchanged.
 */
import { type ComponentType, type Ref, createElement, forwardRef, useEffect, useMemo, useState } from "react"
import { afterAssetLoadMayHaveEnded, isLoadedAsset } from "./decap-internals"

interface Asset {
  path?: string
  toString(): string
}

interface ImageControlProps {
  value?: unknown
  getAsset: (path: string, field: unknown) => Asset
}

export function withThumbnail(Control: ComponentType<ImageControlProps & { ref?: Ref<unknown> }>) {
  return forwardRef(function ImageWithThumbnail(props: ImageControlProps, ref: Ref<unknown>) {
    const [attempt, setAttempt] = useState(0)
    const [waiting, setWaiting] = useState(false)
    const { getAsset } = props
    // A new function for each attempt: Decap's control asks again when it changes.
    const askAgain = useMemo(
      () => (path: string, field: unknown) => {
        const asset = getAsset(path, field)
        if (!isLoadedAsset(asset, path)) queueMicrotask(() => setWaiting(true))
        return asset
      },
      // eslint-disable-next-line react-hooks/exhaustive-deps -- `attempt` makes the new function
      [getAsset, attempt],
    )
    useEffect(() => {
      if (!waiting) return undefined
      return afterAssetLoadMayHaveEnded(() => {
        setWaiting(false)
        setAttempt((count) => count + 1)
      })
    }, [waiting])
    return createElement(Control, { ...props, getAsset: askAgain, ref })
  })
}

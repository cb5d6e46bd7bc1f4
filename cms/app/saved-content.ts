/**
 * The content as the CMS has it saved now, every file in every language: what an entry is checked
 * against before it is saved (entry-check/control.tsx) and what the previews draw the rest of the site with
 * (site-data.ts). Read through the CMS's backend (decap-server locally, GitHub deployed) each time an
 * entry is opened, and kept up to date with every save made since, so a study saved a minute ago
 * previews in French and counts in the checks. Files by their path under content/, each as the text
 * the CMS writes (cms/format.ts), kept in the admin's store (admin-store.ts).
 */
import { useEffect, useState } from "react"
import type { ContentFiles } from "../../model/content-check"
import { adminStore } from "./admin-store"

/** Reads every content file through the backend. */
export type ContentLoader = () => Promise<Map<string, string>>

/** The reading under way, and the callers waiting for the first to be asked for: how, not what, is kept. */
let loading: Promise<ContentFiles> | undefined
let waiting: Array<() => void> = []

const saved = () => adminStore.now().saved

/** The files read, with this session's saves over them. */
const withSaves = (files: ReadonlyMap<string, string>): ContentFiles => new Map([...files, ...saved().since])

/**
 * Names how the content is read (the entry form connects Decap's backend) and reads it afresh: a
 * file another editor saved meanwhile counts from now on.
 */
export function readSavedContent(load: ContentLoader): Promise<ContentFiles> {
  const reading = load().then((files) => {
    if (loading === reading) adminStore.set("saved", { current: withSaves(files) })
    return withSaves(files)
  })
  loading = reading
  waiting.forEach((resume) => resume())
  waiting = []
  return reading
}

/** Records a file the CMS has just written. */
export function recordSave(relative: string, text: string): void {
  const since = new Map(saved().since).set(relative, text)
  const { current } = saved()
  adminStore.set("saved", { since, current: current && new Map([...current, ...since]) })
}

/** The saved content once read (after the first reading has been asked for). */
export function savedContent(): Promise<ContentFiles> {
  const { current } = saved()
  if (current) return Promise.resolve(current)
  if (loading) return loading
  return new Promise<void>((resume) => waiting.push(resume)).then(savedContent)
}

/** The saved content if it has been read, for checks that cannot wait (a save being decided). */
export const savedContentNow = (): ContentFiles | undefined => saved().current

export type SavedContentState =
  { status: "loading" } | { status: "ready"; files: ContentFiles } | { status: "failed"; message: string }

/** The saved content for a component, redrawn when a save or a new reading changes it. */
export function useSavedContent(): SavedContentState {
  const [state, setState] = useState<SavedContentState>(() => {
    const { current } = saved()
    return current ? { status: "ready", files: current } : { status: "loading" }
  })
  useEffect(() => {
    let active = true
    const update = () => {
      savedContent().then(
        (files) =>
          active &&
          setState((previous) =>
            previous.status === "ready" && previous.files === files ? previous : { status: "ready", files },
          ),
        (error: unknown) =>
          active &&
          setState({
            status: "failed",
            message: `The saved entries could not be read: ${error instanceof Error ? error.message : String(error)}`,
          }),
      )
    }
    let seen = saved()
    const stop = adminStore.subscribe(() => {
      if (saved() === seen) return
      seen = saved()
      update()
    })
    update()
    return () => {
      active = false
      stop()
    }
  }, [])
  return state
}

/** Forgets everything read and saved (for tests, which start each case from the files on disk). */
export function resetSavedContent(): void {
  loading = undefined
  waiting = []
  adminStore.set("saved", { current: undefined, since: new Map() })
}

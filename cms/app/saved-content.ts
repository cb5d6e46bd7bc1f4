/**
 * The content as the CMS has it saved now, every file in every language: what an entry is checked
 * against before it is saved (entry-check/control.tsx) and what the previews draw the rest of the site with
 * (site-data.ts). Read through the CMS's backend (decap-server locally, GitHub deployed) each time an
 * entry is opened, and kept up to date with every save made since, so a study saved a minute ago
 * previews in French and counts in the checks. Files by their path under content/, each as the text
 * the CMS writes (cms/format.ts).
 */
import { useEffect, useState } from "react"
import type { ContentFiles } from "../../model/content-check"

/** Reads every content file through the backend. */
export type ContentLoader = () => Promise<Map<string, string>>

type Listener = () => void

let loading: Promise<ContentFiles> | undefined
let current: ContentFiles | undefined
/** Files saved in this session, kept over any reading older than the save. */
const savedSince = new Map<string, string>()
const listeners = new Set<Listener>()
let waiting: Array<() => void> = []

const notify = () => listeners.forEach((listener) => listener())

/** The files read, with this session's saves over them. */
const withSaves = (files: ReadonlyMap<string, string>): ContentFiles => new Map([...files, ...savedSince])

/**
 * Names how the content is read (the entry form connects Decap's backend) and reads it afresh: a
 * file another editor saved meanwhile counts from now on.
 */
export function readSavedContent(load: ContentLoader): Promise<ContentFiles> {
  const reading = load().then((files) => {
    if (loading === reading) {
      current = withSaves(files)
      notify()
    }
    return withSaves(files)
  })
  loading = reading
  waiting.forEach((resume) => resume())
  waiting = []
  return reading
}

/** Records a file the CMS has just written. */
export function recordSave(relative: string, text: string): void {
  savedSince.set(relative, text)
  if (current) current = withSaves(current)
  notify()
}

/** The saved content once read (after the first reading has been asked for). */
export function savedContent(): Promise<ContentFiles> {
  if (current) return Promise.resolve(current)
  if (loading) return loading
  return new Promise<void>((resume) => waiting.push(resume)).then(savedContent)
}

/** The saved content if it has been read, for checks that cannot wait (a save being decided). */
export const savedContentNow = (): ContentFiles | undefined => current

export type SavedContentState =
  { status: "loading" } | { status: "ready"; files: ContentFiles } | { status: "failed"; message: string }

/** The saved content for a component, redrawn when a save or a new reading changes it. */
export function useSavedContent(): SavedContentState {
  const [state, setState] = useState<SavedContentState>(
    current ? { status: "ready", files: current } : { status: "loading" },
  )
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
    listeners.add(update)
    update()
    return () => {
      active = false
      listeners.delete(update)
    }
  }, [])
  return state
}

/** Forgets everything read and saved (for tests, which start each case from the files on disk). */
export function resetSavedContent(): void {
  loading = undefined
  current = undefined
  savedSince.clear()
  waiting = []
  notify()
}

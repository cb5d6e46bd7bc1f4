/**
 * What the admin keeps between views, in one store: the entry check's refusals (entry-check/refusals.ts),
 * the content as saved (saved-content.ts), the versions the forms opened and a save refused for
 * another editor's (entry-versions.ts), the blobs read from GitHub (github.ts). Each part's operations
 * live with the part; its state lives here, and a component is redrawn when the part it reads changes.
 * Decap's own store keeps the forms; this one keeps what the admin adds to them.
 */
import { useSyncExternalStore } from "react"
import type { ContentFiles } from "../../model/content-check"
import type { Locale } from "../../model/locales"
import type { EntryVersion, SaveVerdict, TakenVersion } from "../stale-save"

export interface AdminState {
  check: {
    /** The entry a refused save was last asked for, by its key ("case-studies-wine"). */
    refused: string | undefined
    /** Whether the list of the refused entry's problems is to take the focus once drawn. */
    focusWanted: boolean
    sidesShown: ReadonlyMap<Locale, number>
  }
  saved: {
    /** The content as last read through the backend, with this session's saves over it. */
    current: ContentFiles | undefined
    /** Files saved in this session, kept over any reading older than the save. */
    since: ReadonlyMap<string, string>
  }
  versions: {
    /**
     * The version each open form stands on, by the file's path in the repository: its reading (null when
     * it is not known), the form's address (the editor leaving forgets it), Decap's key for the form,
     * and whether it has been edited since (its base then kept in the browser: edits-base.ts).
     */
    opened: ReadonlyMap<string, { route: string; key: string; reading: Promise<EntryVersion | null>; edited: boolean }>
    /** The last save or publish refused for another editor's version, and the form's file. */
    refused:
      | {
          path: string
          verdict: Extract<SaveVerdict, { kind: "stale" }>
          publishing: boolean
          /** The form held restored edits whose base is not known: its changes are how it differs from now. */
          unknownBase?: boolean
        }
      | undefined
    /** Their version taken into a form, with what was kept of the editor's own. */
    taken: { path: string; version: TakenVersion } | undefined
  }
  /** GitHub's blobs read this session, by their hash. */
  blobs: ReadonlyMap<string, string>
}

const initial = (): AdminState => ({
  check: { refused: undefined, focusWanted: false, sidesShown: new Map() },
  saved: { current: undefined, since: new Map() },
  versions: { opened: new Map(), refused: undefined, taken: undefined },
  blobs: new Map(),
})

let state = initial()
const listeners = new Set<() => void>()

export const adminStore = {
  now: (): Readonly<AdminState> => state,
  /** Changes a part of the state; every component reading the store looks again. */
  set<K extends Exclude<keyof AdminState, "blobs">>(part: K, change: Partial<AdminState[K]>) {
    state = { ...state, [part]: { ...state[part], ...change } }
    listeners.forEach((listener) => listener())
  },
  /** Keeps a blob read from GitHub (nothing is drawn from them: nobody is told). */
  keepBlob(sha: string, text: string) {
    state = { ...state, blobs: new Map([...state.blobs, [sha, text]]) }
  },
  subscribe(listener: () => void): () => void {
    listeners.add(listener)
    return () => {
      listeners.delete(listener)
    }
  },
  /** Forgets everything (for tests, which start each case afresh). */
  reset(): void {
    state = initial()
    listeners.forEach((listener) => listener())
  },
}

/** A part of the store for a component, redrawn when it changes. */
export const useAdminStore = <K extends keyof AdminState>(part: K): Readonly<AdminState[K]> =>
  useSyncExternalStore(adminStore.subscribe, () => state[part])

/**
 * The entry check's one store, shared by the sides of a form (each side is a control of its own):
 * which entry's save was last refused (each side lists its problems from then on), which sides are on
 * screen (the English side lists the others' problems while theirs is not shown), whether the list
 * should take the focus, and Decap's configuration as the forms were given it.
 */
import { useSyncExternalStore } from "react"
import type { Locale } from "../../../model/locales"
import type { DecapConfig } from "../decap-internals"

interface State {
  /** The entry a refused save was last asked for, by its key ("case-studies-wine"). */
  refused: string | undefined
  /** Whether the list of the refused entry's problems is to take the focus once drawn. */
  focusWanted: boolean
  sidesShown: ReadonlyMap<Locale, number>
  config: DecapConfig | undefined
}

let state: State = { refused: undefined, focusWanted: false, sidesShown: new Map(), config: undefined }
const listeners = new Set<() => void>()

function update(change: Partial<State>): void {
  state = { ...state, ...change }
  listeners.forEach((listener) => listener())
}

const subscribe = (listener: () => void) => {
  listeners.add(listener)
  return () => {
    listeners.delete(listener)
  }
}

export const refusals = {
  now: (): Readonly<State> => state,
  /** A save of `entryKey` was refused: its problems are listed, and the list takes the focus. */
  refuse(entryKey: string): void {
    update({ refused: entryKey, focusWanted: true })
  },
  /** A save went through (or nothing is wrong any more). */
  accept(): void {
    if (state.refused !== undefined || state.focusWanted) update({ refused: undefined, focusWanted: false })
  },
  /** The list has taken the focus, or the editor has acted: nothing more is focused for them. */
  focusTaken(): void {
    if (state.focusWanted) update({ focusWanted: false })
  },
  sideShown(side: Locale, delta: 1 | -1): void {
    const sidesShown = new Map(state.sidesShown)
    sidesShown.set(side, Math.max(0, (sidesShown.get(side) ?? 0) + delta))
    update({ sidesShown })
  },
  configure(config: DecapConfig): void {
    if (state.config !== config) update({ config })
  },
  /** Forgets everything (for tests). */
  reset(): void {
    update({ refused: undefined, focusWanted: false, sidesShown: new Map(), config: undefined })
  },
}

/**
 * The lists of problems on the page: each one's heading, with its side's part of the form (what the
 * focus goes to after a refused save, focus.ts). Elements, not state: nothing is drawn from them.
 */
export const problemLists = new Map<HTMLElement, HTMLElement | null>()

/** The store for a component, redrawn when it changes. */
export const useRefusals = (): Readonly<State> => useSyncExternalStore(subscribe, refusals.now)

/**
 * The entry check's part of the admin's store (../admin-store.ts), shared by the sides of a form (each side is a control of its own):
 * which entry's save was last refused (each side lists its problems from then on), which sides are on
 * screen (the English side lists the others' problems while theirs is not shown), whether the list
 * should take the focus.
 */
import type { Locale } from "../../../model/locales"
import { type AdminState, adminStore, useAdminStore } from "../admin-store"

type State = AdminState["check"]
const update = (change: Partial<State>) => adminStore.set("check", change)
const now = (): Readonly<State> => adminStore.now().check

export const refusals = {
  now,
  /** A save of `entryKey` was refused: its problems are listed, and the list takes the focus. */
  refuse(entryKey: string): void {
    update({ refused: entryKey, focusWanted: true })
  },
  /** A save went through (or nothing is wrong any more). */
  accept(): void {
    if (now().refused !== undefined || now().focusWanted) update({ refused: undefined, focusWanted: false })
  },
  /** The list has taken the focus, or the editor has acted: nothing more is focused for them. */
  focusTaken(): void {
    if (now().focusWanted) update({ focusWanted: false })
  },
  sideShown(side: Locale, delta: 1 | -1): void {
    const sidesShown = new Map(now().sidesShown)
    sidesShown.set(side, Math.max(0, (sidesShown.get(side) ?? 0) + delta))
    update({ sidesShown })
  },
  /** Forgets everything (for tests). */
  reset(): void {
    update({ refused: undefined, focusWanted: false, sidesShown: new Map() })
  },
}

/**
 * The lists of problems on the page: each one's heading, with its side's part of the form (what the
 * focus goes to after a refused save, focus.ts). Elements, not state: nothing is drawn from them.
 */
export const problemLists = new Map<HTMLElement, HTMLElement | null>()

/** The store for a component, redrawn when it changes. */
export const useRefusals = (): Readonly<State> => useAdminStore("check")

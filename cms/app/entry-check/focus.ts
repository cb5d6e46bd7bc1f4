/**
 * After a refused save, the editor is taken to what to put right: the first list of problems on the
 * page (in the order the sides are drawn) is scrolled into view with its side's top and focused. Decap's
 * Publish menu, closing, hands the focus back to its button: while the editor has not acted (a key, a
 * click), focus that lands anywhere but a field is brought back to the list. All on events, no timers.
 */
import { type RefObject, useEffect } from "react"
import { problemLists as lists, refusals, useRefusals } from "./refusals"

const FIELD = "input, textarea, select, [contenteditable]"

/** The first list on the page, in document order. */
function firstList(): HTMLElement | undefined {
  return [...lists.keys()].sort((one, other) =>
    one.compareDocumentPosition(other) & Node.DOCUMENT_POSITION_FOLLOWING ? -1 : 1,
  )[0]
}

function takeFocus(): void {
  const heading = firstList()
  if (!heading) return
  lists.get(heading)?.scrollIntoView({ block: "start" })
  heading.scrollIntoView({ block: "nearest" })
  heading.focus({ preventScroll: true })
}

/** Registers a list's heading (and its side's part of the form); focuses the first while the focus is wanted. */
export function useTakesFocus(heading: RefObject<HTMLElement | null>, side: RefObject<HTMLElement | null>): void {
  const { focusWanted } = useRefusals()
  useEffect(() => {
    const element = heading.current
    if (!element) return
    lists.set(element, side.current)
    return () => {
      lists.delete(element)
    }
  }, [heading, side])
  useEffect(() => {
    if (!focusWanted) return
    takeFocus()
    const acted = () => refusals.focusTaken()
    const landed = (event: FocusEvent) => {
      const target = event.target as Element | null
      if (target?.matches(FIELD)) return refusals.focusTaken()
      if (!lists.has(target as HTMLElement)) takeFocus()
    }
    document.addEventListener("pointerdown", acted, true)
    document.addEventListener("keydown", acted, true)
    document.addEventListener("focusin", landed)
    return () => {
      document.removeEventListener("pointerdown", acted, true)
      document.removeEventListener("keydown", acted, true)
      document.removeEventListener("focusin", landed)
    }
  }, [focusWanted])
}

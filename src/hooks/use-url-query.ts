import { navigate } from "gatsby"
import { type RefObject, useCallback, useEffect, useRef, useState } from "react"
import { queryOf, searchUrl } from "../navigation/url-query"

/** How long typing must pause before the query becomes a history entry. */
const COMMIT_AFTER_MS = 400

/**
 * A text query kept in step with the page URL's `?q=`: typing updates it at once and, once typing
 * pauses, adds a history entry, so back and forward walk through earlier searches. It starts empty,
 * as the prerendered page does, and takes the URL's value after hydration, unless the visitor typed
 * into `field` before it hydrated (React keeps such text in the field but not in its state): then the
 * typed text is the query.
 */
export function useUrlQuery(base: string, search: string, field: RefObject<HTMLInputElement>) {
  const fromUrl = queryOf(search)
  const [value, setValue] = useState("")
  const timer = useRef<number>()
  // The query last sent to the URL. A navigation takes a moment to land, and a newer query (a reset
  // among them) must still be sent while an older one is on its way, or the older one lands last.
  const committed = useRef(fromUrl)
  // The queries sent and not yet landed, oldest first. One landing is the field's own text of a
  // moment ago: the field keeps what was typed since (on a slow phone, a keystroke can come between
  // the send and the landing), where a URL changed by itself (back, forward) replaces the text.
  const onTheirWay = useRef<string[]>([])

  useEffect(() => {
    const sent = onTheirWay.current.indexOf(fromUrl)
    if (sent !== -1) {
      // One of its own: the last query sent is still the one on its way to the URL.
      onTheirWay.current.splice(0, sent + 1)
      return
    }
    committed.current = fromUrl
    // Read after hydration on purpose: the first render must match the prerendered, empty field.
    setValue(fromUrl)
  }, [fromUrl])

  useEffect(() => () => window.clearTimeout(timer.current), [])

  const commit = useCallback(
    (next: string) => {
      window.clearTimeout(timer.current)
      if (next.trim() === committed.current) return
      committed.current = next.trim()
      onTheirWay.current.push(next.trim())
      void navigate(searchUrl(base, next))
    },
    [base],
  )

  const change = useCallback(
    (next: string) => {
      setValue(next)
      window.clearTimeout(timer.current)
      timer.current = window.setTimeout(() => commit(next), COMMIT_AFTER_MS)
    },
    [commit],
  )

  useEffect(() => {
    // Declared after the URL's effect, so text typed before hydration wins over the URL's value.
    const typed = field.current?.value ?? ""
    // eslint-disable-next-line react-hooks/set-state-in-effect -- the field's DOM value is the outside source here
    if (typed !== "") change(typed)
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once, on hydration
  }, [])

  const reset = useCallback(() => {
    setValue("")
    commit("")
  }, [commit])

  return { value, change, commit: () => commit(value), reset }
}

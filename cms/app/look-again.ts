/**
 * The admin's views look at GitHub and the live site again and again while they are on screen: this
 * is how, once. `look` runs now, then again after what it answers (milliseconds); while the tab is
 * hidden a look is skipped unless `alsoHidden`, and the next comes `every` later. It is told whether
 * it is still wanted (`active`), so it sets no state once its component is gone. A new `look` (its
 * inputs changed: wrap it in useCallback) starts over.
 */
import { useEffect } from "react"

export type Look = (active: () => boolean) => Promise<number | void>

export function useLookAgain(look: Look | null, every: number, { alsoHidden = false } = {}): void {
  useEffect(() => {
    if (!look) return
    let stopped = false
    let timer: ReturnType<typeof setTimeout> | undefined
    const active = () => !stopped
    const again = async () => {
      const next = alsoHidden || !document.hidden ? await look(active) : undefined
      if (!stopped) timer = setTimeout(() => void again(), next ?? every)
    }
    void again()
    return () => {
      stopped = true
      clearTimeout(timer)
    }
  }, [look, every, alsoHidden])
}

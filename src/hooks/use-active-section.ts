import { useEffect, useState } from "react"

/**
 * The id of the last section whose top has reached `offset` px from the top of the viewport, or
 * null when none has, when the page has none of them, and on the server (so the first render
 * matches the prerendered HTML).
 */
export function useActiveSection(ids: readonly string[], offset: number): string | null {
  const [active, setActive] = useState<string | null>(null)
  const key = ids.join(" ")
  useEffect(() => {
    const sections = key
      .split(" ")
      .map((id) => document.getElementById(id))
      .filter((section): section is HTMLElement => section !== null)
    const update = () => {
      const reached = sections.filter((section) => section.getBoundingClientRect().top <= offset)
      setActive(reached.length > 0 ? reached[reached.length - 1].id : null)
    }
    update()
    window.addEventListener("scroll", update, { passive: true })
    window.addEventListener("resize", update)
    return () => {
      window.removeEventListener("scroll", update)
      window.removeEventListener("resize", update)
    }
  }, [key, offset])
  return active
}

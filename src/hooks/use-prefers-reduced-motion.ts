import { useEffect, useState } from "react"

const QUERY = "(prefers-reduced-motion: reduce)"

/**
 * Whether the visitor asked for reduced motion. Starts true (no motion) so the server render and
 * the first client render agree and nothing moves before the preference is known.
 */
export function usePrefersReducedMotion(): boolean {
  const [reduced, setReduced] = useState(true)
  useEffect(() => {
    const query = window.matchMedia(QUERY)
    const update = () => setReduced(query.matches)
    update()
    query.addEventListener("change", update)
    return () => query.removeEventListener("change", update)
  }, [])
  return reduced
}

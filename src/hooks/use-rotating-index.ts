import { useEffect, useState } from "react"

interface RotationOptions {
  count: number
  intervalMs: number
  /** False stops the rotation where it is (reduced motion, or paused by the visitor). */
  running: boolean
}

/**
 * Steps an index through 0..count-1 every `intervalMs`, once round: it comes to rest on 0 after a
 * full cycle, so the motion ends by itself (WCAG 2.2.2) as well as on request.
 */
export function useRotatingIndex({ count, intervalMs, running }: RotationOptions) {
  const [index, setIndex] = useState(0)
  const [steps, setSteps] = useState(0)
  const finished = steps >= count
  useEffect(() => {
    if (!running || finished || count < 2) return undefined
    const timer = window.setTimeout(() => {
      setIndex((current) => (current + 1) % count)
      setSteps((taken) => taken + 1)
    }, intervalMs)
    return () => window.clearTimeout(timer)
  }, [running, finished, count, intervalMs, steps])
  return { index, finished }
}

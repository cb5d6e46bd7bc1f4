// @vitest-environment jsdom
import { act, renderHook } from "@testing-library/react"
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest"
import { useValueAfterPaint } from "../../src/hooks/use-value-after-paint"

describe("a value the page shows once the frame that changed it is painted", () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout", "requestAnimationFrame", "cancelAnimationFrame"] })
  })
  afterEach(() => vi.useRealTimers())

  it("keeps the last painted value through the change's own frame, then takes the new one", () => {
    const { result, rerender } = renderHook(({ value }) => useValueAfterPaint(value), { initialProps: { value: "" } })
    rerender({ value: "g" })
    expect(result.current).toBe("")
    // The frame: its callbacks run before its paint, and the value is taken in a task after it.
    act(() => vi.advanceTimersToNextFrame())
    expect(result.current).toBe("")
    act(() => vi.runOnlyPendingTimers())
    expect(result.current).toBe("g")
  })

  it("takes only the latest of values that change within one frame, never the ones in between", () => {
    const shown: string[] = []
    const { rerender } = renderHook(
      ({ value }) => {
        const painted = useValueAfterPaint(value)
        shown.push(painted)
        return painted
      },
      { initialProps: { value: "" } },
    )
    rerender({ value: "g" })
    rerender({ value: "gr" })
    act(() => vi.advanceTimersToNextFrame())
    act(() => vi.runOnlyPendingTimers())
    expect(shown.at(-1)).toBe("gr")
    expect(shown).not.toContain("g")
  })
})

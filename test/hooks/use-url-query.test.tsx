// @vitest-environment jsdom
import { act, renderHook } from "@testing-library/react"
import { navigate } from "gatsby"
import { createRef } from "react"
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest"
import { useUrlQuery } from "../../src/hooks/use-url-query"

const BASE = "/case-studies/"
const navigated = () => vi.mocked(navigate).mock.calls.map(([to]) => to)

describe("the case list's query in the URL", () => {
  beforeEach(() => {
    vi.useFakeTimers()
    vi.mocked(navigate).mockClear()
  })
  afterEach(() => vi.useRealTimers())

  it("becomes a history entry once typing pauses", () => {
    const { result } = renderHook(() => useUrlQuery(BASE, "", createRef<HTMLInputElement>()))
    act(() => result.current.change("wat"))
    act(() => result.current.change("watch"))
    act(() => vi.advanceTimersByTime(400))
    expect(navigated()).toEqual(["/case-studies/?q=watch"])
    expect(result.current.value).toBe("watch")
  })

  it("is reset even while the search it replaces is still on its way to the URL", () => {
    const { result } = renderHook(() => useUrlQuery(BASE, "", createRef<HTMLInputElement>()))
    act(() => result.current.change("submarines"))
    act(() => vi.advanceTimersByTime(400))
    // The URL still says nothing (Gatsby has not landed ?q=submarines) when the visitor resets.
    act(() => result.current.reset())
    expect(result.current.value).toBe("")
    expect(navigated()).toEqual(["/case-studies/?q=submarines", "/case-studies/"])
  })

  it("follows the URL when it changes by itself (back and forward), without sending it back", () => {
    const { result, rerender } = renderHook(({ search }) => useUrlQuery(BASE, search, createRef<HTMLInputElement>()), {
      initialProps: { search: "?q=hotel" },
    })
    expect(result.current.value).toBe("hotel")
    rerender({ search: "?q=watch" })
    expect(result.current.value).toBe("watch")
    act(() => result.current.commit())
    expect(navigated()).toEqual([])
  })
  it("keeps what was typed while its own search was on its way to the URL", () => {
    const { result, rerender } = renderHook(({ search }) => useUrlQuery(BASE, search, createRef<HTMLInputElement>()), {
      initialProps: { search: "" },
    })
    act(() => result.current.change("g"))
    act(() => vi.advanceTimersByTime(400))
    // On a slow phone the next keystroke comes before ?q=g lands: the landing must not take it away.
    act(() => result.current.change("gr"))
    rerender({ search: "?q=g" })
    expect(result.current.value).toBe("gr")
    act(() => vi.advanceTimersByTime(400))
    rerender({ search: "?q=gr" })
    expect(result.current.value).toBe("gr")
    expect(navigated()).toEqual(["/case-studies/?q=g", "/case-studies/?q=gr"])
    // Then back: the URL changed by itself, and the field follows it.
    rerender({ search: "?q=g" })
    expect(result.current.value).toBe("g")
  })
  it("sends the field's text again when an older search lands after a newer one was sent", () => {
    const { result, rerender } = renderHook(({ search }) => useUrlQuery(BASE, search, createRef<HTMLInputElement>()), {
      initialProps: { search: "" },
    })
    act(() => result.current.change("gr"))
    act(() => vi.advanceTimersByTime(400))
    act(() => result.current.change("g"))
    act(() => vi.advanceTimersByTime(400))
    // ?q=gr lands; ?q=g is still on its way when the visitor types the r again.
    rerender({ search: "?q=gr" })
    act(() => result.current.change("gr"))
    act(() => vi.advanceTimersByTime(400))
    expect(navigated()).toEqual(["/case-studies/?q=gr", "/case-studies/?q=g", "/case-studies/?q=gr"])
  })
})

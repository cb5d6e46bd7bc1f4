// @vitest-environment jsdom
/**
 * The version unsaved edits are built on, kept in the browser across reloads (cms/app/edits-base.ts):
 * a form restored from Decap's backup of those edits stands on it, so another editor's save in
 * between still refuses hers. What the storage holds is read as this browser wrote it or not at all.
 */
import { afterEach, describe, expect, it, vi } from "vitest"
import { editsBase, forgetEditsBase, keepEditsBase } from "../../cms/app/edits-base"

const KEY = "aurelle-admin-edits-base"

afterEach(() => {
  localStorage.clear()
  vi.restoreAllMocks()
})

describe("the version unsaved edits are built on", () => {
  it("is kept per file across a reload, a file never saved kept as none, and forgotten at a save", () => {
    keepEditsBase("content/case-studies/wine.json", '{"en":{"title":"A"}}')
    keepEditsBase("content/case-studies/new.json", null)
    expect(editsBase("content/case-studies/wine.json")).toBe('{"en":{"title":"A"}}')
    expect(editsBase("content/case-studies/new.json")).toBeNull()
    expect(editsBase("content/case-studies/hotels.json")).toBeUndefined()
    keepEditsBase("content/case-studies/wine.json", '{"en":{"title":"B"}}')
    expect(editsBase("content/case-studies/wine.json")).toBe('{"en":{"title":"B"}}')
    forgetEditsBase("content/case-studies/wine.json")
    forgetEditsBase("content/case-studies/never.json")
    expect(editsBase("content/case-studies/wine.json")).toBeUndefined()
    expect(editsBase("content/case-studies/new.json")).toBeNull()
  })

  it("keeps the hundred files edited last, not every file ever edited", () => {
    for (let index = 0; index < 105; index += 1) keepEditsBase(`file-${index}`, `text ${index}`, 1_000 + index)
    expect(Object.keys(JSON.parse(localStorage.getItem(KEY)!) as object)).toHaveLength(100)
    expect(editsBase("file-4")).toBeUndefined()
    expect(editsBase("file-5")).toBe("text 5")
    expect(editsBase("file-104")).toBe("text 104")
  })

  it("reads what it did not write as nothing, and a full storage as nothing kept, without failing the edit", () => {
    for (const stored of ["{ not json", "[1, 2]", '"text"', JSON.stringify({ a: { text: 3, at: 1 }, b: "x" })]) {
      localStorage.setItem(KEY, stored)
      expect(editsBase("a")).toBeUndefined()
      expect(editsBase("b")).toBeUndefined()
    }
    localStorage.setItem(KEY, JSON.stringify({ a: { text: "kept", at: 1 }, b: { text: "no time" } }))
    expect([editsBase("a"), editsBase("b")]).toEqual(["kept", undefined])
    vi.spyOn(Storage.prototype, "setItem").mockImplementation(() => {
      throw new DOMException("full", "QuotaExceededError")
    })
    expect(() => keepEditsBase("c", "text")).not.toThrow()
    expect(editsBase("c")).toBeUndefined()
  })
})

/**
 * The preview bundle's `react` is the CMS's own React, found in Decap's webpack module table: the one
 * module with React's markers whose createElement is the CMS's `window.h`.
 */
import { describe, expect, it } from "vitest"
import { findCmsReact } from "../../src/cms/react/find-cms-react"

const createElement = () => null

/** Module factories as webpack keeps them: only their source text is read before one is required. */
const FACTORIES: Record<string, () => unknown> = {
  router: () => "a module about routes",
  reactCopy: () => ["react.transitional.element", "useState", "a second copy, for a widget"],
  react: () => ["react.transitional.element", "useState"],
}

function decapWindow(exports: Record<string, unknown>, h: unknown = createElement) {
  const required: string[] = []
  const require = Object.assign(
    (id: string) => {
      required.push(id)
      return exports[id]
    },
    { m: FACTORIES },
  )
  const chunks = {
    push: ([, , runtime]: [unknown, unknown, (webpackRequire: typeof require) => void]) => runtime(require),
  }
  return { host: { webpackChunkDecapCms: chunks as never, h }, required }
}

describe("findCmsReact", () => {
  it("answers the React module whose createElement is the CMS's, requiring only React candidates", () => {
    const react = { createElement, useState: () => [] }
    const { host, required } = decapWindow({ reactCopy: { createElement: () => null }, react })
    expect(findCmsReact(host)).toBe(react)
    expect(required).toEqual(["reactCopy", "react"])
  })

  it("refuses a React that is not the one the CMS renders with", () => {
    const { host } = decapWindow({ reactCopy: { createElement: () => null }, react: { createElement: () => null } })
    expect(() => findCmsReact(host)).toThrow("React was not found among Decap CMS's modules (2 candidates)")
  })

  it("says what is missing when Decap's bundle has not loaded", () => {
    expect(() => findCmsReact({})).toThrow("Previews need Decap CMS's bundle (decap-cms.js) loaded first")
  })
})

/**
 * The refused fields of a side Decap does not validate (the French), each marked at the field as Decap
 * marks the English side's (decap-internals/ finds and marks them); the marks go as the problems do.
 */
import { type RefObject, useEffect } from "react"
import { createGlobalStyle } from "styled-components"
import { FIELD_PROBLEM, fieldOf, markField } from "../decap-internals"
import type { ShownProblem } from "./shown-problem"

export function FieldMarks({
  side,
  problems,
}: {
  side: RefObject<HTMLElement | null>
  problems: readonly ShownProblem[]
}) {
  const key = JSON.stringify(problems.map(({ labels, message }) => [labels, message]))
  useEffect(() => {
    const anchor = side.current
    if (!anchor) return
    const undo: Array<() => void> = []
    for (const [labels, message] of JSON.parse(key) as Array<[string[], string]>) {
      const field = labels.length > 0 ? fieldOf(anchor, labels) : null
      if (field) undo.push(markField(field, message))
    }
    return () => undo.forEach((step) => step())
  }, [side, key])
  return <FieldProblemStyle />
}

const FieldProblemStyle = createGlobalStyle`
  .${FIELD_PROBLEM} {
    margin: 4px 0 6px;
    color: #d6002f;
    font-size: 13px;
    font-weight: 600;
  }

  :is(input, textarea)[aria-invalid="true"] {
    border-color: #d6002f;
  }
`

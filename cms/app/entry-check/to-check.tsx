/**
 * A translation side's texts whose English changed after they were translated (model/translations.ts),
 * as the form shows them: a list at the top of the side, each a link to its field, and at each field
 * the English then and now with a button to confirm the translation still right. Confirming is a
 * change of the side's check field (control.tsx), read by the save (cms/on-save.ts); editing the
 * translation clears the mark as well.
 */
import { type RefObject, useEffect } from "react"
import { createRoot } from "react-dom/client"
import styled, { createGlobalStyle } from "styled-components"
import type { TextValue, TranslationToCheck } from "../../../model/translations"
import { fieldLabelsTo } from "../../collections"
import { TRANSLATION_CHECK } from "../../shared"
import { fieldOf, noteAtField } from "../decap-internals"
import { FieldLink, Panel, goToField } from "./summary-parts"

/** Where a text is in the form: its trail of labels, and the labels that find its field. */
function placeOf({ segments, after }: TranslationToCheck) {
  const parts = fieldLabelsTo(segments, Array.isArray(after))
  return { where: parts.join(" › "), labels: parts.filter((part) => !part.startsWith("#")) }
}

/** A text as the editor reads it: a list's items one per line. */
function Text({ value }: { value: TextValue }) {
  if (typeof value === "string") return <q>{value}</q>
  return (
    <ol>
      {value.map((item, index) => (
        <li key={index}>{item}</li>
      ))}
    </ol>
  )
}

const NOTE_CLASS = "entry-check-to-check"

const NoteStyle = createGlobalStyle`
  .${NOTE_CLASS} {
    margin: 4px 0 8px;
    padding: 8px 12px;
    border-left: 4px solid #8a5a00;
    background: #fdf7ea;
    color: #313d3e;
    font-size: 13px;
    line-height: 1.45;

    p { margin: 0 0 4px; font-weight: 600; }
    dl { margin: 0; }
    dt { margin-top: 4px; font-weight: 600; }
    dd { margin: 0; }
    ol { margin: 0; padding-left: 20px; }
    button {
      margin-top: 8px;
      padding: 4px 12px;
      border: 1px solid #8a5a00;
      border-radius: 4px;
      background: #fff;
      color: #5c3c00;
      font: inherit;
      font-weight: 600;
      cursor: pointer;
    }
    button:focus-visible { outline: 2px solid #3a69c7; outline-offset: 2px; }
  }
`

/** The note at one field: the English then and now, and the confirmation. */
function NoteAtField({ state, onConfirm }: { state: TranslationToCheck; onConfirm: ConfirmHandler }) {
  const { where } = placeOf(state)
  return (
    <>
      <p>{TRANSLATION_CHECK.atField}</p>
      <dl>
        <dt>{TRANSLATION_CHECK.before}</dt>
        <dd>
          <Text value={state.before} />
        </dd>
        <dt>{TRANSLATION_CHECK.after}</dt>
        <dd>
          <Text value={state.after} />
        </dd>
      </dl>
      <button
        type="button"
        aria-label={TRANSLATION_CHECK.confirmLabel(where)}
        onClick={() => onConfirm(state.path, state.after)}
      >
        {TRANSLATION_CHECK.confirm}
      </button>
    </>
  )
}

/** Confirms the translation at a path still right, against the English it has now. */
export type ConfirmHandler = (path: string, english: TextValue) => void

/**
 * The notes at the fields, each drawn into an element the admin puts beside Decap's markup (a root of
 * its own: the element is not in this component's tree).
 */
function NotesAtFields({
  side,
  states,
  onConfirm,
}: {
  side: RefObject<HTMLElement | null>
  states: readonly TranslationToCheck[]
  onConfirm: ConfirmHandler
}) {
  const key = JSON.stringify(states)
  useEffect(() => {
    const anchor = side.current
    if (!anchor) return
    const made = (JSON.parse(key) as TranslationToCheck[]).flatMap((state) => {
      const field = fieldOf(anchor, placeOf(state).labels)
      if (!field) return []
      const { note, remove } = noteAtField(field, "div", `${field.label.htmlFor}-to-check`)
      note.className = NOTE_CLASS
      const root = createRoot(note)
      root.render(<NoteAtField state={state} onConfirm={onConfirm} />)
      return [{ root, remove }]
    })
    return () =>
      made.forEach(({ root, remove }) => {
        // Unmounted once React has finished the render that removes the notes.
        queueMicrotask(() => root.unmount())
        remove()
      })
  }, [side, key, onConfirm])
  return <NoteStyle />
}

const Intro = styled.p`
  margin: 0;
`

/** The list at the top of the side, and the notes at its fields. */
export function ToCheck({
  states,
  entryKey,
  sideElement,
  onConfirm,
}: {
  states: readonly TranslationToCheck[]
  entryKey: string
  sideElement: RefObject<HTMLElement | null>
  onConfirm: ConfirmHandler
}) {
  const id = `${entryKey}-${states[0].locale}-to-check`
  return (
    <Panel $tone="check" aria-labelledby={id}>
      <h2 id={id}>{TRANSLATION_CHECK.heading(states.length)}</h2>
      <Intro>{TRANSLATION_CHECK.intro}</Intro>
      <ul>
        {states.map((state) => (
          <li key={state.path}>
            <FieldLink type="button" onClick={(event) => goToField(event.currentTarget, placeOf(state).labels)}>
              {placeOf(state).where}
            </FieldLink>
          </li>
        ))}
      </ul>
      <NotesAtFields side={sideElement} states={states} onConfirm={onConfirm} />
    </Panel>
  )
}

/**
 * What the check shows at the top of a side of the form: the entries linking to this one, and after a
 * refused save, what is wrong on this side (on the English side, the other languages' problems too
 * while their side is not on screen), each field a link to it, in the build's words.
 */
import { type ReactNode, type RefObject, useRef } from "react"
import styled from "styled-components"
import { DEFAULT_LOCALE, LANGUAGE_NAMES_IN_ENGLISH, LOCALES, type Locale } from "../../../model/locales"
import { caseStudyPath, localePath } from "../../../model/routes"
import { keyMoves } from "../../former-keys"
import { CONTENT_LABEL, problemsOfDeleting, problemsOfSaving } from "../../entry-problems"
import { ENTRY_CHECK, TRANSLATION_CHECK } from "../../shared"
import { type DecapDraft, draftDocument } from "../decap-internals"
import { FieldLink, Panel, goToField } from "./summary-parts"
import { type ConfirmHandler, ToCheck } from "./to-check"
import { contentTypeOf } from "../../../model/registry"
import { isUntranslated, mayWaitForTranslation, translationStates } from "../../../model/translations"
import { type SavedContentState, useSavedContent } from "../saved-content"
import { draftTarget, draftText } from "./draft-file"
import { FieldMarks } from "./field-marks"
import { useTakesFocus } from "./focus"
import { useRefusals } from "./refusals"
import { type ShownProblem, shownProblem } from "./shown-problem"

const Quiet = styled.p`
  margin: 0;
  color: #798291;
  font-size: 13px;
`

const inLanguage = (problem: ShownProblem, side: Locale) =>
  problem.locale && problem.locale !== side ? `${LANGUAGE_NAMES_IN_ENGLISH[problem.locale]}: ` : ""

/** Each problem where it is and what is wrong; or, for the links to an entry, only where each is. */
function ProblemList({
  problems,
  side,
  whereOnly,
}: {
  problems: readonly ShownProblem[]
  side: Locale
  whereOnly?: boolean
}) {
  return (
    <ul>
      {problems.map((problem) => (
        <li key={`${problem.locale}${problem.where}${problem.message}`}>
          {/* A field on this side is a link to it; one on the other side, or in another entry, is named. */}
          {problem.labels.length > 0 && (problem.locale ?? side) === side ? (
            <FieldLink type="button" onClick={(event) => goToField(event.currentTarget, problem.labels)}>
              {problem.where}
            </FieldLink>
          ) : (
            <strong>
              {inLanguage(problem, side)}
              {problem.where}
            </strong>
          )}
          {whereOnly ? null : `: ${problem.message}`}
        </li>
      ))}
    </ul>
  )
}

interface RefusedProps {
  side: Locale
  problems: readonly ShownProblem[]
  entryKey: string
  sideElement: RefObject<HTMLElement | null>
}

/** A refused save's problems on this side; the first list on the page takes the focus. */
function Refused({ side, problems, entryKey, sideElement }: RefusedProps) {
  const heading = useRef<HTMLHeadingElement>(null)
  useTakesFocus(heading, sideElement)
  return (
    <Panel $tone="problem" aria-labelledby={`${entryKey}-${side}-problems`}>
      <h2 id={`${entryKey}-${side}-problems`} ref={heading} tabIndex={-1}>
        {ENTRY_CHECK.refusedHeading(problems.length, LANGUAGE_NAMES_IN_ENGLISH[side])}
      </h2>
      <ProblemList problems={problems} side={side} />
      {side === DEFAULT_LOCALE ? null : <FieldMarks side={sideElement} problems={problems} />}
    </Panel>
  )
}

export interface CheckViewProps {
  side: Locale
  draft: DecapDraft
  folder: string | undefined
  entryKey: string
  /** This side's part of the form (the control's own element). */
  sideElement: RefObject<HTMLElement | null>
  /** Confirms a translation on this side still right (a side other than English). */
  onConfirm: ConfirmHandler
}

/** What the field shows on one side: the entries linking here, and after a refused save, what is wrong. */
function CheckView({
  side,
  saved,
  draft,
  folder,
  entryKey,
  sideElement,
  onConfirm,
}: CheckViewProps & { saved: SavedContentState }) {
  const { refused, sidesShown } = useRefusals()
  if (saved.status === "failed") {
    return (
      <Panel $tone="problem" role="alert">
        <h2>The other entries could not be read</h2>
        <p>
          {saved.message}. Entries are saved only once they can be checked against them: reload the page to try again.
        </p>
      </Panel>
    )
  }
  if (saved.status === "loading") return null
  const { relative, isNew } = draftTarget(draft, folder)
  const ownFile = `${CONTENT_LABEL}/${relative}`
  const text = draftText(draft, relative, saved.files.get(relative))
  const sections: ReactNode[] = []
  if (refused === entryKey) {
    const othersShown = (locale: Locale | undefined) =>
      locale !== undefined && locale !== side && (sidesShown.get(locale) ?? 0) > 0
    const problems = problemsOfSaving(saved.files, relative, text, isNew)
      .map((problem) => shownProblem(problem, ownFile))
      .filter((problem) => (side === DEFAULT_LOCALE ? !othersShown(problem.locale) : problem.locale === side))
    if (problems.length > 0) {
      sections.push(
        <Refused key="problems" side={side} problems={problems} entryKey={entryKey} sideElement={sideElement} />,
      )
    }
  }
  // A saved study given a new slug: where it will be, and what becomes of where it was.
  if (side === DEFAULT_LOCALE && !isNew) {
    const english = draftDocument(draft, DEFAULT_LOCALE, DEFAULT_LOCALE)
    for (const { from, to } of keyMoves(relative, saved.files.get(relative), english)) {
      const everywhere = (slug: string) => LOCALES.map((locale) => localePath(caseStudyPath(slug), locale))
      sections.push(
        <Panel key={`moved-${from}`} $tone="note" aria-labelledby={`${entryKey}-moved`}>
          <h2 id={`${entryKey}-moved`}>{ENTRY_CHECK.movedHeading}</h2>
          <p>{ENTRY_CHECK.moved(everywhere(from), everywhere(to))}</p>
        </Panel>,
      )
    }
  }
  // A translation whose English changed since it was made, on its own side; a study not translated yet.
  const type = contentTypeOf(relative)
  if (side !== DEFAULT_LOCALE && type) {
    const file = JSON.parse(text) as Record<string, unknown>
    if (mayWaitForTranslation(type.kind) && isUntranslated(file[side])) {
      sections.push(
        <Panel key="untranslated" $tone="note" aria-labelledby={`${entryKey}-${side}-untranslated`}>
          <h2 id={`${entryKey}-${side}-untranslated`}>{TRANSLATION_CHECK.untranslatedHeading}</h2>
          <p>{TRANSLATION_CHECK.untranslated}</p>
        </Panel>,
      )
    }
    const toCheck = translationStates(type.schema, file).toCheck.filter(({ locale }) => locale === side)
    if (toCheck.length > 0) {
      sections.push(
        <ToCheck key="to-check" states={toCheck} entryKey={entryKey} sideElement={sideElement} onConfirm={onConfirm} />,
      )
    }
  }
  // Only an entry of a folder can be deleted (a file of the site's own is always there).
  if (side === DEFAULT_LOCALE && !isNew && folder) {
    const links = problemsOfDeleting(saved.files, relative).map((problem) => shownProblem(problem, ownFile))
    if (links.length > 0) {
      sections.push(
        <Panel key="links" $tone="note" aria-labelledby={`${entryKey}-links`}>
          <h2 id={`${entryKey}-links`}>{ENTRY_CHECK.linkedHeading}</h2>
          <p>{ENTRY_CHECK.linkedNote}</p>
          <ProblemList problems={links} side={side} whereOnly />
        </Panel>,
      )
    }
  }
  return sections.length > 0 ? <>{sections}</> : <Quiet>{ENTRY_CHECK.quiet}</Quiet>
}

export function SavedCheck(props: CheckViewProps) {
  return <CheckView {...props} saved={useSavedContent()} />
}

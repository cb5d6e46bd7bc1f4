/**
 * The first field of every form (ENTRY_CHECK in cms/shared.ts): the build's own check of the entry
 * in every language, before Decap saves it. Decap validates the form's fields on save in its default
 * language only (required, pattern and list bounds of the English side); this field's `isValid`, which
 * Decap asks with the others, runs the build's check (cms/entry-problems.ts) on the saved content
 * with the entry in place, French texts, rules between fields and references between files included,
 * and refuses the save while anything is wrong. It stores nothing: the file never holds it.
 *
 * Its parts: the saved content and the draft as files (draft-file.ts), the one store of refusals
 * (refusals.ts), the summary at the top of each side (summary.tsx), the marks at the French side's
 * fields (field-marks.tsx) and the focus after a refusal (focus.ts). What it needs of Decap beyond its
 * documented props comes through decap-internals/; given props of another shape, it says the checks
 * cannot run, and refuses every save.
 */
import { canonicalJson } from "../../../contracts/json"
import { Component, createRef } from "react"
import { DEFAULT_LOCALE, type Locale, isLocale } from "../../../model/locales"
import type { ContentProblem } from "../../../model/problems"
import { problemsOfSaving } from "../../entry-problems"
import { withoutCheckField } from "../../format"
import { ENTRY_CHECK } from "../../shared"
import {
  type ControlInternals,
  type DecapDraft,
  decapChanged,
  draftDocument,
  expectRefusalRejection,
  isNewDraft,
  localeOf,
  missingControlInternals,
  onFormEdits,
  refusal,
} from "../decap-internals"
import { ReleaseStateNote } from "../release-notes"
import { StaleSaveNote } from "../stale-save-note"
import { EntryHistoryPanel } from "../entry-history-panel"
import { UnusedPhotos } from "../unused-photos"
import { PresenceNote } from "../presence-note"
import { imageFields } from "../../../model/relations"
import { rememberEdited, rememberOpened } from "../entry-versions"
import { CardSchedule, StudySchedule } from "../schedule-note"
import type { CardLink } from "../../schedule-note"
import type { Schedule } from "../../../model/schedule"
import { industriesSchema } from "../../../model/schemas"
import { caseStudySchema } from "../../../model/page-schemas"
import { contentTypeOf } from "../../../model/registry"
import { readSavedContent, savedContentNow } from "../saved-content"
import { confirmedIn, confirmedValue } from "../../on-save"
import type { TextValue } from "../../../model/translations"
import { decapLoader, draftTarget, draftText } from "./draft-file"
import { refusals } from "./refusals"
import { SavedCheck } from "./summary"
import { Panel } from "./summary-parts"

/** What the calendar's notes read of an English document. */
type CalendarFields = Schedule & { slug?: string; cards?: CardLink[] }

/** What Decap's custom-widget docs give a control, and what this one reads beyond them (decap-internals/). */
type ControlProps = Partial<ControlInternals> & {
  forID: string
  value?: unknown
  onChange: (value: unknown) => void
}

export class EntryCheckControl extends Component<ControlProps> {
  private readonly element = createRef<HTMLDivElement>()
  private stopFollowing: (() => void) | undefined
  private drawn: DecapDraft | undefined
  private englishSeen: unknown

  /** The internals this Decap does not give; none while it is as verified. */
  private get missing(): string[] {
    return missingControlInternals(this.props)
  }

  private get internals(): ControlInternals {
    return this.props as ControlProps & ControlInternals
  }

  private get side(): Locale {
    const locale = localeOf(this.props)
    return isLocale(locale) ? locale : DEFAULT_LOCALE
  }

  private get draft(): DecapDraft {
    return this.internals.getEntry()
  }

  private get entryKey(): string {
    const slug = this.draft.get("slug")
    return `${this.internals.collection.get("name")}-${typeof slug === "string" && slug ? slug : "new"}`
  }

  componentDidMount() {
    if (this.missing.length > 0) return
    refusals.sideShown(this.side, 1)
    this.stopFollowing = onFormEdits(() => {
      if (this.draft !== this.drawn) this.forceUpdate()
      if (this.side !== DEFAULT_LOCALE) this.keepEditsCounted()
      else rememberEdited(this.draft)
    })
    // Each form reads the saved content afresh (the default side's field does, once per form), and
    // remembers the version of its file it stands on (entry-versions.ts).
    if (this.side === DEFAULT_LOCALE) {
      rememberOpened(this.internals.config, this.draft)
      void readSavedContent(decapLoader(this.internals.config, this.internals, this.props.forID)).catch(() => undefined)
    }
  }

  componentWillUnmount() {
    if (this.missing.length > 0) return
    this.stopFollowing?.()
    refusals.sideShown(this.side, -1)
    // Decap keeps a field's errors after the field is gone (the sides are drawn anew when the editor
    // switches between the other language and the preview), and refuses every later save for them.
    this.internals.clearFieldErrors(this.props.forID)
  }

  componentDidUpdate() {
    // Once all is put right, Decap's refusal message on this field goes too.
    const { refused } = refusals.now()
    if (refused === this.entryKey && this.side === DEFAULT_LOCALE && this.problems()?.length === 0) {
      this.internals.validate()
    }
  }

  /**
   * Decap decides whether there are unsaved changes from the side last edited alone: a French edit,
   * then an English one put back as it was, read as "nothing to save" (Publish greyed, no warning on
   * leaving). After each English edit, while this side's document differs from its saved one, this
   * side's field sets its own value again (the same one, so nothing changes): Decap then weighs this
   * side, and counts its edits.
   */
  private keepEditsCounted() {
    const draft = this.draft
    const english = draft.get("data")
    const englishEdited = this.englishSeen !== undefined && english !== this.englishSeen
    this.englishSeen = english
    if (!englishEdited || isNewDraft(draft)) return
    const { relative } = draftTarget(draft, this.internals.collection.get("folder"))
    const saved = savedContentNow()?.get(relative)
    if (saved === undefined) return
    const own = withoutCheckField(draftDocument(draft, this.side, DEFAULT_LOCALE))
    const asSaved = (JSON.parse(saved) as Record<string, unknown>)[this.side]
    if (canonicalJson(own) !== canonicalJson(asSaved)) this.props.onChange(this.props.value ?? ENTRY_CHECK.widget)
  }

  /**
   * The editor confirms a translation on this side still right: the field's value holds it, with the
   * English it was confirmed against, until the save records it (cms/on-save.ts). Decap counts it as
   * an edit of this side, so the form can be saved.
   */
  private confirmStillRight = (path: string, english: TextValue) => {
    this.props.onChange(confirmedValue({ ...confirmedIn(this.props.value), [path]: english }))
  }

  /** The build's problems with the entry as it stands; undefined until the saved content is read. */
  private problems(): ContentProblem[] | undefined {
    const saved = savedContentNow()
    if (!saved) return undefined
    const { relative, isNew } = draftTarget(this.draft, this.internals.collection.get("folder"))
    return problemsOfSaving(saved, relative, draftText(this.draft, relative, saved.get(relative)), isNew)
  }

  /**
   * Decap asks this of every field of the default language's side when the editor saves: an error
   * refuses the save, and Decap's notice says so.
   */
  isValid = () => {
    if (this.side !== DEFAULT_LOCALE) return true
    if (this.missing.length > 0) {
      expectRefusalRejection()
      return refusal(`${ENTRY_CHECK.cannotCheck} ${decapChanged(this.missing)}`)
    }
    const problems = this.problems()
    if (problems?.length === 0) {
      refusals.accept()
      return true
    }
    refusals.refuse(this.entryKey)
    expectRefusalRejection()
    return refusal(problems === undefined ? ENTRY_CHECK.stillReading : ENTRY_CHECK.refused(problems.length))
  }

  /**
   * What Decap's "required" test reads: the field always holds the check, so the form does not call
   * it optional, and it is never missing.
   */
  getValidateValue = () => ENTRY_CHECK.widget

  render() {
    if (this.missing.length > 0) {
      return (
        <Panel $tone="problem" role="alert" id={this.props.forID}>
          <h2>{ENTRY_CHECK.cannotCheckHeading}</h2>
          <p>
            {ENTRY_CHECK.cannotCheck} {decapChanged(this.missing)}
          </p>
        </Panel>
      )
    }
    this.drawn = this.draft
    const saved = this.drawn.get("path")
    const english = this.side === DEFAULT_LOCALE
    const type = contentTypeOf(draftTarget(this.drawn, this.internals.collection.get("folder")).relative)
    const document = english ? (draftDocument(this.drawn, DEFAULT_LOCALE, DEFAULT_LOCALE) as CalendarFields) : null
    return (
      <div id={this.props.forID} ref={this.element}>
        {english && typeof saved === "string" && saved && !isNewDraft(this.drawn) ? (
          <>
            <StaleSaveNote path={saved} getEntry={this.internals.getEntry} />
            {this.internals.config.backend.name === "github" ? (
              <PresenceNote config={this.internals.config} path={saved} />
            ) : null}
            {this.internals.config.backend.name === "github" ? (
              <EntryHistoryPanel
                config={this.internals.config}
                path={saved}
                collection={this.internals.collection.get("name") ?? ""}
                getEntry={this.internals.getEntry}
              />
            ) : null}
            <ReleaseStateNote config={this.internals.config} path={saved} />
            {this.internals.config.backend.name === "github" &&
            type &&
            imageFields().some((field) => field.type === type) ? (
              <UnusedPhotos config={this.internals.config} />
            ) : null}
          </>
        ) : null}
        {/* The editors' calendar: a study's place on it, and the industry cards it sends to the list. */}
        {document && type?.schema === caseStudySchema ? (
          <StudySchedule
            schedule={document}
            config={this.internals.config}
            local={this.internals.config.backend.name === "proxy"}
            isNew={isNewDraft(this.drawn)}
          />
        ) : null}
        {document && type?.schema === industriesSchema && Array.isArray(document.cards) ? (
          <CardSchedule cards={document.cards} />
        ) : null}
        <SavedCheck
          side={this.side}
          draft={this.drawn}
          folder={this.internals.collection.get("folder")}
          entryKey={this.entryKey}
          sideElement={this.element}
          onConfirm={this.confirmStillRight}
        />
      </div>
    )
  }
}

/** Decap's widget: the control above, nothing shown in Decap's own preview of a field. */
export const entryCheckWidget = {
  name: ENTRY_CHECK.widget,
  controlComponent: EntryCheckControl,
  previewComponent: () => null,
}

/**
 * Decap's English phrases as the admin speaks them (registered with registerLocale, cms/app/index.tsx).
 * Decap says "you've missed a required field" for every refusal, a text too long or in the wrong form
 * included; the fields in red and the form's first field carry the reasons. Before a deletion it asks
 * a question that knows nothing of the entries pointing here, which the form lists. It says "Changes
 * saved" of a new, empty form too; "No unsaved changes" is true of both. A save or a publish that
 * failed, or was refused for another editor's version, is "not saved", "not published".
 */
import { DELETE_CONFIRMATION, NO_UNSAVED_CHANGES, REFUSAL_MESSAGE } from "../shared"
import { withNotices } from "./decap-internals"

export const adminPhrases = <T extends object>(decapEnglish: T): T =>
  withNotices(decapEnglish, {
    refused: REFUSAL_MESSAGE,
    deletePublished: DELETE_CONFIRMATION,
    deleteWithUnsaved: `${DELETE_CONFIRMATION} Your unsaved changes are lost too.`,
    noUnsavedChanges: NO_UNSAVED_CHANGES,
    // The details: a refusal's own words (cms/stale-save.ts), or what failed.
    notSaved: "Not saved: %{details}",
    notPublished: "Not published: %{details}",
  })

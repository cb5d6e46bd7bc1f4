/**
 * What the admin does around each of Decap's saves and publishes, registered with Decap's events where
 * the admin starts (index.tsx), whatever form is open: before a save or a publish, the refusal of one
 * built on a version the editor did not open (entry-versions.ts); before a save, what it adds to the
 * English document (cms/on-save.ts); after it, the saved content and the form's version brought up
 * to date.
 */
import { type Map as ImmutableMap, fromJS } from "immutable"
import { fieldsOfSave } from "../on-save"
import { type DecapDraft, collectionOf } from "./decap-internals"
import { decapConfig } from "./decap-internals/store"
import { draftByLocale, draftTarget, savedEntryText } from "./entry-check/draft-file"
import { refuseStaleSave, rememberSaved } from "./entry-versions"
import { recordSave, savedContent } from "./saved-content"

/** The folder of the collection an entry (as Decap's events hand it) belongs to. */
const folderOf = async (entry: DecapDraft) =>
  (await decapConfig()).collections.find((collection) => collection.name === collectionOf(entry))?.folder

/**
 * Decap's preSave event: refused if another editor's version stands where the form's stood; else the
 * entry's English data with what the save adds to it (cms/on-save.ts), as the check of the draft
 * assumed: a key the save moves (a study given a new slug) among its former keys, so its old address
 * leads to the new one, and the record of the translations to check; nothing when the save adds nothing.
 */
export async function beforeSave(entry: DecapDraft): Promise<unknown> {
  await refuseStaleSave(entry)
  const { relative, isNew } = draftTarget(entry, await folderOf(entry))
  const saved = isNew ? undefined : (await savedContent()).get(relative)
  const fields = fieldsOfSave(relative, saved, draftByLocale(entry))
  const data = entry.get("data") as ImmutableMap<string, unknown>
  return Object.keys(fields).length === 0
    ? undefined
    : Object.entries(fields).reduce(
        (changed, [name, value]) => (value === undefined ? changed.delete(name) : changed.set(name, fromJS(value))),
        data,
      )
}

/** Decap's prePublish event: refused if the draft changed since the form opened it. */
export const beforePublish = (entry: DecapDraft): Promise<void> => refuseStaleSave(entry, true)

/**
 * Decap's postSave event: the saved content holds the save (a new entry's file included), and the
 * form stands on the text just written (with GitHub: one editor on her own machine compares nothing).
 */
export async function afterSave(entry: DecapDraft): Promise<void> {
  const { relative } = draftTarget(entry, await folderOf(entry))
  const text = savedEntryText(entry, relative)
  recordSave(relative, text)
  if ((await decapConfig()).backend.name === "github") rememberSaved(entry, text)
}

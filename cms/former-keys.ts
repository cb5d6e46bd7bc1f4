/**
 * A folder entry moved to a new key (a case study given a new slug) keeps its file, and its key of
 * before joins its former keys (model/fields.ts, `FORMER_KEYS_META`), whose addresses then lead to
 * the new one: what the admin records on every save (cms/app/index.tsx, Decap's preSave) and what its
 * check of a draft assumes the save will hold (cms/app/entry-check/draft-file.ts). Moving back to a key
 * of before takes it off the list. Nothing here needs Node or Decap.
 */
import { DEFAULT_LOCALE } from "../model/locales"
import { contentTypeOf } from "../model/registry"
import { formerKeyFields } from "../model/relations"
import { isRecord } from "../contracts/json"
import { documentsOf } from "./stale-save"

/** A key's move: from the address saved to the one the draft gives it. */
export interface KeyMove {
  field: string
  from: string
  to: string
}

/** The keys the draft of the file at `relative` moves, from what is saved there. */
export function keyMoves(relative: string, savedText: string | undefined, draftEnglish: unknown): KeyMove[] {
  const type = contentTypeOf(relative)
  const saved = documentsOf(savedText ?? null)[DEFAULT_LOCALE]
  if (!type || !saved || !isRecord(draftEnglish)) return []
  return formerKeyFields()
    .filter((former) => former.type === type && !former.key.includes("."))
    .flatMap(({ key }) => {
      const [from, to] = [saved[key], draftEnglish[key]]
      return typeof from === "string" && typeof to === "string" && from !== to ? [{ field: key, from, to }] : []
    })
}

/**
 * The former keys the draft's English document holds once saved, by their list's name: those saved
 * (the form does not show them, and its copy is stale once a save has added one), with the key saved
 * until now added if the draft moves it, and the key it takes now removed. Only the lists that differ
 * from the draft's.
 */
export function recordedFormerKeys(
  relative: string,
  savedText: string | undefined,
  draftEnglish: unknown,
): Record<string, string[]> {
  const type = contentTypeOf(relative)
  const saved = documentsOf(savedText ?? null)[DEFAULT_LOCALE]
  if (!type || !saved || !isRecord(draftEnglish)) return {}
  const moves = keyMoves(relative, savedText, draftEnglish)
  const lists: Record<string, string[]> = {}
  for (const former of formerKeyFields().filter((field) => field.type === type && !field.path.includes("."))) {
    const listed = (value: unknown) => (Array.isArray(value) ? value.map(String) : [])
    const move = moves.find(({ field }) => field === former.key)
    const to = draftEnglish[former.key]
    const kept = listed(saved[former.path]).filter((key) => key !== to && key !== move?.from)
    const list = move ? [...kept, move.from] : kept
    const before = listed(draftEnglish[former.path])
    if (list.join("\n") !== before.join("\n")) lists[former.path] = list
  }
  return lists
}

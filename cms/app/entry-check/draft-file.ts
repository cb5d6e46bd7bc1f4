/**
 * Entries as the files the CMS writes: every saved file read through Decap's backend (each folder's
 * entries, each file of a files collection), and the draft in every language as the file it would be
 * saved as. The build's check reads files; these are what it is given.
 */
import { DEFAULT_LOCALE } from "../../../model/locales"
import { CONTENT_LABEL } from "../../entry-problems"
import { contentFileText } from "../../format"
import { fieldsOfSave, withSavedFields } from "../../on-save"
import { plain } from "../decap"
import {
  type ControlInternals,
  type DecapConfig,
  type DecapDraft,
  type LoadedEntry,
  draftDocument,
  draftLocales,
  isNewDraft,
} from "../decap-internals"
import type { ContentLoader } from "../saved-content"

/** The field tree of every document (put into the admin script by cms/bundle.ts), read when first needed. */
const documents = () => CMS_DOCUMENTS

/** A path under content/ from a path in the repository ("content/home/hero.json" -> "home/hero.json"). */
const relativeOf = (repositoryPath: string) => repositoryPath.replace(new RegExp(`^${CONTENT_LABEL}/`), "")

/** A loaded entry's file, every language in it, as the CMS writes it. */
function loadedText(entry: LoadedEntry): [string, string] {
  const relative = relativeOf(entry.path)
  const byLocale = {
    [DEFAULT_LOCALE]: entry.data,
    ...Object.fromEntries(Object.entries(entry.i18n ?? {}).map(([locale, { data }]) => [locale, data])),
  }
  return [relative, contentFileText(documents(), relative, byLocale)]
}

/** Reads every content file through Decap's backend: each folder's entries, each file of a files collection. */
export function decapLoader(
  config: DecapConfig,
  { query, loadEntry }: Pick<ControlInternals, "query" | "loadEntry">,
  namespace: string,
): ContentLoader {
  return async () => {
    const files = new Map<string, string>()
    await Promise.all(
      config.collections.map(async (collection) => {
        if (collection.folder) {
          const action = await query(namespace, collection.name, [collection.identifier_field ?? "title"], "")
          if (!action.payload.hits) throw action.payload.error ?? new Error(`${collection.name} could not be read`)
          for (const hit of action.payload.hits) files.set(...loadedText(hit))
          return
        }
        const entries = await Promise.all((collection.files ?? []).map((file) => loadEntry(collection.name, file.name)))
        for (const entry of entries) files.set(...loadedText(entry))
      }),
    )
    return files
  }
}

/** Where the draft will be saved, under content/: its own path, or for a new entry, its key's. */
export function draftTarget(draft: DecapDraft, folder: string | undefined): { relative: string; isNew: boolean } {
  const path = draft.get("path")
  const isNew = isNewDraft(draft)
  if (typeof path === "string" && path && !isNew) return { relative: relativeOf(path), isNew }
  const data = plain(draft.get("data")) as { slug?: unknown } | null
  const slug = typeof data?.slug === "string" ? data.slug : ""
  return { relative: `${relativeOf(folder ?? "")}/${slug}.json`, isNew: true }
}

/** The draft's document in every language, as the form holds it (each with its check field). */
export function draftByLocale(draft: DecapDraft): Record<string, unknown> {
  const byLocale: Record<string, unknown> = { [DEFAULT_LOCALE]: draftDocument(draft, DEFAULT_LOCALE, DEFAULT_LOCALE) }
  for (const locale of draftLocales(draft)) byLocale[locale] = draftDocument(draft, locale, DEFAULT_LOCALE)
  return byLocale
}

/**
 * The draft in every language, as the file the CMS would write over `savedText` (the file as saved
 * now): with what the save adds to the English document (cms/on-save.ts), a key it moves among its
 * former keys and the record of translations to check.
 */
export function draftText(draft: DecapDraft, relative: string, savedText: string | undefined): string {
  const byLocale = draftByLocale(draft)
  const english = withSavedFields(byLocale[DEFAULT_LOCALE], fieldsOfSave(relative, savedText, byLocale))
  return contentFileText(documents(), relative, { ...byLocale, [DEFAULT_LOCALE]: english })
}

/** An entry just saved, as the file the CMS wrote (its data holds what the save added). */
export const savedEntryText = (entry: DecapDraft, relative: string): string =>
  contentFileText(documents(), relative, draftByLocale(entry))

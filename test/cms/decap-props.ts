/**
 * What Decap hands a preview template, made from the real content/ and the real CMS configuration:
 * the entry's data, its fields as configured, an asset resolver that shows which media folder it was
 * given, and getCollection answering with the saved files.
 */
import path from "node:path"
import { type CmsField, cmsConfig } from "../../cms/config"
import { CMS_PLACES } from "../../cms/places"
import { CONTENT_TYPES } from "../../model/registry"
import type { DecapField, PreviewTemplateProps } from "../../cms/app/decap"
import { caseStudyFiles, readContent, readContentFile } from "../../scripts/lib/content-files"
import { DEFAULT_LOCALE, type Locale } from "../../model/locales"

/** Decap's Immutable field list, as far as the previews read it. */
function fieldList(fields: readonly CmsField[]) {
  const wrapped = fields.map((field): DecapField => ({
    get: (key: string) =>
      key === "fields" ? (field.fields ? fieldList(field.fields) : undefined) : field[key as keyof CmsField],
  }))
  return { find: (predicate: (field: DecapField) => boolean) => wrapped.find(predicate) }
}

/** The configured fields of the entry at a content location. */
export function configuredFields(location: string): readonly CmsField[] {
  const place = CMS_PLACES[location]
  const collection = cmsConfig("https://example.com").collections.find(
    (candidate) => candidate.name === place.collection,
  )!
  return collection.fields ?? collection.files!.find((file) => file.name === place.name)!.fields
}

/** A stand-in for Decap's getAsset: the URL names the media folder it was asked to use. */
export const assetUrlFor = (stored: string, mediaFolder: string | undefined) =>
  mediaFolder ? `/media${mediaFolder}/${path.basename(stored)}` : ""

type Saved = Record<string, Record<string, any>>

/**
 * getCollection over saved files, each entry as Decap hands it to a preview: its English document
 * alone, as `data` (Decap's default language); `overrides` replaces a file's saved English document
 * (by content location).
 */
function getCollection(overrides: Saved) {
  const saved = (relative: string) => ({
    data: overrides[relative] ?? readContentFile<Record<string, Record<string, any>>>(relative)[DEFAULT_LOCALE],
  })
  return async (collection: string, slug?: string) => {
    if (collection === CMS_PLACES["case-studies"].collection) {
      const files = caseStudyFiles().map((file) => ({ ...saved(file), slug: path.basename(file, ".json"), path: file }))
      // One entry by its slug, or all of them.
      return slug ? { toJS: () => files.find((file) => file.slug === slug) } : files
    }
    const type = CONTENT_TYPES.find(
      (candidate) =>
        CMS_PLACES[candidate.location].collection === collection && CMS_PLACES[candidate.location].name === slug,
    )
    if (!type) throw new Error(`no entry ${collection}/${slug}`)
    // Decap answers with an Immutable map; its toJS gives the plain entry.
    return { toJS: () => ({ ...saved(type.location), slug, path: type.location }) }
  }
}

/**
 * Props for an entry at `location` in a language (its document in that language: for French, the
 * texts only); `fileName` is the saved file's name (a new entry has none; a file of a files collection
 * is named by its place).
 */
export function decapProps(
  location: string,
  data: unknown,
  overrides: Saved = {},
  fileName?: string,
  locale: Locale = DEFAULT_LOCALE,
): PreviewTemplateProps {
  const place = CMS_PLACES[location]
  const isFile = CONTENT_TYPES.some((type) => type.location === location && type.kind === "single")
  const entry = { data, slug: fileName ?? (isFile ? place.name : undefined) }
  return {
    entry: { get: ((key: "data" | "slug") => entry[key]) as PreviewTemplateProps["entry"]["get"] },
    collection: { get: () => place.collection },
    locale,
    fields: fieldList(configuredFields(location)),
    getAsset: (stored, field) => ({
      toString: () => assetUrlFor(stored, field?.get("media_folder") as string | undefined),
    }),
    getCollection: getCollection(overrides),
    document,
  }
}

/** A location's saved content; for the case studies folder, the wine study. */
export const savedEntry = (location: string) =>
  readContent(location === CMS_PLACES["case-studies"].collection ? "case-studies/wine.json" : location)

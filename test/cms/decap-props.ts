/**
 * What Decap hands a preview template, made from the real content/ and the real CMS configuration:
 * the entry's data, its fields as configured, an asset resolver that shows which media folder it was
 * given, and the saved content (cms/app/saved-content.ts) read from the files on disk.
 */
import path from "node:path"
import { cmsConfig } from "../../cms/config"
import type { CmsField } from "../../cms/fields"
import { CMS_COLLECTIONS } from "../../cms/collections"
import { CONTENT_TYPES } from "../../model/registry"
import type { DecapField, PreviewTemplateProps } from "../../cms/app/decap"
import { caseStudyFiles, readContent, readContentFile } from "../support/content-files"
import { DEFAULT_LOCALE, type Locale } from "../../model/locales"
import { readSavedContent, resetSavedContent } from "../../cms/app/saved-content"

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
  const place = CMS_COLLECTIONS[location]
  const collection = cmsConfig("https://example.com").collections.find(
    (candidate) => candidate.name === place.collection,
  )!
  return collection.fields ?? collection.files!.find((file) => file.name === place.name)!.fields
}

/** A stand-in for Decap's getAsset: the URL names the media folder it was asked to use. */
export const assetUrlFor = (stored: string, mediaFolder: string | undefined) =>
  mediaFolder ? `/media${mediaFolder}/${path.basename(stored)}` : ""

type Saved = Record<string, Record<string, any>>

/** Every content file on disk, by its path under content/, as text; `overrides` replaces a file's English document. */
function savedFiles(overrides: Saved): Map<string, string> {
  const locations = CONTENT_TYPES.flatMap((type) => (type.kind === "folder" ? caseStudyFiles() : [type.location]))
  return new Map(
    [...new Set(locations)].map((relative) => {
      const file = readContentFile<Record<string, unknown>>(relative)
      const english = overrides[relative]
      return [relative, JSON.stringify(english ? { ...file, [DEFAULT_LOCALE]: english } : file)]
    }),
  )
}

let provided: string | undefined

/** The saved content the previews draw the rest of the site with, as the entry form reads it; read again when it differs. */
function provideSavedContent(overrides: Saved) {
  const key = JSON.stringify(overrides)
  if (key === provided) return
  provided = key
  resetSavedContent()
  void readSavedContent(async () => savedFiles(overrides))
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
  const place = CMS_COLLECTIONS[location]
  const isFile = CONTENT_TYPES.some((type) => type.location === location && type.kind === "single")
  const slug = fileName ?? (isFile ? place.name : undefined)
  const entry = { data, slug, path: slug ? `content/${isFile ? location : `${location}/${slug}.json`}` : undefined }
  provideSavedContent(overrides)
  return {
    entry: { get: ((key: "data" | "slug" | "path") => entry[key]) as PreviewTemplateProps["entry"]["get"] },
    collection: { get: () => place.collection },
    locale,
    fields: fieldList(configuredFields(location)),
    getAsset: (stored, field) => ({
      toString: () => assetUrlFor(stored, field?.get("media_folder") as string | undefined),
    }),
    getCollection: async () => {
      throw new Error("previews read the saved content, not getCollection")
    },
    document,
  }
}

/** A location's saved content; for the case studies folder, the wine study. */
export const savedEntry = (location: string) =>
  readContent(location === CMS_COLLECTIONS["case-studies"].collection ? "case-studies/wine.json" : location)

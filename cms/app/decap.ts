/** What Decap CMS hands a preview template, as far as the previews use it. */

/** An Immutable.js value, or a plain one: Decap keeps entries immutable and loaded data plain. */
interface MaybeImmutable {
  toJS?: () => unknown
}

export interface DecapEntry {
  get(key: "data"): unknown
  /** The file's name without extension; empty for an entry not yet saved. */
  get(key: "slug"): string | undefined
  /** The file's path in the repository ("content/case-studies/wine.json"); empty for an entry not yet saved. */
  get(key: "path"): string | undefined
}

export interface DecapAsset {
  /** The URL the asset is shown from: a blob for a new upload, the backend's file otherwise. */
  toString(): string
}

/** A field's configuration as Decap holds it (an Immutable.js map), and a list of them. */
export interface DecapField {
  get(key: string): unknown
}

interface DecapFieldList {
  find(predicate: (field: DecapField) => boolean): DecapField | undefined
}

export interface PreviewTemplateProps {
  entry: DecapEntry
  /** The entry's collection (an Immutable.js map): its name. */
  collection: { get(key: "name"): string }
  /**
   * The language the editor has open (Decap passes it with i18n on). The entry's data is that
   * language's document: for French, its texts only (model/locales.ts).
   */
  locale?: string
  /** The entry's fields, as configured (config.yml). */
  fields: DecapFieldList
  /**
   * Resolves a media path as stored in the entry (e.g. ../images/team/x.jpg) to an asset. Given the
   * field it belongs to, it uses that field's media folder; without it, the collection's.
   */
  getAsset: (path: string, field?: DecapField) => DecapAsset
  /** Loads another collection's entries, or one entry by slug (a file's name in a files collection). */
  getCollection: (collection: string, slug?: string) => Promise<unknown>
  /** The preview pane's own document, inside its iframe. */
  document: Document
}

/** Plain data from an Immutable.js value or a plain one. */
export function plain(value: unknown): unknown {
  const immutable = value as MaybeImmutable | null | undefined
  return typeof immutable?.toJS === "function" ? immutable.toJS() : value
}

/** The configuration of the field at a path of names (e.g. members, photo), if there is one. */
export function fieldAt(fields: DecapFieldList, [name, ...rest]: readonly string[]): DecapField | undefined {
  const field = fields.find((candidate) => candidate.get("name") === name)
  if (!field || rest.length === 0) return field
  const nested = field.get("fields") as DecapFieldList | undefined
  return nested ? fieldAt(nested, rest) : undefined
}

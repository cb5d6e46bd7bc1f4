/**
 * The Decap CMS configuration: the content types in Decap's collections, each with the fields
 * derived from its schema (cms/fields.ts), the GitHub backend with its editorial workflow, both
 * languages side by side, and where uploaded photos go.
 */
import { AUTH_PATH } from "../contracts/sign-in"
import { PREVIEW_STATUS_CONTEXT } from "../contracts/statuses"
import { IMAGES_FOLDER } from "../build-steps/paths"
import { LOGO_PATH } from "../src/seo/structured-data"
import { CONTENT_TYPES } from "../model/registry"
import { DEFAULT_LOCALE, LOCALES } from "../model/locales"
import { cmsCollectionOf, labelOf } from "./collections"
import { CONTENT_FOLDER, type CmsField, typeFields } from "./fields"
import { CONTENT_FORMAT } from "./shared"

interface CmsFile {
  name: string
  label: string
  file: string
  i18n?: boolean
  preview_path?: string
  fields: CmsField[]
}

export interface CmsCollection {
  name: string
  label: string
  files?: CmsFile[]
  folder?: string
  extension?: string
  format?: string
  create?: boolean
  delete?: boolean
  slug?: string
  identifier_field?: string
  preview_path?: string
  summary?: string
  sortable_fields?: string[]
  fields?: CmsField[]
  i18n?: boolean
}

/**
 * Deployed, the CMS reads and writes the content in this GitHub repository (owner/name), each change
 * on a branch of its own with a pull request until someone with the right to publish merges it. The
 * build server may name another (CMS_GITHUB_REPOSITORY), e.g. for a fork.
 */
export const CMS_REPOSITORY = process.env.CMS_GITHUB_REPOSITORY || "aurelle-intelligence/website"
/** The branch the site is built from, which Publish merges into. */
export const PUBLISHED_BRANCH = "main"

export interface CmsConfig {
  backend: {
    name: string
    repo: string
    branch: string
    auth_endpoint: string
    /** The commit status whose address is a draft's preview (PREVIEW_STATUS_CONTEXT). */
    preview_context: string
    commit_messages: Record<string, string>
  }
  local_backend: boolean
  publish_mode: string
  site_url: string
  display_url: string
  logo: { src: string }
  media_folder: string
  public_folder: string
  /** Both languages side by side, each file holding both (Decap's files collections know only single_file). */
  i18n: { structure: "single_file"; locales: string[]; default_locale: string }
  collections: CmsCollection[]
}

const COLLECTION_LABELS: Record<string, string> = {
  settings: "Settings",
  home: "Home page",
  pages: "Pages",
}

export function cmsConfig(siteUrl: string): CmsConfig {
  const collections = new Map<string, CmsCollection>()
  for (const type of CONTENT_TYPES) {
    const place = cmsCollectionOf(type.location)
    if (type.kind === "folder") {
      collections.set(place.collection, {
        name: place.collection,
        label: place.label,
        folder: `${CONTENT_FOLDER}/${type.location}`,
        extension: "json",
        format: CONTENT_FORMAT,
        create: true,
        delete: true,
        // The file is named by the slug field (the study's address); Decap's own {{slug}} is the title slugified.
        slug: "{{fields.slug}}",
        identifier_field: "title",
        summary: "{{title}} ({{fields.slug}})",
        preview_path: place.page,
        sortable_fields: ["order", "title", "published"],
        i18n: true,
        fields: typeFields(type),
      })
      continue
    }
    const collection = collections.get(place.collection) ?? {
      name: place.collection,
      label: COLLECTION_LABELS[place.collection] ?? labelOf(place.collection),
      format: CONTENT_FORMAT,
      i18n: true,
      files: [],
    }
    collection.files!.push({
      name: place.name,
      label: place.label,
      file: `${CONTENT_FOLDER}/${type.location}`,
      preview_path: place.page,
      i18n: true,
      fields: typeFields(type),
    })
    collections.set(place.collection, collection)
  }
  return {
    // Signed in through the site's own /api/auth (deploy/auth/github-oauth.ts); the admin names its origin
    // as Decap's base_url at start-up (cms/app/index.tsx), so each host signs in on itself.
    backend: {
      name: "github",
      repo: CMS_REPOSITORY,
      branch: PUBLISHED_BRANCH,
      auth_endpoint: AUTH_PATH.slice(1),
      preview_context: PREVIEW_STATUS_CONTEXT,
      commit_messages: {
        create: "Content: create {{collection}} “{{slug}}”",
        update: "Content: update {{collection}} “{{slug}}”",
        delete: "Content: delete {{collection}} “{{slug}}”",
        uploadMedia: "Content: upload “{{path}}”",
        deleteMedia: "Content: delete “{{path}}”",
      },
    },
    // Locally decap-server (file mode) knows only "simple", and Decap switches to it: a save writes
    // the file. Deployed, each change is a draft, then in review, then ready, then published.
    local_backend: true,
    publish_mode: "editorial_workflow",
    site_url: siteUrl,
    // The house's mark on the sign-in page, where Decap would show its own.
    logo: { src: LOGO_PATH },
    display_url: siteUrl,
    media_folder: `${CONTENT_FOLDER}/${IMAGES_FOLDER}`,
    public_folder: `../${IMAGES_FOLDER}`,
    i18n: { structure: "single_file", locales: [...LOCALES], default_locale: DEFAULT_LOCALE },
    collections: [...collections.values()],
  }
}

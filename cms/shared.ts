/**
 * What the admin's browser code (cms/app/) and the build's CMS steps both need. Nothing here needs
 * Node: the admin bundle imports it.
 */
import { ZURICH_TIME_WIDGET } from "../model/page-schemas"
import { CASE_ICON_WIDGET } from "../model/fields"
import { editorsTime } from "../contracts/editors-time"

/** What the CMS says when it refuses to save an entry; the fields it names say why. */
export const REFUSAL_MESSAGE =
  "Not saved: the site would not build with this entry. What to put right is listed at the top of the form, on the side where it is wrong."

/** What the top of a saved entry's form says of where its last published change is (cms/release-state.ts). */
export const RELEASE_STATE = {
  label: "On the site",
  /** The corner of every admin screen: the latest change to the content on main, whatever it was. */
  siteLabel: "The site",
  latestChange: "Latest change:",
  /** Each followed by the time it says ("14:02"). */
  live: "Live on the site since",
  publishing: "Publishing: being checked and built since",
  /** Followed by the time it was held; then `heldNext`. */
  held: "Held for the calendar since",
  heldNext:
    "A study came down after this change was built, so the site did not take that build. The build server builds it again now and releases it; nothing needs doing.",
  /** "Held for the calendar, rebuilt at 18:01, live since 18:03". */
  rebuiltAt: "Held for the calendar, rebuilt at",
  waiting: "Publishing: waiting for the build server since",
  refused: "Not live: the build server refused it",
  refusedRun: "What the build server said",
  rolledBack: "Not live: the site was rolled back to a release made before this change",
  unknown: "Whether this entry's last change is live cannot be told now",
  /** Followed by the time it asks again ("14:05"): nothing is guessed meanwhile. */
  noAnswer: "GitHub did not answer; asking again at",
  local:
    "This is the local site (npm run cms): it has no releases. Saving writes the file in content/ on this computer; visitors see it once it is committed to main and published.",
} as const

/**
 * The first field of every form: the build's check of the whole entry, in every language, before it
 * is saved (cms/app/entry-check/control.tsx). Its value is never set, so no file holds it. Its words are here,
 * where the tests read them.
 */
export const ENTRY_CHECK = {
  name: "entryCheck",
  widget: "entry-check",
  label: "Checks before saving",
  quiet: "Every save is checked against the whole site, in both languages: nothing that would stop its build is saved.",
  refused: (count: number) =>
    `Not saved: the site would not build with this entry. ${count === 1 ? "One problem is" : `${count} problems are`} listed below, with the field each is in.`,
  cannotCheckHeading: "The checks before saving cannot run",
  /** Followed by what of Decap is missing; every save is refused meanwhile. */
  cannotCheck:
    "Nothing is saved from this form, since the site might not build with it. The CMS has changed in a way the checks do not know:",
  stillReading:
    "Not saved yet: the other entries are still being read, to check this one against them. Press Publish again in a moment.",
  refusedHeading: (count: number, side: string) =>
    `${count === 1 ? "One thing" : `${count} things`} to put right before saving (${side} side)`,
  movedHeading: "A new address",
  /** The study's addresses until now and from its next release, each language's. */
  moved: (from: readonly string[], to: readonly string[]) =>
    `Once published, this study is at ${to.join(" and ")}. Its addresses until now, ${from.join(" and ")}, then lead there for good (a permanent redirect): links already sent keep working, and search engines move to the new one. The site's own links go to the new address.`,
  linkedHeading: "Linked from other entries",
  linkedNote:
    "These entries point to this one. Deleting it would stop the site's next build until each points elsewhere; change them first.",
} as const

/**
 * What the form and the admin's view say of translations whose English changed since they were made
 * (model/translations.ts), and of the ones missing.
 */
export const TRANSLATION_CHECK = {
  heading: (count: number) => `${count === 1 ? "One translation" : `${count} translations`} to check`,
  intro:
    "The English of these texts changed after this translation was made. Edit the translation, or confirm it is still right; either clears the mark once saved.",
  atField: "To check: the English changed after this was translated.",
  before: "English then",
  after: "English now",
  confirm: "Still right",
  confirmLabel: (field: string) => `${field}: the translation is still right`,
  viewLabel: "Translations to check",
  viewSummary: (toCheck: number, missing: number) =>
    [
      toCheck > 0 ? `${toCheck} translation${toCheck === 1 ? "" : "s"} to check` : "",
      missing > 0 ? `${missing} missing` : "",
    ]
      .filter(Boolean)
      .join(", "),
  viewIntro:
    "Texts whose English changed after they were translated, and texts not translated yet. Open an entry to edit or confirm each.",
  missing: "missing",
  toCheck: "to check",
  unreadable: "The translations could not be read:",
  historyUnreadShort: "the history was not read",
  historyUnread: (why: string) =>
    `The live release could not read the repository's history (${why}): the texts to check are those each file's own record names, not every change made by hand.`,
  untranslatedHeading: "Not translated yet",
  untranslated:
    "This study is published in English only: the French site leaves it out (no page, not in its list, no link to it) until its French texts are written. Once you begin, write them all: French left half done is refused.",
} as const

/** Decap's question before deleting an entry; the form names, above its fields, any entry linking to it. */
export const DELETE_CONFIRMATION =
  'Delete this entry? If its form lists "Linked from other entries", the site will not build until each of those points elsewhere. Once a case study is deleted, its address, in both languages, shows the list of studies with "Case Study Not Found" and tells search engines the page is gone for good (410); to give a study another address instead, change its slug.'

/** The form's state beside its title when nothing is waiting to be saved (Decap says "Changes saved", of a new form too). */
export const NO_UNSAVED_CHANGES = "No unsaved changes"

/** Decap's name for the JSON format the admin registers (format.ts): keys written in the fields' order. */
export const CONTENT_FORMAT = "content-json"

/**
 * The Decap widgets the admin registers (cms/app/decap-cms.ts), by the names the configuration uses;
 * "hidden" is Decap's own. A field with any other widget would show "no control" in the CMS.
 */
export const CMS_WIDGETS = [
  "boolean",
  "datetime",
  "image",
  "list",
  "number",
  "object",
  "relation",
  "select",
  "string",
  "text",
] as const
export type CmsWidgetName = (typeof CMS_WIDGETS)[number]

/** The widgets of the admin's own, registered beside Decap's (cms/app/index.tsx). */
export const ADMIN_WIDGETS = [ENTRY_CHECK.widget, CASE_ICON_WIDGET, ZURICH_TIME_WIDGET] as const

/** The Decap backends the admin registers: GitHub deployed, "proxy" for decap-server locally. */
export const CMS_BACKENDS = ["github", "proxy"] as const

/** The words of the team form's list of photos no entry uses (cms/app/unused-photos.tsx). */
export const UNUSED_PHOTOS = {
  heading: "Photos no entry uses",
  why: "Left behind when a photo was replaced or a member removed. Delete each from a photo's media library (“Choose different image”, pick it, “Delete selected”), so it does not linger in the repository:",
} as const

/** The words of a form another editor has open too (cms/app/presence-note.tsx). */
export const PRESENCE = {
  label: "Editors on this entry",
  openToo: (others: ReadonlyArray<{ name: string; since: string }>, now?: Date) =>
    `${others.map(({ name, since }) => `${name} (since ${editorsTime(since, now)})`).join(", ")} ${
      others.length === 1 ? "has" : "have"
    } this entry open too. Whoever saves second is shown the other's changes first; nothing is overwritten.`,
} as const

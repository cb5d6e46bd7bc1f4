/**
 * The content model: one zod schema per content type. Everything else is derived from here:
 * build-time validation (build/content/validate.ts), the GraphQL types (gatsby/content/graphql.ts),
 * the JSON Schema files that content files name in "$schema" (json-schema.ts), the CMS configuration
 * (cms/config.ts) and the checks between files (relations.ts).
 */
import * as z from "zod"
import { INDUSTRY_CHIP_COUNT, TITLE_MAX_LENGTH } from "./behaviour"
import { TRANSLATABLE_META } from "./locales"
import { ISO_DAY, MONTH_YEAR } from "./dates"
import { EDITORS_ZONE_NAME } from "../contracts/editors-time"
import { isOffsetTime, offsetTime } from "../contracts/time"
import { DEPARTURE_ADDRESS } from "../contracts/hosting-policy"

/** Metadata key that marks a string as a path to an image, resolved to a Gatsby `File` node. */
export const IMAGE_PATH_META = "x-image-path"
/** Metadata key for the CMS: the string is prose, edited in a multi-line box (cms/config.ts). */
export const CMS_WIDGET_META = "x-cms-widget"
/** The CMS's widget for a case study's icon: each drawing to pick, by its picture (cms/app/icon-choice.tsx). */
export const CASE_ICON_WIDGET = "case-icon"
/** Metadata key: the value identifies its entry, so no two entries share it (relations.ts). */
export const KEY_META = "x-key"
/**
 * Metadata key: the entry's keys of before, on a list beside its key (named by this meta's value).
 * Each is an address that leads to the entry's key now: no entry may have it as its key or among its
 * own, and a folder's file may keep the name it was created with (content-check.ts).
 */
export const FORMER_KEYS_META = "x-former-keys"
/** Metadata key: the value is the key of an entry of another content type (relations.ts). */
export const RELATION_META = "x-relation"
/** Metadata key for the CMS: what the field is for, shown under it before its length limit. */
export const HINT_META = "x-hint"
/**
 * A date that must not be after the content's today, in its unit (a day "2026-03-10", a month "March
 * 2026", a year 2026), and why. A schema knows no time: the content check judges it at the clock it is
 * given (model/content-check.ts, `datedProblems`), once the value has its form.
 */
export const NOT_AFTER_TODAY_META = "x-not-after-today"
export interface NotAfterToday {
  unit: "day" | "month" | "year"
  /** Said after the refusal, when the rule needs a reason. */
  why?: string
}
const notAfterToday = (rule: NotAfterToday) => ({ [NOT_AFTER_TODAY_META]: rule })

/**
 * Where a relation points: the key of an entry of another content type. Declared once, on the field
 * that points; the build's reference checks and the CMS's pick list are both derived from it.
 */
export interface Relation {
  /** The content type pointed at (registry.ts). */
  typeName: string
  /** Where an entry's key sits in that type's data: "slug", or "members.*.slug" inside a list. */
  key: string
  /** The entry's field the CMS shows to pick one: "title", "members.*.name". */
  display: string
  /** What an entry is called in the build's messages: "case study". */
  noun: string
}

const SLUG_PATTERN = /^[a-z0-9]+(?:-[a-z0-9]+)*$/
/** A slug is part of an address people read, share and type: a few words. */
export const SLUG_MAX_LENGTH = 60
const SLUG_MESSAGE = 'must be a lowercase URL slug like "real-estate"'

/**
 * What is wrong with `value` as a slug, in the words a refusal says, or null: the rule the content's
 * schema holds, for what the site reads elsewhere (the repository's history).
 */
export function slugProblem(value: unknown): string | null {
  if (typeof value !== "string" || !SLUG_PATTERN.test(value)) return SLUG_MESSAGE
  if (value.length > SLUG_MAX_LENGTH) return `must be at most ${SLUG_MAX_LENGTH} characters, it has ${value.length}`
  return null
}
const METRIC_PATTERN = /^[0-9][0-9.,]*[KMB]?\+?$/

/**
 * How long each kind of text may be, chosen from the layout and from search engines. Every text
 * field names its kind below; the limit reaches the JSON Schema (maxLength), the CMS (its pattern and
 * hint) and the preview from here.
 */
export const TEXT_LIMITS = {
  word: { max: 20, why: "it is set in the headline's large display type and must fit a phone's width" },
  label: { max: 40, why: "it must fit one line of a button, link, tag or label on a phone" },
  title: { max: TITLE_MAX_LENGTH, why: `search results show a title whole up to ${TITLE_MAX_LENGTH} characters` },
  sentence: { max: 120, why: "it is one line of supporting text" },
  description: { max: 160, why: "search results cut a description after 160 characters" },
  card: { max: 200, why: "it must fit its card beside the others" },
  intro: { max: 280, why: "an introduction is read at a glance" },
  paragraph: { max: 1200, why: "a longer paragraph is hard to read on a phone: split it in two" },
} as const

export type TextKind = keyof typeof TEXT_LIMITS

/**
 * A character a reader can see: anything but white space and the invisible format characters
 * (zero-width spaces and joiners, direction marks, soft hyphen, variation selectors, fillers). Written
 * without \p{...} classes so the CMS, which reads the pattern without the `u` flag, applies it too.
 */
export const VISIBLE_CHARACTER =
  "[^\\s\\u00AD\\u034F\\u061C\\u115F\\u1160\\u17B4\\u17B5\\u180B-\\u180F\\u200B-\\u200F\\u202A-\\u202E\\u2060-\\u206F\\u3164\\uFE00-\\uFE0F\\uFEFF\\uFFA0\\uFFF0-\\uFFF8]"
export const INVISIBLE_ONLY_MESSAGE =
  "must contain visible text: it holds only spaces or invisible characters (such as zero-width spaces)"
// The class lists combining and variation characters one by one on purpose: each is invisible alone.
// eslint-disable-next-line no-misleading-character-class
const visible = new RegExp(VISIBLE_CHARACTER)

const text = (kind: TextKind) => {
  const { max, why } = TEXT_LIMITS[kind]
  return z
    .string()
    .trim()
    .min(1, "must not be empty")
    .max(max, { error: (issue) => `must be at most ${max} characters, it has ${String(issue.input).length}: ${why}` })
    .refine((value) => value === "" || visible.test(value), INVISIBLE_ONLY_MESSAGE)
    .meta({ [TRANSLATABLE_META]: true })
}
/** A text that reads the same in every language, such as a person's or the house's name: written once. */
const sameInEveryLanguage = (kind: TextKind) => text(kind).meta({ [TRANSLATABLE_META]: false })
/** Text of a sentence or more: the same rules, edited in a multi-line box. */
const prose = (kind: TextKind) => text(kind).meta({ [CMS_WIDGET_META]: "text" })
/** A field whose value identifies its entry among the others (a folder's files, or a list's items). */
const key = <T extends z.ZodType>(schema: T) => schema.meta({ [KEY_META]: true })
const relation = <T extends z.ZodType>(schema: T, to: Relation) => schema.meta({ [RELATION_META]: to })
const CASE_STUDY: Relation = { typeName: "CaseStudy", key: "slug", display: "title", noun: "case study" }
const list = <T extends z.ZodType>(item: T) => z.array(item).min(1, "must not be empty")
const slug = () =>
  z
    .string()
    .regex(SLUG_PATTERN, SLUG_MESSAGE)
    .max(SLUG_MAX_LENGTH, {
      error: (issue) => `must be at most ${SLUG_MAX_LENGTH} characters, it has ${String(issue.input).length}`,
    })
const HTTPS_URL_MESSAGE = "expected an https:// URL like https://example.com/page"
/** The pattern carries the rule into the JSON Schema and the CMS, which know no URL format. */
/**
 * Hosts write the scheduler's address into their redirects (nginx's configuration, Pages' _redirects):
 * it holds only what an address may hold unescaped, no space, quote or `$`.
 */
const HTTPS_URL_CHARACTERS_MESSAGE =
  "expected an https:// URL of letters, digits and - . _ ~ : / ? # [ ] @ ! & ( ) * + , ; = % only (write a space %20, a quote %22 or %27, a $ %24)"
const httpsUrl = () =>
  z
    .url({ protocol: /^https$/, error: HTTPS_URL_MESSAGE, abort: true })
    .regex(DEPARTURE_ADDRESS, HTTPS_URL_CHARACTERS_MESSAGE)
const email = () => z.email({ error: "expected an email address like name@example.com" })
const imagePath = () =>
  z
    .string()
    .regex(/\.(jpe?g|png|webp|avif)$/i, "expected a path to a .jpg, .png, .webp or .avif file")
    .meta({ [IMAGE_PATH_META]: true })

/**
 * Nothing is dated in the future: each date field says so (`NOT_AFTER_TODAY_META`), and the content
 * check judges it at its clock. Whether a date also falls after the house's founding is checked across
 * files (model/content-check.ts).
 */
/**
 * No date of the house's work is this old. The CMS's date field can store a date typed with the
 * keyboard in another century (decaporg/decap-cms#7939): such a date is refused here, where the
 * preview and the build both see it, and the field asks for the calendar (DATE_HINT).
 */
export const EARLIEST_DATE = "2000-01-01"
export const DATE_HINT = "Pick the date with the calendar: a date typed in can be stored with a wrong year."
const pastYear = () =>
  z
    .number()
    .int()
    .min(1900)
    .max(2100)
    .meta(notAfterToday({ unit: "year" }))

/**
 * The English document's record of the English each translation was made from, where that English has
 * changed since (model/translations.ts): by language, then by the text's path ("result",
 * "cards[1].title"). A translation listed here is "to check". The CMS keeps it on every save, out of
 * the form; the site never shows it.
 */
export const TRANSLATED_FROM = "translatedFrom"
/** Metadata key: the field is the record of translations' sources (`TRANSLATED_FROM`), not content. */
export const TRANSLATED_FROM_META = "x-translated-from"
const translatedFrom = z
  .record(z.string(), z.record(z.string(), z.union([z.string(), z.array(z.string())])))
  .optional()
  .meta({
    [TRANSLATED_FROM_META]: true,
    [HINT_META]:
      "The English each translation below was made from, where the English has changed since: by language, then by the text's path. The CMS keeps it on every save; a French text is to check while it is here.",
  })

/** A field of a document that holds content, rather than the file's own bookkeeping ($schema, translatedFrom). */
export const isContentField = (name: string) => name !== "$schema" && name !== TRANSLATED_FROM

/** A document's content: its fields without the file's bookkeeping (`isContentField`). */
export const contentOf = (document: object): Record<string, unknown> =>
  Object.fromEntries(Object.entries(document).filter(([name]) => isContentField(name)))

/** Every content file may name its JSON Schema so editors get completion and errors. */
const document = <T extends z.ZodRawShape>(shape: T) =>
  z.strictObject({ $schema: z.string().optional(), ...shape, [TRANSLATED_FROM]: translatedFrom })

const sectionIntro = {
  eyebrow: text("label"),
  title: text("title"),
  intro: prose("intro"),
}

export const SECTION_IDS = ["home", "industries", "services", "process", "about", "contact"] as const

export const siteSettingsSchema = document({
  name: sameInEveryLanguage("label"),
  shortName: sameInEveryLanguage("label"),
  tagline: text("sentence"),
  description: prose("description"),
  siteUrl: httpsUrl(),
  contactEmail: email(),
  schedulingUrl: httpsUrl(),
  caseStudiesSiteUrl: httpsUrl(),
  foundingYear: pastYear(),
  copyrightYear: pastYear(),
  address: z.strictObject({
    locality: text("label"),
    country: text("label"),
    countryCode: z.string().regex(/^[A-Z]{2}$/, 'expected a two-letter country code like "CH"'),
  }),
  navigation: list(
    z.strictObject({
      section: z.enum(SECTION_IDS),
      label: text("label"),
    }),
  ),
  areaServed: list(text("label")),
  bookDemoLabel: text("label"),
  newWindowLabel: text("label"),
  skipLinkLabel: text("label"),
  socialImageAlt: text("sentence"),
  labels: z.strictObject({
    homeLink: text("label"),
    mainNavigation: text("label"),
    openMenu: text("label"),
    closeMenu: text("label"),
    pauseMotion: text("label"),
    playMotion: text("label"),
    profileLink: text("label"),
    noPhoto: text("label"),
    lastUpdated: text("label"),
  }),
  footer: z.strictObject({
    summary: prose("intro"),
    quickLinksTitle: text("label"),
    caseStudiesTitle: text("label"),
    legalTitle: text("label"),
    privacyLabel: text("label"),
    termsLabel: text("label"),
    rights: text("label"),
  }),
}).superRefine((settings, context) => {
  const homeTitle = `${settings.name} | ${settings.tagline}`
  if (homeTitle.length > TITLE_MAX_LENGTH) {
    context.addIssue({
      code: "custom",
      path: ["tagline"],
      message: `with the name it makes the home page's title "${homeTitle}", ${homeTitle.length} characters; search results show ${TITLE_MAX_LENGTH}: shorten it by ${homeTitle.length - TITLE_MAX_LENGTH}`,
    })
  }
  if (settings.copyrightYear < settings.foundingYear) {
    context.addIssue({
      code: "custom",
      path: ["copyrightYear"],
      message: `must not be before the founding year (${settings.foundingYear})`,
    })
  }
})

export const heroSchema = document({
  eyebrow: text("label"),
  titleLead: text("title"),
  rotatingWords: list(text("word")),
  rotationLabel: text("label"),
  lede: prose("intro"),
  primaryCta: text("label"),
  secondaryCta: text("label"),
  claims: list(
    z.strictObject({
      value: text("label"),
      label: text("label"),
    }),
  ),
})

export const industriesSchema = document({
  ...sectionIntro,
  chips: z
    .array(text("label"))
    .length(INDUSTRY_CHIP_COUNT, `expected exactly ${INDUSTRY_CHIP_COUNT} chips for the strip`),
  chipsLabel: text("label"),
  applicationsLabel: text("label"),
  cards: list(
    z.strictObject({
      id: key(slug()),
      title: text("title"),
      description: prose("card"),
      applications: z.array(text("label")).length(3, "expected exactly three application tags"),
      caseSlug: relation(slug(), CASE_STUDY),
    }),
  ),
  prompt: z.strictObject({
    title: text("title"),
    text: prose("intro"),
    linkLabel: text("label"),
  }),
  cardLinkLabel: text("label"),
})

export const servicesSchema = document({
  ...sectionIntro,
  highlightLabel: text("label"),
  featuresLabel: text("label"),
  services: list(
    z.strictObject({
      title: text("title"),
      description: prose("card"),
      features: z.array(text("label")).length(3, "expected exactly three feature tags"),
      highlighted: z.boolean(),
    }),
  ).refine(
    (services) => services.filter((service) => service.highlighted).length === 1,
    "exactly one service must be highlighted",
  ),
})

export const processSchema = document({
  ...sectionIntro,
  steps: list(
    z.strictObject({
      number: z.string().regex(/^\d{2}$/, 'expected a two-digit step number like "01"'),
      title: text("title"),
      description: prose("card"),
    }),
  ),
})

export const aboutSchema = document({
  ...sectionIntro,
  story: list(prose("paragraph")),
  facts: list(
    z.strictObject({
      label: text("label"),
      value: text("label"),
    }),
  ),
  teamTitle: text("label"),
  badgesLabel: text("label"),
  expertiseLabel: text("label"),
  members: list(
    z.strictObject({
      slug: key(slug()),
      name: sameInEveryLanguage("label"),
      role: text("label"),
      badges: z.array(text("label")),
      description: prose("card"),
      background: prose("card"),
      expertise: list(text("label")),
      photo: imagePath(),
      // Beside the photo, so a new photo is described anew.
      photoAlt: text("sentence").meta({
        [HINT_META]:
          "What the photo shows, for visitors who cannot see it. Describe the new photo whenever you replace it.",
      }),
      profile: httpsUrl()
        .optional()
        .meta({ [HINT_META]: "Their public profile (LinkedIn), linked under their card. Leave empty for none." }),
    }),
  ),
})

export const contactSchema = document({
  ...sectionIntro,
  emailLabel: text("label"),
  locationLabel: text("label"),
  replyPromise: text("sentence"),
})

export const CASE_ICONS = ["bag", "bed", "glass", "ship", "building", "watch"] as const

/** The CMS's widget for a time of the editors' calendar: a date and a time in Zurich (cms/app/zurich-time.tsx). */
export const ZURICH_TIME_WIDGET = "zurich-time"
/** A time of the calendar (model/schedule.ts): optional, with its offset, a real day (contracts/time.ts). */
const calendarTime = (hint: string) =>
  z.optional(offsetTime).meta({ [CMS_WIDGET_META]: ZURICH_TIME_WIDGET, [HINT_META]: hint })

export const caseStudySchema = document({
  slug: slug().meta({
    [KEY_META]: true,
    [HINT_META]:
      'The study\'s address, /case-studies/<slug>/: lowercase words joined by hyphens, like "real-estate". Change it to move the study: its old address, in both languages, then leads to the new one.',
  }),
  formerSlugs: z
    .array(slug())
    .optional()
    .meta({
      [FORMER_KEYS_META]: "slug",
      [HINT_META]:
        "The study's addresses of before, each now leading to its slug (a permanent redirect, in both languages). The CMS adds the slug a saved study had when its slug is changed, and keeps the list out of the form.",
    }),
  order: z
    .number()
    .int()
    .min(1)
    .meta({ [HINT_META]: "Its place in the list of studies: 1 comes first, then 2, and so on." }),
  published: z.iso
    .date({ error: 'expected a date like "2025-03-12"' })
    .refine((date) => !ISO_DAY.test(date) || date >= EARLIEST_DATE, {
      error: (issue) =>
        `${String(issue.input).slice(0, 4)} is not a plausible year (nothing here is dated before ${EARLIEST_DATE.slice(0, 4)}): ${DATE_HINT.charAt(0).toLowerCase()}${DATE_HINT.slice(1)}`,
    })
    .meta(notAfterToday({ unit: "day", why: "a case study is dated the day it is published" })),
  goLiveAt: calendarTime(
    `When the study appears on the site, in ${EDITORS_ZONE_NAME} time, shared by both languages: before it, it is on no page. Leave empty to show it as soon as it is published. The site dates it from this day.`,
  ),
  expireAt: calendarTime(
    `When the study comes down from the site, in ${EDITORS_ZONE_NAME} time: from then on it is on no page. Leave empty to keep it.`,
  ),
  title: text("title"),
  industry: text("label"),
  icon: z.enum(CASE_ICONS).meta({
    [CMS_WIDGET_META]: CASE_ICON_WIDGET,
    [HINT_META]:
      "The drawing on the study's card and page: bag (retail), bed (hotels), glass (wine and spirits), ship (cruises), building (real estate), watch (watches).",
  }),
  client: text("sentence"),
  summary: z.strictObject({
    description: prose("card"),
    problem: prose("card"),
    solution: prose("card"),
  }),
  situation: prose("paragraph"),
  task: prose("paragraph"),
  action: list(prose("paragraph")),
  result: list(prose("paragraph")),
  metrics: z.strictObject({
    timeframe: z
      .string()
      .regex(/^\d+ (month|months|week|weeks)$/, 'expected a duration like "6 months"')
      .meta({ [HINT_META]: 'How long the engagement ran: a number, then weeks or months, like "6 months".' }),
    dataPoints: z
      .string()
      .regex(METRIC_PATTERN, 'expected a string like "5M+"')
      .meta({ [HINT_META]: 'How much data it drew on: a number, then K, M or B, and + for "more than", like "5M+".' }),
    competitors: z
      .string()
      .regex(METRIC_PATTERN, 'expected a string like "50+"')
      .meta({ [HINT_META]: 'How many competitors were watched, like "50+".' }),
  }),
}).superRefine((study, context) => {
  if (
    isOffsetTime(study.goLiveAt) &&
    isOffsetTime(study.expireAt) &&
    Date.parse(study.expireAt) <= Date.parse(study.goLiveAt)
  ) {
    context.addIssue({
      code: "custom",
      path: ["expireAt"],
      message: `must be after goLiveAt (${study.goLiveAt}): a study comes down after it goes live`,
    })
  }
})

export const caseStudiesPageSchema = document({
  title: text("title"),
  description: prose("description"),
  intro: prose("intro"),
  problemLabel: text("label"),
  solutionLabel: text("label"),
  readMoreLabel: text("label"),
  redirectNotice: text("sentence"),
  search: z.strictObject({
    label: text("label"),
    button: text("label"),
    noResults: text("sentence").regex(/\{query\}/, 'must contain "{query}" where the search goes'),
    reset: text("label"),
    results: text("sentence").regex(/\{count\}/, 'must contain "{count}" where the number goes'),
    moreResults: text("label"),
  }),
  /** Used once the list no longer fits one page (model/case-listings.ts): its pages and industries. */
  browse: z.strictObject({
    industriesLabel: text("label"),
    allIndustries: text("label"),
    industryTitle: text("title").regex(/\{industry\}/, 'must contain "{industry}" where the industry goes'),
    industryDescription: prose("description").regex(
      /\{industry\}/,
      'must contain "{industry}" where the industry goes',
    ),
    pagesLabel: text("label"),
    previous: text("label"),
    next: text("label"),
    pageOf: text("label")
      .regex(/\{page\}/, 'must contain "{page}" where the page number goes')
      .regex(/\{pages\}/, 'must contain "{pages}" where the number of pages goes'),
  }),
  detail: z.strictObject({
    clientLabel: text("label"),
    situationLabel: text("label"),
    taskLabel: text("label"),
    actionLabel: text("label"),
    resultLabel: text("label"),
    metricsLabel: text("label"),
    timeframeLabel: text("label"),
    dataPointsLabel: text("label"),
    competitorsLabel: text("label"),
    backLabel: text("label"),
    ctaTitle: text("title"),
    ctaText: text("sentence"),
  }),
  notFound: z.strictObject({
    title: text("title"),
    text: text("sentence"),
    backLabel: text("label"),
  }),
})

export const demoPageSchema = document({
  title: text("title"),
  description: prose("description"),
  intro: prose("intro"),
  schedule: z.strictObject({
    badge: text("label"),
    title: text("title"),
    text: prose("intro"),
    expectationsTitle: text("label"),
    expectations: list(text("sentence")),
    buttonLabel: text("label"),
  }),
  direct: z.strictObject({
    title: text("title"),
    text: prose("intro"),
    replyPromise: text("sentence"),
  }),
  commitment: prose("intro"),
  backLabel: text("label"),
})

export const legalPageSchema = document({
  title: text("title"),
  description: prose("description"),
  lastUpdated: z
    .string()
    .regex(MONTH_YEAR, 'expected a month and year like "June 2025"')
    .meta(notAfterToday({ unit: "month" })),
  intro: prose("intro"),
  sections: list(
    z.strictObject({
      heading: text("title"),
      paragraphs: list(prose("paragraph")),
      items: z.array(prose("paragraph")).optional(),
    }),
  ),
})

/**
 * The content model: one zod schema per content type. Everything else is derived from here:
 * build-time validation (validate.ts), the GraphQL types (graphql.ts) and the JSON Schema files
 * that content files name in "$schema" (json-schema.ts).
 */
import * as z from "zod"
import { INDUSTRY_CHIP_COUNT } from "../../src/config/behaviour"

/** Metadata key that marks a string as a path to an image, resolved to a Gatsby `File` node. */
export const IMAGE_PATH_META = "x-image-path"
/** Metadata key for the CMS: the string is prose, edited in a multi-line box (cms-config.ts). */
export const CMS_WIDGET_META = "x-cms-widget"
/** Metadata key for the CMS: the string names an entry elsewhere, picked from a list of them. */
export const CMS_RELATION_META = "x-cms-relation"

export interface CmsRelation {
  /** Collection and, for a file collection, file the entries live in (cms-config.ts names them). */
  collection: string
  file?: string
  valueField: string
  displayField: string
}

const SLUG_PATTERN = /^[a-z0-9]+(?:-[a-z0-9]+)*$/
const METRIC_PATTERN = /^[0-9][0-9.,]*[KMB]?\+?$/

const text = () => z.string().trim().min(1, "must not be empty")
/** Text of a sentence or more: the same rules, edited in a multi-line box. */
const prose = () => text().meta({ [CMS_WIDGET_META]: "text" })
const relation = <T extends z.ZodType>(schema: T, to: CmsRelation) => schema.meta({ [CMS_RELATION_META]: to })
const CASE_STUDY: CmsRelation = { collection: "case-studies", valueField: "slug", displayField: "title" }
const TEAM_MEMBER: CmsRelation = {
  collection: "home",
  file: "about",
  valueField: "members.*.slug",
  displayField: "members.*.name",
}
const list = <T extends z.ZodType>(item: T) => z.array(item).min(1, "must not be empty")
const slug = () =>
  z.string().regex(SLUG_PATTERN, 'must be a lowercase URL slug like "real-estate"')
const HTTPS_URL_MESSAGE = "expected an https:// URL like https://example.com/page"
/** The pattern carries the rule into the JSON Schema and the CMS, which know no URL format. */
const httpsUrl = () => z.url({ protocol: /^https$/, error: HTTPS_URL_MESSAGE, abort: true }).regex(/^https:\/\/\S+$/, HTTPS_URL_MESSAGE)
const email = () => z.email({ error: "expected an email address like name@example.com" })
const imagePath = () =>
  z
    .string()
    .regex(/\.(jpe?g|png|webp|avif)$/i, "expected a path to a .jpg, .png, .webp or .avif file")
    .meta({ [IMAGE_PATH_META]: true })

/** Every content file may name its JSON Schema so editors get completion and errors. */
const document = <T extends z.ZodRawShape>(shape: T) =>
  z.strictObject({ $schema: z.string().optional(), ...shape })

const sectionIntro = {
  eyebrow: text(),
  title: text(),
  intro: prose(),
}

export const SECTION_IDS = ["home", "industries", "services", "process", "about", "contact"] as const

export const siteSettingsSchema = document({
  name: text(),
  shortName: text(),
  tagline: text(),
  description: prose(),
  siteUrl: httpsUrl(),
  contactEmail: email(),
  schedulingUrl: httpsUrl(),
  caseStudiesSiteUrl: httpsUrl(),
  foundingYear: z.number().int().min(1900).max(2100),
  copyrightYear: z.number().int().min(1900).max(2100),
  address: z.strictObject({
    locality: text(),
    country: text(),
    countryCode: z.string().regex(/^[A-Z]{2}$/, 'expected a two-letter country code like "CH"'),
  }),
  navigation: list(
    z.strictObject({
      section: z.enum(SECTION_IDS),
      label: text(),
    }),
  ),
  areaServed: list(text()),
  bookDemoLabel: text(),
  newWindowLabel: text(),
  skipLinkLabel: text(),
  socialImageAlt: text(),
  labels: z.strictObject({
    homeLink: text(),
    mainNavigation: text(),
    openMenu: text(),
    closeMenu: text(),
    pauseMotion: text(),
    playMotion: text(),
    profileLink: text(),
    portraitAlt: text(),
    noPhoto: text(),
    lastUpdated: text(),
  }),
  profiles: z.array(
    z.strictObject({
      member: relation(slug(), TEAM_MEMBER),
      url: httpsUrl(),
    }),
  ),
  footer: z.strictObject({
    summary: prose(),
    quickLinksTitle: text(),
    caseStudiesTitle: text(),
    legalTitle: text(),
    privacyLabel: text(),
    termsLabel: text(),
    rights: text(),
  }),
})

export const heroSchema = document({
  eyebrow: text(),
  titleLead: text(),
  rotatingWords: list(text()),
  rotationLabel: text(),
  lede: prose(),
  primaryCta: text(),
  secondaryCta: text(),
  claims: list(
    z.strictObject({
      value: text(),
      label: text(),
    }),
  ),
})

export const industriesSchema = document({
  ...sectionIntro,
  chips: z
    .array(text())
    .length(INDUSTRY_CHIP_COUNT, `expected exactly ${INDUSTRY_CHIP_COUNT} chips for the strip`),
  chipsLabel: text(),
  applicationsLabel: text(),
  cards: list(
    z.strictObject({
      id: slug(),
      title: text(),
      description: prose(),
      applications: z.array(text()).length(3, "expected exactly three application tags"),
      caseSlug: relation(slug(), CASE_STUDY),
    }),
  ),
  prompt: z.strictObject({
    title: text(),
    text: prose(),
    linkLabel: text(),
  }),
  cardLinkLabel: text(),
})

export const servicesSchema = document({
  ...sectionIntro,
  highlightLabel: text(),
  featuresLabel: text(),
  services: list(
    z.strictObject({
      title: text(),
      description: prose(),
      features: z.array(text()).length(3, "expected exactly three feature tags"),
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
      title: text(),
      description: prose(),
    }),
  ),
})

export const aboutSchema = document({
  ...sectionIntro,
  story: list(prose()),
  facts: list(
    z.strictObject({
      label: text(),
      value: text(),
    }),
  ),
  teamTitle: text(),
  badgesLabel: text(),
  expertiseLabel: text(),
  members: list(
    z.strictObject({
      slug: slug(),
      name: text(),
      role: text(),
      badges: z.array(text()),
      description: prose(),
      background: prose(),
      expertise: list(text()),
      photo: imagePath(),
    }),
  ),
})

export const contactSchema = document({
  ...sectionIntro,
  emailLabel: text(),
  locationLabel: text(),
  replyPromise: text(),
})

export const CASE_ICONS = ["bag", "bed", "glass", "ship", "building", "watch"] as const

export const caseStudySchema = document({
  slug: slug(),
  order: z.number().int().min(1),
  published: z.iso.date({ error: 'expected a date like "2025-03-12"' }),
  title: text(),
  industry: text(),
  icon: z.enum(CASE_ICONS),
  client: text(),
  summary: z.strictObject({
    description: prose(),
    problem: prose(),
    solution: prose(),
  }),
  situation: prose(),
  task: prose(),
  action: list(prose()),
  result: list(prose()),
  metrics: z.strictObject({
    timeframe: z.string().regex(/^\d+ (month|months|week|weeks)$/, 'expected a duration like "6 months"'),
    dataPoints: z.string().regex(METRIC_PATTERN, 'expected a string like "5M+"'),
    competitors: z.string().regex(METRIC_PATTERN, 'expected a string like "50+"'),
  }),
})

export const caseStudiesPageSchema = document({
  title: text(),
  description: prose(),
  intro: prose(),
  problemLabel: text(),
  solutionLabel: text(),
  readMoreLabel: text(),
  redirectNotice: text(),
  search: z.strictObject({
    label: text(),
    button: text(),
    noResults: text().regex(/\{query\}/, 'must contain "{query}" where the search goes'),
    reset: text(),
    results: text().regex(/\{count\}/, 'must contain "{count}" where the number goes'),
  }),
  detail: z.strictObject({
    clientLabel: text(),
    situationLabel: text(),
    taskLabel: text(),
    actionLabel: text(),
    resultLabel: text(),
    metricsLabel: text(),
    timeframeLabel: text(),
    dataPointsLabel: text(),
    competitorsLabel: text(),
    backLabel: text(),
    ctaTitle: text(),
    ctaText: text(),
  }),
  notFound: z.strictObject({
    title: text(),
    text: text(),
    backLabel: text(),
  }),
})

export const demoPageSchema = document({
  title: text(),
  description: prose(),
  intro: prose(),
  schedule: z.strictObject({
    badge: text(),
    title: text(),
    text: prose(),
    expectationsTitle: text(),
    expectations: list(text()),
    buttonLabel: text(),
  }),
  direct: z.strictObject({
    title: text(),
    text: prose(),
    replyPromise: text(),
  }),
  commitment: prose(),
  backLabel: text(),
})

export const legalPageSchema = document({
  title: text(),
  description: prose(),
  lastUpdated: z
    .string()
    .regex(
      /^(January|February|March|April|May|June|July|August|September|October|November|December) \d{4}$/,
      'expected a month and year like "June 2025"',
    ),
  intro: prose(),
  sections: list(
    z.strictObject({
      heading: text(),
      paragraphs: list(prose()),
      items: z.array(prose()).optional(),
    }),
  ),
})

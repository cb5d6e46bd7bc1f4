/**
 * The content model: one zod schema per content type. Everything else is derived from here:
 * build-time validation (validate.ts), the GraphQL types (graphql.ts) and the JSON Schema files
 * that content files name in "$schema" (json-schema.ts).
 */
import { z } from "zod"
import { INDUSTRY_CHIP_COUNT } from "../../src/config/behaviour"

/** Metadata key that marks a string as a path to an image, resolved to a Gatsby `File` node. */
export const IMAGE_PATH_META = "x-image-path"

const SLUG_PATTERN = /^[a-z0-9]+(?:-[a-z0-9]+)*$/
const METRIC_PATTERN = /^[0-9][0-9.,]*[KMB]?\+?$/

const text = () => z.string().trim().min(1, "must not be empty")
const list = <T extends z.ZodType>(item: T) => z.array(item).min(1, "must not be empty")
const slug = () =>
  z.string().regex(SLUG_PATTERN, 'must be a lowercase URL slug like "real-estate"')
const httpsUrl = () =>
  z.url({ protocol: /^https$/, error: "expected an https:// URL like https://example.com/page" })
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
  intro: text(),
}

export const SECTION_IDS = ["home", "industries", "services", "process", "about", "contact"] as const

export const siteSettingsSchema = document({
  name: text(),
  shortName: text(),
  tagline: text(),
  description: text(),
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
      member: slug(),
      url: httpsUrl(),
    }),
  ),
  footer: z.strictObject({
    summary: text(),
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
  lede: text(),
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
      description: text(),
      applications: z.array(text()).length(3, "expected exactly three application tags"),
      caseSlug: slug(),
    }),
  ),
  prompt: z.strictObject({
    title: text(),
    text: text(),
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
      description: text(),
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
      description: text(),
    }),
  ),
})

export const aboutSchema = document({
  ...sectionIntro,
  story: list(text()),
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
      description: text(),
      background: text(),
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
    description: text(),
    problem: text(),
    solution: text(),
  }),
  situation: text(),
  task: text(),
  action: list(text()),
  result: list(text()),
  metrics: z.strictObject({
    timeframe: z.string().regex(/^\d+ (month|months|week|weeks)$/, 'expected a duration like "6 months"'),
    dataPoints: z.string().regex(METRIC_PATTERN, 'expected a string like "5M+"'),
    competitors: z.string().regex(METRIC_PATTERN, 'expected a string like "50+"'),
  }),
})

export const caseStudiesPageSchema = document({
  title: text(),
  description: text(),
  intro: text(),
  problemLabel: text(),
  solutionLabel: text(),
  readMoreLabel: text(),
  redirectNotice: text(),
  search: z.strictObject({
    label: text(),
    button: text(),
    noResults: text().refine((value) => value.includes("{query}"), 'must contain "{query}" where the search goes'),
    reset: text(),
    results: text().refine((value) => value.includes("{count}"), 'must contain "{count}" where the number goes'),
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
  description: text(),
  intro: text(),
  schedule: z.strictObject({
    badge: text(),
    title: text(),
    text: text(),
    expectationsTitle: text(),
    expectations: list(text()),
    buttonLabel: text(),
  }),
  direct: z.strictObject({
    title: text(),
    text: text(),
    replyPromise: text(),
  }),
  commitment: text(),
  backLabel: text(),
})

export const legalPageSchema = document({
  title: text(),
  description: text(),
  lastUpdated: z
    .string()
    .regex(
      /^(January|February|March|April|May|June|July|August|September|October|November|December) \d{4}$/,
      'expected a month and year like "June 2025"',
    ),
  intro: text(),
  sections: list(
    z.strictObject({
      heading: text(),
      paragraphs: list(text()),
      items: z.array(text()).optional(),
    }),
  ),
})

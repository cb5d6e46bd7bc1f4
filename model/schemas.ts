/**
 * The content model: one zod schema per content type, here the site's settings and the home page's
 * sections (page-schemas.ts holds the case studies and the pages of their own). Everything else is
 * derived from them: build-time validation (build-steps/content/validate.ts), the GraphQL types
 * (gatsby/content/graphql.ts), the JSON Schema files that content files name in "$schema"
 * (json-schema.ts), the CMS configuration (cms/config.ts) and the checks between files (relations.ts).
 */
import * as z from "zod"
import { INDUSTRY_CHIP_COUNT, TITLE_MAX_LENGTH } from "./behaviour"
import {
  CASE_STUDY,
  HINT_META,
  SECTION_IDS,
  document,
  email,
  httpsUrl,
  imagePath,
  key,
  list,
  pastYear,
  prose,
  relation,
  sameInEveryLanguage,
  sectionIntro,
  slug,
  text,
} from "./fields"

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

/**
 * The content model's case studies and the pages of their own: the case list's, Book a Demo's and the
 * legal pages' (schemas.ts holds the site's settings and the home page's sections).
 */
import * as z from "zod"
import { ISO_DAY, MONTH_YEAR } from "./dates"
import { EDITORS_ZONE_NAME } from "../contracts/editors-time"
import { isOffsetTime, offsetTime } from "../contracts/time"
import {
  CASE_ICON_WIDGET,
  CMS_WIDGET_META,
  DATE_HINT,
  EARLIEST_DATE,
  FORMER_KEYS_META,
  HINT_META,
  KEY_META,
  METRIC_PATTERN,
  document,
  list,
  notAfterToday,
  prose,
  slug,
  text,
} from "./fields"

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

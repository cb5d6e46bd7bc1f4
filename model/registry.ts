/**
 * Which file in content/ holds which content type. gatsby-transformer-json names its nodes from
 * this table, the validator reads files by it, and the JSON Schema files are written from it.
 */
import type { z } from "zod"
import {
  aboutSchema,
  contactSchema,
  heroSchema,
  industriesSchema,
  processSchema,
  servicesSchema,
  siteSettingsSchema,
} from "./schemas"
import { caseStudiesPageSchema, caseStudySchema, demoPageSchema, legalPageSchema } from "./page-schemas"

export interface ContentType {
  /** GraphQL type name of the node made from the file(s); files of one type are told apart by fileName. */
  typeName: string
  /** File of a single document, or folder of a collection, relative to content/. */
  location: string
  kind: "single" | "folder"
  /** Name of the JSON Schema file in content/schemas/. */
  schemaFile: string
  schema: z.ZodType
}

/** The case studies: a folder of files, one study each, known by its file. */
export const CASE_STUDIES: ContentType = {
  typeName: "CaseStudy",
  location: "case-studies",
  kind: "folder",
  schemaFile: "case-study",
  schema: caseStudySchema,
}

export const CONTENT_TYPES: readonly ContentType[] = [
  {
    typeName: "SiteSettings",
    location: "site/settings.json",
    kind: "single",
    schemaFile: "site-settings",
    schema: siteSettingsSchema,
  },
  { typeName: "HomeHero", location: "home/hero.json", kind: "single", schemaFile: "home-hero", schema: heroSchema },
  {
    typeName: "HomeIndustries",
    location: "home/industries.json",
    kind: "single",
    schemaFile: "home-industries",
    schema: industriesSchema,
  },
  {
    typeName: "HomeServices",
    location: "home/services.json",
    kind: "single",
    schemaFile: "home-services",
    schema: servicesSchema,
  },
  {
    typeName: "HomeProcess",
    location: "home/process.json",
    kind: "single",
    schemaFile: "home-process",
    schema: processSchema,
  },
  { typeName: "HomeAbout", location: "home/about.json", kind: "single", schemaFile: "home-about", schema: aboutSchema },
  {
    typeName: "HomeContact",
    location: "home/contact.json",
    kind: "single",
    schemaFile: "home-contact",
    schema: contactSchema,
  },
  CASE_STUDIES,
  {
    typeName: "CaseStudiesPage",
    location: "pages/case-studies.json",
    kind: "single",
    schemaFile: "case-studies-page",
    schema: caseStudiesPageSchema,
  },
  {
    typeName: "DemoPage",
    location: "pages/book-demo.json",
    kind: "single",
    schemaFile: "demo-page",
    schema: demoPageSchema,
  },
  {
    typeName: "LegalPage",
    location: "pages/privacy-policy.json",
    kind: "single",
    schemaFile: "legal-page",
    schema: legalPageSchema,
  },
  {
    typeName: "LegalPage",
    location: "pages/terms-of-service.json",
    kind: "single",
    schemaFile: "legal-page",
    schema: legalPageSchema,
  },
]

/** The content type a file belongs to, from its path relative to content/ (forward slashes). */
export function contentTypeOf(relativePath: string): ContentType | undefined {
  return CONTENT_TYPES.find((type) =>
    type.kind === "single"
      ? type.location === relativePath
      : relativePath.startsWith(`${type.location}/`) &&
        relativePath.endsWith(".json") &&
        !relativePath.slice(type.location.length + 1).includes("/"),
  )
}

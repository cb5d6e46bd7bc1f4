/**
 * The preview of every content type, by its location in content/ (model/registry.ts): the
 * site's own components, given the entry as the site's queries would give it to them.
 */
import type { IGatsbyImageData } from "gatsby-plugin-image"
import type { z } from "zod"
import * as homeSchemas from "../../model/schemas"
import * as pageSchemas from "../../model/page-schemas"

const schemas = { ...homeSchemas, ...pageSchemas }
import { CaseStudiesContent } from "../../src/components/case-study/case-studies-content"
import { singlePage } from "../../src/components/case-study/case-list"
import { CaseStudyArticle } from "../../src/components/case-study/case-study-article"
import { About } from "../../src/components/home/about"
import { Contact } from "../../src/components/home/contact"
import { Hero } from "../../src/components/home/hero"
import { Industries } from "../../src/components/home/industries"
import { Process } from "../../src/components/home/process"
import { Services } from "../../src/components/home/services"
import { Footer } from "../../src/components/layout/footer"
import { DemoContent } from "../../src/components/book-demo/demo-content"
import { LegalDocument } from "../../src/components/legal/legal-document"
import { StaticQueryContext } from "./stand-ins/gatsby"
import { type PreviewContext, type PreviewTemplate, previewTemplate, staticQueryOf } from "./preview-pane"

/** The frame of a team photo on the site (TeamMember fragment): 360 px wide, 4:5. */
export const PHOTO_WIDTH = 360
export const PHOTO_HEIGHT = 450

/** A team photo's stored path as the image data the site's TeamPhoto draws; none while it has no URL. */
export function previewPhoto(photo: string, assetUrl: PreviewContext["assetUrl"]) {
  const src = assetUrl(photo, ["members", "photo"])
  if (!src) return null
  const gatsbyImageData: IGatsbyImageData = {
    layout: "constrained",
    width: PHOTO_WIDTH,
    height: PHOTO_HEIGHT,
    images: { fallback: { src } },
  }
  return { childImageSharp: { gatsbyImageData } }
}

const withPhotos = (about: z.output<typeof schemas.aboutSchema>, assetUrl: PreviewContext["assetUrl"]) => ({
  ...about,
  // GraphQL answers a missing profile with null, where the JSON simply lacks it.
  members: about.members.map((member) => ({
    ...member,
    profile: member.profile ?? null,
    photo: previewPhoto(member.photo, assetUrl),
  })),
})

// GraphQL answers a missing optional field with null, where the JSON simply lacks it.
const legalDocument = previewTemplate(schemas.legalPageSchema, (page) => (
  <LegalDocument
    page={{ ...page, sections: page.sections.map((section) => ({ ...section, items: section.items ?? null })) }}
  />
))

export const PREVIEW_TEMPLATES: Record<string, PreviewTemplate> = {
  // The settings show where a visitor meets them on every page: the footer, drawn with the entry.
  "site/settings.json": previewTemplate(schemas.siteSettingsSchema, (settings, { site, locale }) => (
    <StaticQueryContext.Provider value={staticQueryOf({ ...site, settings }, locale)}>
      <Footer />
    </StaticQueryContext.Provider>
  )),
  "home/hero.json": previewTemplate(schemas.heroSchema, (hero, { site }) => (
    <Hero hero={hero} motionLabels={site.settings.labels} />
  )),
  "home/industries.json": previewTemplate(schemas.industriesSchema, (industries) => (
    <Industries industries={industries} />
  )),
  "home/services.json": previewTemplate(schemas.servicesSchema, (services) => <Services services={services} />),
  "home/process.json": previewTemplate(schemas.processSchema, (process) => <Process process={process} />),
  "home/about.json": previewTemplate(schemas.aboutSchema, (about, { assetUrl }) => (
    <About about={withPhotos(about, assetUrl)} />
  )),
  "home/contact.json": previewTemplate(schemas.contactSchema, (contact) => <Contact contact={contact} />),
  "case-studies": previewTemplate(schemas.caseStudySchema, (study, { site }) => (
    <CaseStudyArticle study={study} labels={site.caseStudiesPage.detail} />
  )),
  "pages/case-studies.json": previewTemplate(schemas.caseStudiesPageSchema, (page, { site }) => (
    <CaseStudiesContent
      page={page}
      title={page.title}
      studies={site.caseStudies}
      listing={singlePage(site.caseStudies.length)}
      search=""
      redirected={false}
    />
  )),
  "pages/book-demo.json": previewTemplate(schemas.demoPageSchema, (page) => <DemoContent page={page} />),
  "pages/privacy-policy.json": legalDocument,
  "pages/terms-of-service.json": legalDocument,
}

import { graphql } from "gatsby"
import { HOME_PATH } from "../../../model/routes"
import { useSiteSettings } from "../../hooks/use-site-settings"
import { Layout } from "../layout/layout"
import { Seo } from "../layout/seo"
import { island } from "../ui/island"

// Each section hydrates on its own; webpack puts them in one chunk, fetched once.
const Hero = island(
  () => import(/* webpackChunkName: "home" */ "./hero"),
  (m) => m.Hero,
)
const Industries = island(
  () => import(/* webpackChunkName: "home" */ "./industries"),
  (m) => m.Industries,
)
const Services = island(
  () => import(/* webpackChunkName: "home" */ "./services"),
  (m) => m.Services,
)
const Process = island(
  () => import(/* webpackChunkName: "home" */ "./process"),
  (m) => m.Process,
)
const About = island(
  () => import(/* webpackChunkName: "home" */ "./about"),
  (m) => m.About,
)
const Contact = island(
  () => import(/* webpackChunkName: "home" */ "./contact"),
  (m) => m.Contact,
)

export const query = graphql`
  fragment HomeContent on Query {
    homeHero(locale: { eq: $locale }) {
      ...HeroSection
    }
    homeIndustries(locale: { eq: $locale }) {
      ...IndustriesSection
    }
    homeServices(locale: { eq: $locale }) {
      ...ServicesSection
    }
    homeProcess(locale: { eq: $locale }) {
      ...ProcessSection
    }
    homeAbout(locale: { eq: $locale }) {
      ...AboutSection
    }
    homeContact(locale: { eq: $locale }) {
      ...ContactSection
    }
  }
`

/**
 * The home page: its sections in the spec's order with the site's header, footer and head tags.
 * "/" shows it, and so does the 404 page, kept out of search results (no path, no structured data).
 */
export function HomePage({ data, noindex = false }: { data: Queries.HomeContentFragment; noindex?: boolean }) {
  const settings = useSiteSettings()
  const { homeHero, homeIndustries, homeServices, homeProcess, homeAbout, homeContact } = data
  if (!homeHero || !homeIndustries || !homeServices || !homeProcess || !homeAbout || !homeContact) {
    throw new Error("Home content is incomplete: see content/home/")
  }
  return (
    <Layout>
      <Seo
        description={settings.description}
        path={noindex ? undefined : HOME_PATH}
        graph={noindex ? undefined : { kind: "home", services: homeServices.services, members: homeAbout.members }}
      />
      <Hero hero={homeHero} motionLabels={settings.labels} />
      <Industries industries={homeIndustries} />
      <Services services={homeServices} />
      <Process process={homeProcess} />
      <About about={homeAbout} />
      <Contact contact={homeContact} />
    </Layout>
  )
}

import { graphql } from "gatsby"
import { HOME_PATH } from "../../../model/routes"
import { useSiteSettings } from "../../hooks/use-site-settings"
import { serviceNodes, teamNodes } from "../../seo/home-structured-data"
import { Layout } from "../layout/layout"
import { Seo } from "../layout/seo"
import { About } from "./about"
import { Contact } from "./contact"
import { Hero } from "./hero"
import { Industries } from "./industries"
import { Process } from "./process"
import { Services } from "./services"

export const query = graphql`
  fragment HomeContent on Query {
    homeHero {
      ...HeroSection
    }
    homeIndustries {
      ...IndustriesSection
    }
    homeServices {
      ...ServicesSection
    }
    homeProcess {
      ...ProcessSection
    }
    homeAbout {
      ...AboutSection
    }
    homeContact {
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
        jsonLd={
          noindex ? [] : [...serviceNodes(settings, homeServices.services), ...teamNodes(settings, homeAbout.members)]
        }
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

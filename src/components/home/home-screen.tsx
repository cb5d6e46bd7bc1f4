import { graphql } from "gatsby"
import { useSiteSettings } from "../../hooks/use-site-settings"
import { Layout } from "../layout/layout"
import { Seo } from "../layout/seo"
import { HOME_PATH } from "../../../model/routes"
import { serviceNodes } from "../../seo/structured-data"
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

/** The home page's sections in the spec's order; also what the 404 page shows, with noindex. */
export function HomeScreen({ data, noindex = false }: { data: Queries.HomeContentFragment; noindex?: boolean }) {
  const { settings } = useSiteSettings()
  const { homeHero, homeIndustries, homeServices, homeProcess, homeAbout, homeContact } = data
  if (!homeHero || !homeIndustries || !homeServices || !homeProcess || !homeAbout || !homeContact) {
    throw new Error("Home content is incomplete: see content/home/")
  }
  return (
    <Layout>
      <Seo
        description={settings.description}
        path={noindex ? undefined : HOME_PATH}
        jsonLd={noindex ? [] : serviceNodes(settings, homeServices.services)}
      />
      <Hero hero={homeHero} />
      <Industries industries={homeIndustries} />
      <Services services={homeServices} />
      <Process process={homeProcess} />
      <About about={homeAbout} />
      <Contact contact={homeContact} />
    </Layout>
  )
}

import { graphql } from "gatsby"
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

/** The home page's sections in the spec's order: what "/" shows, and the 404 page too. */
export function HomeSections({ data }: { data: Queries.HomeContentFragment }) {
  const { homeHero, homeIndustries, homeServices, homeProcess, homeAbout, homeContact } = data
  if (!homeHero || !homeIndustries || !homeServices || !homeProcess || !homeAbout || !homeContact) {
    throw new Error("Home content is incomplete: see content/home/")
  }
  return (
    <>
      <Hero hero={homeHero} />
      <Industries industries={homeIndustries} />
      <Services services={homeServices} />
      <Process process={homeProcess} />
      <About about={homeAbout} />
      <Contact contact={homeContact} />
    </>
  )
}

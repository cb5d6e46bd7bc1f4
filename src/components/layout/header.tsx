import { Link } from "gatsby"
import styled from "styled-components"
import { ACTIVE_SECTION_OFFSET_PX, HEADER_OPAQUE_AFTER_PX } from "../../../model/behaviour"
import { useActiveSection } from "../../hooks/use-active-section"
import { useScrolledPast } from "../../hooks/use-scrolled-past"
import { useSiteSettings } from "../../hooks/use-site-settings"
import { DemoButtonLink } from "../ui/button"
import { MobileMenu } from "./mobile-menu"
import { SectionLinks } from "./section-links"
import { LanguageSwitch } from "./language-switch"
import { onDark, theme } from "../../styles/theme"
import { screenOnly } from "../../styles/print"
import { usePaths } from "../../i18n/locale"

/**
 * Opaque unless the page is hydrated and at the top: without JavaScript nothing would turn it
 * opaque on scroll, and its light text must never sit over the ivory sections.
 * Sticky rather than fixed, with a negative bottom margin so the first band of every page still
 * runs beneath it: it stays in the page's own layer, which is where accessibility checkers look
 * for the colour behind its text.
 */
const Bar = styled.header<{ $opaque: boolean }>`
  position: sticky;
  top: 0;
  margin-bottom: calc(-1 * ${theme.layout.headerHeight});
  z-index: ${theme.zIndex.header};
  color: ${theme.color.ivory};
  ${onDark}
  background: ${theme.color.ink};
  box-shadow: 0 ${theme.border.hairline} 0 ${theme.color.hairlineOnDark};

  html[data-hydrated] & {
    background: ${({ $opaque }) => ($opaque ? theme.color.ink : "transparent")};
    box-shadow: 0 ${theme.border.hairline} 0 ${({ $opaque }) => ($opaque ? theme.color.hairlineOnDark : "transparent")};
  }

  transition:
    background-color ${theme.motion.base} ${theme.motion.easing},
    box-shadow ${theme.motion.base} ${theme.motion.easing};

  ${screenOnly}
`

const Inner = styled.div`
  display: flex;
  align-items: center;
  gap: ${theme.space[1]};
  max-width: calc(${theme.layout.content} + 2 * ${theme.layout.gutter});
  height: ${theme.layout.headerHeight};
  margin: 0 auto;
  padding: 0 ${theme.layout.gutter};
`

const Brand = styled(Link)`
  margin-right: auto;
  font-family: ${theme.font.display};
  font-size: ${theme.fontSize.brand};
  letter-spacing: ${theme.letterSpacing.display};
  text-decoration: none;
  white-space: nowrap;
`

/** The full name from the first breakpoint up; the short name on the narrowest phones. */
const BrandName = styled.span<{ $short?: boolean }>`
  display: ${({ $short }) => ($short ? "inline" : "none")};

  ${theme.media.sm} {
    display: ${({ $short }) => ($short ? "none" : "inline")};
  }
`

const Nav = styled.nav`
  display: none;
  margin-right: ${theme.space[4]};

  ${theme.media.lg} {
    display: block;
  }
`

/** Narrower on phones so brand, call to action and menu share a 320 px row. */
const HeaderCta = styled(DemoButtonLink)`
  padding: 0 ${theme.space[2]};

  ${theme.media.sm} {
    padding: 0 ${theme.space[4]};
  }
`

export function Header() {
  const settings = useSiteSettings()
  const paths = usePaths()
  const scrolled = useScrolledPast(HEADER_OPAQUE_AFTER_PX)
  const active = useActiveSection(
    settings.navigation.map((item) => item.section),
    ACTIVE_SECTION_OFFSET_PX,
  )
  return (
    <Bar $opaque={scrolled} data-scrolled={scrolled}>
      <Inner>
        <Brand to={paths.home} aria-label={`${settings.name}, ${settings.labels.homeLink}`}>
          <BrandName $short>{settings.shortName}</BrandName>
          <BrandName>{settings.name}</BrandName>
        </Brand>
        <Nav aria-label={settings.labels.mainNavigation}>
          <SectionLinks active={active} />
        </Nav>
        <LanguageSwitch />
        <HeaderCta $variant="onDark">{settings.bookDemoLabel}</HeaderCta>
        <MobileMenu active={active} />
      </Inner>
    </Bar>
  )
}

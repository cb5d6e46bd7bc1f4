import { Link } from "gatsby"
import styled from "styled-components"
import { useSiteSettings } from "../../hooks/use-site-settings"
import { BOOK_DEMO_PATH, HOME_PATH, sectionPath } from "../../routes"
import { ButtonLink } from "../ui/button"

const Bar = styled.header`
  position: fixed;
  inset: 0 0 auto;
  z-index: ${({ theme }) => theme.zIndex.header};
  background: ${({ theme }) => theme.color.ink};
  color: ${({ theme }) => theme.color.ivory};
  border-bottom: ${({ theme }) => theme.border.hairline} solid ${({ theme }) => theme.color.hairlineOnDark};
`

const Inner = styled.div`
  display: flex;
  align-items: center;
  justify-content: space-between;
  gap: ${({ theme }) => theme.space[2]};
  max-width: calc(${({ theme }) => theme.layout.content} + 2 * ${({ theme }) => theme.layout.gutter});
  height: ${({ theme }) => theme.layout.headerHeight};
  margin: 0 auto;
  padding: 0 ${({ theme }) => theme.layout.gutter};
`

const Brand = styled(Link)`
  font-family: ${({ theme }) => theme.font.display};
  font-size: ${({ theme }) => theme.fontSize.brand};
  letter-spacing: ${({ theme }) => theme.letterSpacing.display};
  text-decoration: none;
  white-space: nowrap;
`

const Nav = styled.nav`
  display: none;

  ${({ theme }) => theme.media.lg} {
    display: block;
  }
`

const NavList = styled.ul`
  display: flex;
  gap: ${({ theme }) => theme.space[3]};
  list-style: none;
`

const NavLink = styled(Link)`
  font-size: ${({ theme }) => theme.fontSize.small};
  color: ${({ theme }) => theme.color.mutedOnDark};
  text-decoration: none;

  &:hover {
    color: ${({ theme }) => theme.color.ivory};
  }
`

/** Narrower on phones so brand and call to action share a 320 px row. */
const HeaderCta = styled(ButtonLink)`
  padding: 0 ${({ theme }) => theme.space[2]};

  ${({ theme }) => theme.media.sm} {
    padding: 0 ${({ theme }) => theme.space[4]};
  }
`

export function Header() {
  const { settings } = useSiteSettings()
  return (
    <Bar>
      <Inner>
        <Brand to={HOME_PATH}>{settings.name}</Brand>
        <Nav aria-label="Main">
          <NavList>
            {settings.navigation.map(({ section, label }) => (
              <li key={section}>
                <NavLink to={sectionPath(section)}>{label}</NavLink>
              </li>
            ))}
          </NavList>
        </Nav>
        <HeaderCta to={BOOK_DEMO_PATH} $variant="onDark">
          {settings.bookDemoLabel}
        </HeaderCta>
      </Inner>
    </Bar>
  )
}

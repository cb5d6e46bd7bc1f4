import { Link } from "gatsby"
import styled, { css } from "styled-components"
import { useSiteSettings } from "../../hooks/use-site-settings"
import { theme } from "../../styles/theme"
import { usePaths } from "../../i18n/locale"

const List = styled.ul<{ $stacked: boolean }>`
  display: flex;
  flex-direction: ${({ $stacked }) => ($stacked ? "column" : "row")};
  gap: ${({ $stacked }) => ($stacked ? theme.space[1] : theme.space[3])};
  list-style: none;
`

const SectionLink = styled(Link)<{ $stacked: boolean }>`
  position: relative;
  display: inline-block;
  padding: ${theme.space[1]} 0;
  color: ${theme.color.mutedOnDark};
  text-decoration: none;
  transition: color ${theme.motion.fast} ${theme.motion.easing};

  ${({ $stacked }) =>
    $stacked
      ? css`
          font-family: ${theme.font.display};
          font-size: ${theme.fontSize.h3};
        `
      : css`
          font-size: ${theme.fontSize.small};
        `}

  &::after {
    content: "";
    position: absolute;
    left: 0;
    right: 0;
    bottom: 0;
    height: ${theme.border.hairline};
    background: ${theme.color.gold};
    transform: scaleX(0);
    transform-origin: left;
    transition: transform ${theme.motion.base} ${theme.motion.easing};
  }

  &:hover,
  &[aria-current] {
    color: ${theme.color.ivory};
  }

  &[aria-current]::after {
    transform: scaleX(1);
  }
`

interface SectionLinksProps {
  active: string | null
  stacked?: boolean
  onNavigate?: () => void
}

/** The six home-section links, marking the one in view with aria-current. */
export function SectionLinks({ active, stacked = false, onNavigate }: SectionLinksProps) {
  const settings = useSiteSettings()
  const paths = usePaths()
  return (
    <List $stacked={stacked}>
      {settings.navigation.map(({ section, label }) => (
        <li key={section}>
          <SectionLink
            to={paths.section(section)}
            $stacked={stacked}
            aria-current={active === section ? "location" : undefined}
            onClick={onNavigate}
          >
            {label}
          </SectionLink>
        </li>
      ))}
    </List>
  )
}

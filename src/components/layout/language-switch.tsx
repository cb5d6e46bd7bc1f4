import { Link } from "gatsby"
import styled, { css } from "styled-components"
import { LOCALES, LANGUAGE_NAMES } from "../../../model/locales"
import { useLocale, useTranslatedPath } from "../../i18n/locale"
import { labelType } from "../../styles/label-type"
import { theme } from "../../styles/theme"
import { VisuallyHidden } from "../ui/visually-hidden"

const SwitchLink = styled(Link)<{ $inMenu: boolean }>`
  color: ${theme.color.mutedOnDark};
  text-decoration: none;
  transition: color ${theme.motion.fast} ${theme.motion.easing};

  &:hover {
    color: ${theme.color.ivory};
  }

  ${({ $inMenu }) =>
    $inMenu
      ? css`
          display: inline-flex;
          align-items: center;
          min-height: ${theme.layout.touchTarget};
          font-size: ${theme.fontSize.small};
        `
      : css`
          display: none;
          align-items: center;
          min-width: ${theme.layout.touchTarget};
          min-height: ${theme.layout.touchTarget};
          justify-content: center;
          ${labelType}

          ${theme.media.sm} {
            display: inline-flex;
          }
        `}
`

/**
 * The same page in the other language: in the header from the first breakpoint up, as the language's
 * code ("FR"), and in the menu of narrow screens, as its name ("Français"). Either way its name is the
 * language's own, in that language (`lang`), and `hreflang` tells what the link leads to.
 */
export function LanguageSwitch({ inMenu = false, onNavigate }: { inMenu?: boolean; onNavigate?: () => void }) {
  const locale = useLocale()
  const other = LOCALES.find((candidate) => candidate !== locale)!
  const to = useTranslatedPath(other)
  const name = LANGUAGE_NAMES[other]
  return (
    <SwitchLink to={to} hrefLang={other} lang={other} $inMenu={inMenu} onClick={onNavigate}>
      {inMenu ? (
        name
      ) : (
        <>
          <span aria-hidden="true">{other.toUpperCase()}</span>
          <VisuallyHidden>{name}</VisuallyHidden>
        </>
      )}
    </SwitchLink>
  )
}

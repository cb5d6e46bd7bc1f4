import { Link, withPrefix } from "gatsby"
import type React from "react"
import styled, { css } from "styled-components"
import { ExternalLink } from "./external-link"
import { useDemoPath } from "../../i18n/locale"
import { labelType } from "../../styles/label-type"
import { theme } from "../../styles/theme"

export type ButtonVariant = "primary" | "secondary" | "onDark"

const VARIANTS: Record<ButtonVariant, ReturnType<typeof css>> = {
  primary: css`
    background: ${theme.color.ink};
    color: ${theme.color.ivory};
    &:hover {
      background: ${theme.color.inkRaised};
      color: ${theme.color.goldLight};
    }
  `,
  secondary: css`
    background: transparent;
    color: ${theme.color.ink};
    border-color: ${theme.color.ink};
    &:hover {
      background: ${theme.color.ink};
      color: ${theme.color.ivory};
    }
  `,
  onDark: css`
    background: ${theme.color.gold};
    color: ${theme.color.ink};
    &:hover {
      background: ${theme.color.goldLight};
    }
  `,
}

const buttonStyles = css<{ $variant?: ButtonVariant }>`
  display: inline-flex;
  align-items: center;
  justify-content: center;
  gap: ${theme.space[1]};
  min-height: ${theme.layout.buttonHeight};
  padding: 0 ${theme.space[4]};
  border: ${theme.border.hairline} solid transparent;
  border-radius: ${theme.radius.small};
  font-family: ${theme.font.text};
  ${labelType}
  text-decoration: none;
  white-space: nowrap;
  cursor: pointer;
  transition:
    background-color ${theme.motion.base} ${theme.motion.easing},
    color ${theme.motion.base} ${theme.motion.easing},
    border-color ${theme.motion.base} ${theme.motion.easing};

  ${({ $variant = "primary" }) => VARIANTS[$variant]}
`

/** A call to action inside the site. */
export const ButtonLink = styled(Link)<{ $variant?: ButtonVariant }>`
  ${buttonStyles}
`

/**
 * Book a Demo: the demo page, loaded from the host rather than drawn in the browser, with the page it
 * was followed from, so the host's log counts the visit and where it came from. No script counts it.
 */
export function DemoButtonLink({
  children,
  ...props
}: Omit<React.AnchorHTMLAttributes<HTMLAnchorElement>, "href"> & { $variant?: ButtonVariant }) {
  return (
    <PlainButtonLink href={withPrefix(useDemoPath())} {...props}>
      {children}
    </PlainButtonLink>
  )
}

const PlainButtonLink = styled.a<{ $variant?: ButtonVariant }>`
  ${buttonStyles}
`

/** A call to action that leaves the site in a new window. */
export const ExternalButtonLink = styled(ExternalLink)<{ $variant?: ButtonVariant }>`
  ${buttonStyles}
`

import { Link } from "gatsby"
import styled, { css } from "styled-components"
import { ExternalLink } from "./external-link"
import { labelType } from "../../styles/label-type"

export type ButtonVariant = "primary" | "secondary" | "onDark"

const buttonStyles = css<{ $variant?: ButtonVariant }>`
  display: inline-flex;
  align-items: center;
  justify-content: center;
  gap: ${({ theme }) => theme.space[1]};
  min-height: ${({ theme }) => theme.layout.buttonHeight};
  padding: 0 ${({ theme }) => theme.space[4]};
  border: ${({ theme }) => theme.border.hairline} solid transparent;
  border-radius: ${({ theme }) => theme.radius.small};
  font-family: ${({ theme }) => theme.font.text};
  ${labelType}
  text-decoration: none;
  white-space: nowrap;
  cursor: pointer;
  transition:
    background-color ${({ theme }) => theme.motion.base} ${({ theme }) => theme.motion.easing},
    color ${({ theme }) => theme.motion.base} ${({ theme }) => theme.motion.easing},
    border-color ${({ theme }) => theme.motion.base} ${({ theme }) => theme.motion.easing};

  ${({ theme, $variant = "primary" }) => {
    switch ($variant) {
      case "secondary":
        return css`
          background: transparent;
          color: ${theme.color.ink};
          border-color: ${theme.color.ink};
          &:hover {
            background: ${theme.color.ink};
            color: ${theme.color.ivory};
          }
        `
      case "onDark":
        return css`
          background: ${theme.color.gold};
          color: ${theme.color.ink};
          &:hover {
            background: ${theme.color.goldLight};
          }
        `
      default:
        return css`
          background: ${theme.color.ink};
          color: ${theme.color.ivory};
          &:hover {
            background: ${theme.color.inkRaised};
            color: ${theme.color.goldLight};
          }
        `
    }
  }}
`

/** A call to action inside the site. */
export const ButtonLink = styled(Link)<{ $variant?: ButtonVariant }>`
  ${buttonStyles}
`

/** A call to action that leaves the site in a new window. */
export const ExternalButtonLink = styled(ExternalLink)<{ $variant?: ButtonVariant }>`
  ${buttonStyles}
`

import type React from "react"
import styled from "styled-components"
import { Container } from "./container"
import { Eyebrow } from "./eyebrow"
import { onDark } from "../../styles/theme"

const Band = styled.header`
  padding: calc(${({ theme }) => theme.layout.headerHeight} + ${({ theme }) => theme.space[8]}) 0
    ${({ theme }) => theme.space[8]};
  background: ${({ theme }) => theme.color.ink};
  color: ${({ theme }) => theme.color.ivory};
  ${onDark}

  ${({ theme }) => theme.media.md} {
    padding: calc(${({ theme }) => theme.layout.headerHeight} + ${({ theme }) => theme.space[12]}) 0
      ${({ theme }) => theme.space[12]};
  }
`

const Title = styled.h1`
  max-width: ${({ theme }) => theme.layout.titleMeasure};
  font-size: ${({ theme }) => theme.fontSize.h1};
  font-weight: ${({ theme }) => theme.fontWeight.regular};
  line-height: ${({ theme }) => theme.lineHeight.tight};
`

const Lede = styled.p`
  max-width: ${({ theme }) => theme.layout.text};
  margin-top: ${({ theme }) => theme.space[3]};
  font-size: ${({ theme }) => theme.fontSize.lead};
  color: ${({ theme }) => theme.color.mutedOnDark};
`

interface PageHeaderProps {
  /** A mark set above the eyebrow, such as a case study's icon. */
  mark?: React.ReactNode
  eyebrow?: string
  title: string
  lede?: React.ReactNode
  children?: React.ReactNode
}

/** The dark title band that opens every page other than home. */
export function PageHeader({ mark, eyebrow, title, lede, children }: PageHeaderProps) {
  return (
    <Band>
      <Container>
        {mark}
        {eyebrow ? <Eyebrow $onDark>{eyebrow}</Eyebrow> : null}
        <Title>{title}</Title>
        {lede ? <Lede>{lede}</Lede> : null}
        {children}
      </Container>
    </Band>
  )
}

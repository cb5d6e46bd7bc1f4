import type React from "react"
import styled from "styled-components"
import { Container } from "./container"
import { Eyebrow } from "./eyebrow"
import { onDark, theme } from "../../styles/theme"
import { printedOnPaper } from "../../styles/print"

const Band = styled.header`
  padding: calc(${theme.layout.headerHeight} + ${theme.space[8]}) 0 ${theme.space[8]};
  background: ${theme.color.ink};
  color: ${theme.color.ivory};
  ${onDark}

  ${theme.media.md} {
    padding: calc(${theme.layout.headerHeight} + ${theme.space[12]}) 0 ${theme.space[12]};
  }

  ${printedOnPaper}
  ${theme.media.print} {
    padding: 0 0 ${theme.space[4]};
    border-bottom: ${theme.border.hairline} solid ${theme.color.ink};
  }
`

const Title = styled.h1`
  max-width: ${theme.layout.titleMeasure};
  font-size: ${theme.fontSize.h1};
  font-weight: ${theme.fontWeight.regular};
  line-height: ${theme.lineHeight.tight};
`

const Lede = styled.p`
  max-width: ${theme.layout.text};
  margin-top: ${theme.space[3]};
  font-size: ${theme.fontSize.lead};
  color: ${theme.color.mutedOnDark};

  ${theme.media.print} {
    color: ${theme.color.mutedOnLight};
  }
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

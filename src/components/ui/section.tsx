import type React from "react"
import styled from "styled-components"
import { onDark, theme } from "../../styles/theme"
import { Container } from "./container"
import { Eyebrow } from "./eyebrow"

export type Tone = "light" | "dark"

const Band = styled.section<{ $tone: Tone }>`
  padding: ${theme.section.paddingMobile} 0;
  background: ${({ $tone }) => ($tone === "dark" ? theme.color.ink : theme.color.ivory)};
  color: ${({ $tone }) => ($tone === "dark" ? theme.color.ivory : theme.color.ink)};
  ${({ $tone }) => ($tone === "dark" ? onDark : "")}

  ${theme.media.md} {
    padding: ${theme.section.paddingDesktop} 0;
  }
`

const Heading = styled.header`
  max-width: ${theme.layout.text};
  margin-bottom: ${theme.space[8]};
`

const Title = styled.h2`
  font-size: ${theme.fontSize.h2};
`

const Intro = styled.p<{ $tone: Tone }>`
  margin-top: ${theme.space[3]};
  font-size: ${theme.fontSize.lead};
  color: ${({ $tone }) => ($tone === "dark" ? theme.color.mutedOnDark : theme.color.mutedOnLight)};
`

interface SectionProps {
  id: string
  tone?: Tone
  eyebrow: string
  title: string
  intro?: string
  children: React.ReactNode
}

/** A home section: a full-width band with its labelled heading and content on the grid. */
export function Section({ id, tone = "light", eyebrow, title, intro, children }: SectionProps) {
  const headingId = `${id}-title`
  return (
    <Band id={id} $tone={tone} aria-labelledby={headingId}>
      <Container>
        <Heading>
          <Eyebrow $onDark={tone === "dark"}>{eyebrow}</Eyebrow>
          <Title id={headingId}>{title}</Title>
          {intro ? <Intro $tone={tone}>{intro}</Intro> : null}
        </Heading>
        {children}
      </Container>
    </Band>
  )
}

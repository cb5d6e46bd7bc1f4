import { graphql } from "gatsby"
import { useState } from "react"
import styled from "styled-components"
import { HERO_ROTATION_MS } from "../../../model/behaviour"
import { usePrefersReducedMotion } from "../../hooks/use-prefers-reduced-motion"
import { useRotatingIndex } from "../../hooks/use-rotating-index"
import { ButtonLink, DemoButtonLink } from "../ui/button"
import { Container } from "../ui/container"
import { Eyebrow } from "../ui/eyebrow"
import { HeroOrnament } from "./hero-ornament"
import { MotionToggle } from "../ui/motion-toggle"
import { VisuallyHidden } from "../ui/visually-hidden"
import { onDark, theme } from "../../styles/theme"
import { figureList } from "../../styles/figures"
import { usePaths } from "../../i18n/locale"

export const query = graphql`
  fragment HeroSection on HomeHero {
    eyebrow
    titleLead
    rotatingWords
    rotationLabel
    lede
    primaryCta
    secondaryCta
    claims {
      value
      label
    }
  }
`

const Band = styled.section`
  position: relative;
  padding: calc(${theme.layout.headerHeight} + ${theme.space[10]}) 0 ${theme.space[8]};
  overflow: hidden;
  background: radial-gradient(ellipse at 85% 10%, ${theme.color.glow}, transparent 55%), ${theme.color.ink};
  color: ${theme.color.ivory};
  ${onDark}

  ${theme.media.md} {
    padding: calc(${theme.layout.headerHeight} + ${theme.space[16]}) 0 ${theme.space[12]};
  }
`

/** Positioned so it paints above the ornament behind it. */
const Content = styled(Container)`
  position: relative;
`

const Title = styled.h1`
  max-width: ${theme.layout.heroMeasure};
  font-size: ${theme.fontSize.h1};
  line-height: ${theme.lineHeight.tight};
`

/** All words share one grid cell, so the line is as tall and wide as its longest word: no shift. */
const Words = styled.span`
  display: grid;
`

const Word = styled.span<{ $active: boolean }>`
  grid-area: 1 / 1;
  color: ${theme.color.goldLight};
  opacity: ${({ $active }) => ($active ? 1 : 0)};
  transform: translateY(${({ $active }) => ($active ? "0" : theme.motion.rise)});
  transition:
    opacity ${theme.motion.slow} ${theme.motion.easing},
    transform ${theme.motion.slow} ${theme.motion.easing};
`

const Lede = styled.p`
  max-width: ${theme.layout.text};
  margin-top: ${theme.space[4]};
  font-size: ${theme.fontSize.lead};
  color: ${theme.color.mutedOnDark};
`

const Actions = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: ${theme.space[2]};
  margin-top: ${theme.space[6]};
`

const SecondaryLink = styled(ButtonLink)`
  background: transparent;
  color: ${theme.color.ivory};
  border-color: ${theme.color.hairlineOnDark};

  &:hover {
    background: transparent;
    color: ${theme.color.ivory};
    border-color: ${theme.color.gold};
  }
`

const Claims = styled.dl`
  display: grid;
  gap: ${theme.space[3]};
  margin: ${theme.space[10]} 0 0;
  padding-top: ${theme.space[4]};
  border-top: ${theme.border.hairline} solid ${theme.color.hairlineOnDark};

  ${theme.media.md} {
    grid-template-columns: repeat(3, 1fr);
  }

  ${figureList}
`

/** Out of the flow, so showing or hiding it never moves the page. */
const RotationToggle = styled(MotionToggle)`
  position: absolute;
  right: ${theme.layout.gutter};
  bottom: ${theme.space[2]};
  color: ${theme.color.mutedOnDark};
`

interface HeroProps {
  hero: Queries.HeroSectionFragment
  /** The rotation's pause button's words (the site settings' labels). */
  motionLabels: { pauseMotion: string; playMotion: string }
}

export function Hero({ hero, motionLabels }: HeroProps) {
  const reducedMotion = usePrefersReducedMotion()
  const [paused, setPaused] = useState(false)
  const paths = usePaths()
  const words = hero.rotatingWords
  const { index, finished } = useRotatingIndex({
    count: words.length,
    intervalMs: HERO_ROTATION_MS,
    running: !reducedMotion && !paused,
  })
  return (
    <Band id="home" aria-labelledby="home-title">
      <HeroOrnament />
      <Content>
        <Eyebrow $onDark>{hero.eyebrow}</Eyebrow>
        <Title id="home-title">
          {hero.titleLead} {/* Screen readers get every industry once, in order, and no announcement per change. */}
          <Words aria-hidden="true" data-testid="hero-word">
            {words.map((word, position) => (
              <Word key={word} $active={position === index} data-active={position === index}>
                {word}
              </Word>
            ))}
          </Words>
          <VisuallyHidden>{words.join(", ")}</VisuallyHidden>
        </Title>
        <Lede>{hero.lede}</Lede>
        <Actions>
          <DemoButtonLink $variant="onDark">{hero.primaryCta}</DemoButtonLink>
          <SecondaryLink to={paths.section("industries")}>{hero.secondaryCta}</SecondaryLink>
        </Actions>
        <Claims>
          {hero.claims.map((claim) => (
            <div key={claim.label}>
              <dt>{claim.label}</dt>
              <dd>{claim.value}</dd>
            </div>
          ))}
        </Claims>
      </Content>
      <RotationToggle
        paused={paused}
        onToggle={() => setPaused((value) => !value)}
        target={hero.rotationLabel}
        labels={motionLabels}
        hidden={finished}
      />
    </Band>
  )
}

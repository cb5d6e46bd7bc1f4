import { graphql } from "gatsby"
import styled from "styled-components"
import { BOOK_DEMO_PATH, sectionPath } from "../../routes"
import { ButtonLink } from "../ui/button"
import { Container } from "../ui/container"
import { Eyebrow } from "../ui/eyebrow"

export const query = graphql`
  fragment HeroSection on HomeHero {
    eyebrow
    titleLead
    rotatingWords
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
  padding: ${({ theme }) => theme.space[12]} 0 ${({ theme }) => theme.space[10]};
  background: ${({ theme }) => theme.color.ink};
  color: ${({ theme }) => theme.color.ivory};

  ${({ theme }) => theme.media.md} {
    padding: ${({ theme }) => theme.space[20]} 0 ${({ theme }) => theme.space[12]};
  }
`

const Title = styled.h1`
  max-width: 18ch;
  font-size: ${({ theme }) => theme.fontSize.h1};
  font-weight: ${({ theme }) => theme.fontWeight.light};
  line-height: ${({ theme }) => theme.lineHeight.tight};
`

const Word = styled.span`
  display: block;
  font-style: italic;
  color: ${({ theme }) => theme.color.goldLight};
`

const Lede = styled.p`
  max-width: ${({ theme }) => theme.layout.text};
  margin-top: ${({ theme }) => theme.space[4]};
  font-size: ${({ theme }) => theme.fontSize.lead};
  color: ${({ theme }) => theme.color.mutedOnDark};
`

const Actions = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: ${({ theme }) => theme.space[2]};
  margin-top: ${({ theme }) => theme.space[6]};
`

const SecondaryLink = styled(ButtonLink)`
  background: transparent;
  color: ${({ theme }) => theme.color.ivory};
  border-color: ${({ theme }) => theme.color.hairlineOnDark};

  &:hover {
    background: transparent;
    border-color: ${({ theme }) => theme.color.gold};
  }
`

const Claims = styled.dl`
  display: grid;
  gap: ${({ theme }) => theme.space[4]};
  margin: ${({ theme }) => theme.space[10]} 0 0;
  padding-top: ${({ theme }) => theme.space[4]};
  border-top: ${({ theme }) => theme.border.hairline} solid ${({ theme }) => theme.color.hairlineOnDark};

  ${({ theme }) => theme.media.md} {
    grid-template-columns: repeat(3, 1fr);
  }

  div {
    display: flex;
    flex-direction: column-reverse;
  }

  dt {
    font-size: ${({ theme }) => theme.fontSize.small};
    color: ${({ theme }) => theme.color.mutedOnDark};
  }

  dd {
    margin: 0;
    font-family: ${({ theme }) => theme.font.display};
    font-size: ${({ theme }) => theme.fontSize.metric};
    line-height: ${({ theme }) => theme.lineHeight.tight};
    color: ${({ theme }) => theme.color.ivory};
  }
`

export function Hero({ hero }: { hero: Queries.HeroSectionFragment }) {
  return (
    <Band id="home" aria-labelledby="home-title">
      <Container>
        <Eyebrow $onDark>{hero.eyebrow}</Eyebrow>
        <Title id="home-title">
          {hero.titleLead} <Word>{hero.rotatingWords[0]}</Word>
        </Title>
        <Lede>{hero.lede}</Lede>
        <Actions>
          <ButtonLink to={BOOK_DEMO_PATH} $variant="onDark">
            {hero.primaryCta}
          </ButtonLink>
          <SecondaryLink to={sectionPath("industries")}>{hero.secondaryCta}</SecondaryLink>
        </Actions>
        <Claims>
          {hero.claims.map((claim) => (
            <div key={claim.label}>
              <dt>{claim.label}</dt>
              <dd>{claim.value}</dd>
            </div>
          ))}
        </Claims>
      </Container>
    </Band>
  )
}

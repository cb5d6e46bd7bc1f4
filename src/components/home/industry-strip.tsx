import { useState } from "react"
import styled, { keyframes } from "styled-components"
import { MotionToggle } from "../ui/motion-toggle"
import { theme } from "../../styles/theme"

const scroll = keyframes`
  from {
    transform: translateX(0);
  }
  to {
    transform: translateX(-50%);
  }
`

const Wrapper = styled.div`
  display: flex;
  flex-direction: column;
  align-items: flex-end;
  margin-bottom: ${theme.space[6]};
`

const Region = styled.section`
  align-self: stretch;
  overflow: hidden;
  border-block: ${theme.border.hairline} solid ${theme.color.hairlineOnLight};
  mask-image: linear-gradient(to right, transparent, black 8%, black 92%, transparent);

  ${theme.media.reducedMotion} {
    mask-image: none;
  }
`

/** Two copies of the chips side by side; sliding by half a track loops without a seam. */
const Track = styled.div<{ $paused: boolean }>`
  display: flex;
  width: max-content;
  animation: ${scroll} ${theme.motion.marquee} linear infinite;
  animation-play-state: ${({ $paused }) => ($paused ? "paused" : "running")};

  ${Region}:hover &,
  ${Region}:focus-within & {
    animation-play-state: paused;
  }

  /* Still, the chips wrap across the full width as one compact block instead of a tall column. */
  ${theme.media.reducedMotion} {
    display: block;
    width: auto;
    animation: none;
  }
`

const Chips = styled.ul`
  display: flex;
  flex-shrink: 0;
  list-style: none;

  li {
    padding: ${theme.space[2]} ${theme.space[3]};
    font-family: ${theme.font.display};
    font-size: ${theme.fontSize.h4};
    white-space: nowrap;
    color: ${theme.color.mutedOnLight};
  }

  li::after {
    content: "·";
    margin-left: ${theme.space[3]};
    color: ${theme.color.bronze};
  }

  /* Still: a compact block of names in running lines, set a step smaller, with no trailing dot. */
  ${theme.media.reducedMotion} {
    flex-wrap: wrap;
    flex-shrink: 1;
    padding-block: ${theme.space[2]};

    li {
      padding: ${theme.space.half} ${theme.space[2]} ${theme.space.half} 0;
      font-size: ${theme.fontSize.lead};
    }

    li::after {
      margin-left: ${theme.space[2]};
    }

    li:last-child::after {
      content: none;
    }

    &[aria-hidden="true"] {
      display: none;
    }
  }
`

const Toggle = styled(MotionToggle)`
  color: ${theme.color.mutedOnLight};
`

interface IndustryStripProps {
  chips: readonly string[]
  label: string
  /** The pause button's words (the site settings' labels). */
  motionLabels: { pauseMotion: string; playMotion: string }
}

/**
 * The twelve sectors scrolling past. Paused on hover, on focus and on request; static (and wrapped)
 * under reduced motion, which CSS decides from the first paint so nothing shifts on hydration.
 */
export function IndustryStrip({ chips, label, motionLabels }: IndustryStripProps) {
  const [paused, setPaused] = useState(false)
  return (
    <Wrapper>
      <Region aria-label={label} tabIndex={0} data-testid="industry-strip">
        <Track $paused={paused} data-paused={paused}>
          <Chips>
            {chips.map((chip) => (
              <li key={chip}>{chip}</li>
            ))}
          </Chips>
          <Chips aria-hidden="true">
            {chips.map((chip) => (
              <li key={chip}>{chip}</li>
            ))}
          </Chips>
        </Track>
      </Region>
      <Toggle paused={paused} onToggle={() => setPaused((value) => !value)} target={label} labels={motionLabels} />
    </Wrapper>
  )
}

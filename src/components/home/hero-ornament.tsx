import styled from "styled-components"
import { theme } from "../../styles/theme"

const Art = styled.svg`
  position: absolute;
  top: 50%;
  right: calc(-1 * ${theme.space[12]});
  display: none;
  width: ${theme.layout.ornament};
  color: ${theme.color.gold};
  transform: translateY(-50%);
  pointer-events: none;

  ${theme.media.lg} {
    display: block;
  }
`

/**
 * Ticks around a ring as dashes of its stroke, in the ring's own units (its circumference), which
 * every engine draws alike: `count` dashes of `dash` degrees, the first centred on three o'clock.
 */
function ticks(radius: number, count: number, dash: number) {
  const degree = (2 * Math.PI * radius) / 360
  const round = (value: number) => Number(value.toFixed(4))
  const period = 360 / count
  return {
    r: radius,
    strokeDasharray: `${round(dash * degree)} ${round((period - dash) * degree)}`,
    strokeDashoffset: round((dash / 2) * degree),
  }
}

/**
 * Fine line work in place of photography: a dial of hairline rings and minute ticks. The ticks are
 * dashes of two rings (one per minute, a longer one every five), so the drawing stays a few elements.
 * Each dash spans 0.24 degrees: about one pixel at these radii.
 */
export function HeroOrnament() {
  return (
    <Art viewBox="0 0 600 600" fill="none" stroke="currentColor" aria-hidden="true" focusable="false">
      <circle cx="300" cy="300" r="290" strokeOpacity="0.18" />
      <circle cx="300" cy="300" r="240" strokeOpacity="0.32" />
      <circle cx="300" cy="300" r="150" strokeOpacity="0.18" />
      <circle cx="300" cy="300" r="3" fill="currentColor" stroke="none" fillOpacity="0.6" />
      <circle cx="300" cy="300" {...ticks(240, 60, 0.24)} strokeWidth="8" strokeOpacity="0.25" />
      <circle cx="300" cy="300" {...ticks(244, 12, 0.24)} strokeWidth="16" strokeOpacity="0.5" />
      <path d="M300 300 L300 96" strokeOpacity="0.5" />
      <path d="M300 300 L446 372" strokeOpacity="0.35" />
      <path d="M10 300 H590 M300 10 V590" strokeOpacity="0.08" />
    </Art>
  )
}

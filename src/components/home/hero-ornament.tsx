import styled from "styled-components"

const Art = styled.svg`
  position: absolute;
  top: 50%;
  right: calc(-1 * ${({ theme }) => theme.space[12]});
  display: none;
  width: ${({ theme }) => theme.layout.ornament};
  color: ${({ theme }) => theme.color.gold};
  transform: translateY(-50%);
  pointer-events: none;

  ${({ theme }) => theme.media.lg} {
    display: block;
  }
`

const TICKS = Array.from({ length: 60 }, (_, index) => index * 6)

/** Fine line work in place of photography: a dial of hairline rings and minute ticks. */
export function HeroOrnament() {
  return (
    <Art viewBox="0 0 600 600" fill="none" stroke="currentColor" aria-hidden="true" focusable="false">
      <circle cx="300" cy="300" r="290" strokeOpacity="0.18" />
      <circle cx="300" cy="300" r="240" strokeOpacity="0.32" />
      <circle cx="300" cy="300" r="150" strokeOpacity="0.18" />
      <circle cx="300" cy="300" r="3" fill="currentColor" stroke="none" fillOpacity="0.6" />
      {TICKS.map((angle) => (
        <line
          key={angle}
          x1="300"
          y1={angle % 30 === 0 ? 48 : 56}
          x2="300"
          y2="64"
          strokeOpacity={angle % 30 === 0 ? 0.6 : 0.25}
          transform={`rotate(${angle} 300 300)`}
        />
      ))}
      <path d="M300 300 L300 96" strokeOpacity="0.5" />
      <path d="M300 300 L446 372" strokeOpacity="0.35" />
      <path d="M10 300 H590 M300 10 V590" strokeOpacity="0.08" />
    </Art>
  )
}

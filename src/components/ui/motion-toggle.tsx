import styled from "styled-components"
import { theme } from "../../styles/theme"
import { screenOnly } from "../../styles/print"
import { useFormat } from "../../i18n/format"

const Button = styled.button`
  display: inline-flex;
  align-items: center;
  gap: ${theme.space[1]};
  min-height: ${theme.layout.touchTarget};
  padding: 0 ${theme.space[1]};
  border: 0;
  background: transparent;
  color: inherit;
  font: inherit;
  font-size: ${theme.fontSize.label};
  letter-spacing: ${theme.letterSpacing.label};
  text-transform: uppercase;
  cursor: pointer;

  svg {
    width: ${theme.layout.iconSmall};
  }

  &[hidden] {
    display: none;
  }

  /* Nothing moves under reduced motion, so there is nothing to pause. */
  ${theme.media.reducedMotion} {
    display: none;
  }

  ${screenOnly}
`

interface MotionToggleProps {
  paused: boolean
  onToggle: () => void
  /** What the button pauses, for screen readers, e.g. "industry strip". */
  target: string
  /** The button's words while the motion plays, and while it is paused (the site settings' labels). */
  labels: { pauseMotion: string; playMotion: string }
  className?: string
  hidden?: boolean
}

/** Pauses or plays a piece of continuous motion (WCAG 2.2.2). */
export function MotionToggle({ paused, onToggle, target, labels, className, hidden }: MotionToggleProps) {
  const label = paused ? labels.playMotion : labels.pauseMotion
  const format = useFormat()
  return (
    <Button
      type="button"
      className={className}
      onClick={onToggle}
      aria-label={format.labelled(label, target)}
      hidden={hidden}
    >
      <svg viewBox="0 0 16 16" fill="currentColor" aria-hidden="true" focusable="false">
        {paused ? <path d="M4 2.5v11l9-5.5z" /> : <path d="M4 2.5h3v11H4zM9 2.5h3v11H9z" />}
      </svg>
      {label}
    </Button>
  )
}

import styled from "styled-components"
import type { Tone } from "./section"
import { theme } from "../../styles/theme"

const List = styled.ul<{ $tone: Tone }>`
  display: flex;
  flex-wrap: wrap;
  gap: ${theme.space[1]};
  list-style: none;

  li {
    padding: ${theme.space.half} ${theme.space[1]};
    border: ${theme.border.hairline} solid
      ${({ $tone }) => ($tone === "dark" ? theme.color.hairlineOnDark : theme.color.hairlineOnLight)};
    border-radius: ${theme.radius.pill};
    font-size: ${theme.fontSize.label};
    letter-spacing: ${theme.letterSpacing.tag};
    color: ${({ $tone }) => ($tone === "dark" ? theme.color.mutedOnDark : theme.color.mutedOnLight)};
  }
`

/** Short labels such as application, feature and expertise tags. */
export function TagList({ tags, tone = "light", label }: { tags: readonly string[]; tone?: Tone; label: string }) {
  return (
    <List $tone={tone} aria-label={label}>
      {tags.map((tag) => (
        <li key={tag}>{tag}</li>
      ))}
    </List>
  )
}

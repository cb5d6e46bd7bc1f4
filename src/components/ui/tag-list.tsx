import styled from "styled-components"
import type { Tone } from "./section"

const List = styled.ul<{ $tone: Tone }>`
  display: flex;
  flex-wrap: wrap;
  gap: ${({ theme }) => theme.space[1]};
  list-style: none;

  li {
    padding: ${({ theme }) => theme.space.half} ${({ theme }) => theme.space[1]};
    border: ${({ theme }) => theme.border.hairline} solid
      ${({ theme, $tone }) => ($tone === "dark" ? theme.color.hairlineOnDark : theme.color.hairlineOnLight)};
    border-radius: ${({ theme }) => theme.radius.pill};
    font-size: ${({ theme }) => theme.fontSize.label};
    letter-spacing: ${({ theme }) => theme.letterSpacing.tag};
    color: ${({ theme, $tone }) => ($tone === "dark" ? theme.color.mutedOnDark : theme.color.mutedOnLight)};
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

import type React from "react"
import { VisuallyHidden } from "./visually-hidden"

type ExternalLinkProps = Omit<React.AnchorHTMLAttributes<HTMLAnchorElement>, "target" | "rel"> & {
  href: string
  /** Said to screen readers after the link's text: "opens in a new window". */
  newWindowLabel: string
}

/** A link that leaves the site: new window, no opener, and says so to screen readers. */
export function ExternalLink({ children, newWindowLabel, ...props }: ExternalLinkProps) {
  return (
    <a {...props} target="_blank" rel="noopener noreferrer">
      {children}
      <VisuallyHidden> ({newWindowLabel})</VisuallyHidden>
    </a>
  )
}

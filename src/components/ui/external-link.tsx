import type React from "react"
import { useSiteSettings } from "../../hooks/use-site-settings"
import { VisuallyHidden } from "./visually-hidden"

type ExternalLinkProps = Omit<React.AnchorHTMLAttributes<HTMLAnchorElement>, "target" | "rel"> & {
  href: string
}

/** A link that leaves the site: new window, no opener, and says so to screen readers. */
export function ExternalLink({ children, ...props }: ExternalLinkProps) {
  const { settings } = useSiteSettings()
  return (
    <a {...props} target="_blank" rel="noopener noreferrer">
      {children}
      <VisuallyHidden> ({settings.newWindowLabel})</VisuallyHidden>
    </a>
  )
}

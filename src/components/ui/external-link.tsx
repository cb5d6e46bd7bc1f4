import type React from "react"
import { VisuallyHidden } from "./visually-hidden"

type ExternalLinkProps = Omit<React.AnchorHTMLAttributes<HTMLAnchorElement>, "target" | "rel"> & {
  href: string
  /** Said to screen readers after the link's text: "opens in a new window". */
  newWindowLabel: string
  /**
   * The link goes through an address of the site that the host redirects (model/routes.ts,
   * SCHEDULER_PATH): the site's host learns the page it was followed from, the page elsewhere does
   * not (`referrerpolicy="same-origin"` holds through the redirect).
   */
  throughSite?: boolean
}

/** A link that leaves the site: new window, no opener, and says so to screen readers. */
export function ExternalLink({ children, newWindowLabel, throughSite = false, ...props }: ExternalLinkProps) {
  return (
    <a
      {...props}
      target="_blank"
      rel={throughSite ? "noopener" : "noopener noreferrer"}
      referrerPolicy={throughSite ? "same-origin" : undefined}
    >
      {children}
      <VisuallyHidden> ({newWindowLabel})</VisuallyHidden>
    </a>
  )
}

import type React from "react"
import { VisuallyHidden } from "./visually-hidden"

type ExternalLinkProps = Omit<React.AnchorHTMLAttributes<HTMLAnchorElement>, "target" | "rel"> & {
  href: string
  /** Said to screen readers after the link's text: "opens in a new window". */
  newWindowLabel: string
  /**
   * Where the link leads when `href` is an address of the site that the host redirects there
   * (model/routes.ts, SCHEDULER_PATH): the site's host learns the page it was followed from, the page
   * elsewhere does not (`referrerpolicy="same-origin"` holds through the redirect); a printed page
   * shows this address.
   */
  leadsTo?: string
}

/** A link that leaves the site: new window, no opener, and says so to screen readers. */
export function ExternalLink({ children, newWindowLabel, leadsTo, ...props }: ExternalLinkProps) {
  return (
    <a
      {...props}
      target="_blank"
      rel={leadsTo ? "noopener" : "noopener noreferrer"}
      referrerPolicy={leadsTo ? "same-origin" : undefined}
      data-leads-to={leadsTo}
    >
      {children}
      <VisuallyHidden> ({newWindowLabel})</VisuallyHidden>
    </a>
  )
}

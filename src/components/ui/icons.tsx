import type React from "react"

type IconProps = { className?: string; title?: string }

function Svg({ className, title, children }: IconProps & { children: React.ReactNode }) {
  return (
    <svg
      className={className}
      viewBox="0 0 48 48"
      fill="none"
      stroke="currentColor"
      strokeWidth="1.25"
      strokeLinecap="round"
      strokeLinejoin="round"
      role={title ? "img" : undefined}
      aria-hidden={title ? undefined : true}
      focusable="false"
    >
      {title ? <title>{title}</title> : null}
      {children}
    </svg>
  )
}

const CASE_ICON_PATHS: Record<string, React.ReactNode> = {
  bag: (
    <>
      <path d="M10 17h28l-2.5 23h-23z" />
      <path d="M18 17v-3a6 6 0 0 1 12 0v3" />
    </>
  ),
  bed: (
    <>
      <path d="M6 36V14M6 28h36v8M42 28v-6a4 4 0 0 0-4-4H22v10" />
      <circle cx="14" cy="22" r="3.5" />
    </>
  ),
  glass: (
    <>
      <path d="M16 6h16c0 10-2.5 18-8 18s-8-8-8-18z" />
      <path d="M24 24v16M17 42h14M16.6 13h14.8" />
    </>
  ),
  ship: (
    <>
      <path d="M6 32h36l-5 9H11z" />
      <path d="M12 32v-8h24v8M17 24v-6h14v6M24 18v-8" />
    </>
  ),
  building: (
    <>
      <path d="M10 42V10l14-4v36M24 16h14v26M6 42h36" />
      <path d="M15 16h4M15 23h4M15 30h4M29 23h4M29 30h4" />
    </>
  ),
  watch: (
    <>
      <circle cx="24" cy="24" r="11" />
      <path d="M18 14.5 19.5 5h9l1.5 9.5M18 33.5 19.5 43h9l1.5-9.5M24 18v6l4 3" />
    </>
  ),
}

/** The line icon of a case study, by the name given in its content file. */
export function CaseIcon({ name, ...props }: IconProps & { name: string }) {
  return <Svg {...props}>{CASE_ICON_PATHS[name] ?? CASE_ICON_PATHS.bag}</Svg>
}

/** Stands in for a team member's portrait when the photo is missing or fails to load. */
export function PersonIcon(props: IconProps) {
  return (
    <Svg {...props}>
      <circle cx="24" cy="18" r="7" />
      <path d="M10 41c1.5-8 7-12 14-12s12.5 4 14 12" />
    </Svg>
  )
}

export function ArrowIcon(props: IconProps) {
  return (
    <Svg {...props}>
      <path d="M8 24h31M29 14l10 10-10 10" />
    </Svg>
  )
}

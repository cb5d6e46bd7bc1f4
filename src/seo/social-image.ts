/** Where the build writes each page's 1200 x 630 sharing image (see build-steps/post-build/social-images.ts). */
export const SOCIAL_IMAGE_SIZE = { width: 1200, height: 630 } as const

export const SOCIAL_IMAGE_DIR = "og"

/** "/" -> /og/home.png, "/case-studies/watches/" -> /og/case-studies-watches.png */
export function socialImagePath(pathname: string): string {
  const name = pathname.replace(/^\/|\/$/g, "").replace(/\//g, "-") || "home"
  return `/${SOCIAL_IMAGE_DIR}/${name}.png`
}

/**
 * `gatsby-plugin-image` in the admin script (cms/bundle.ts). On the site, photos are
 * processed at build time; in the preview an uploaded photo is only a URL, which the preview wraps in
 * the same image data (previewPhoto in cms/app/templates.tsx). GatsbyImage draws it the way the site's image fills its
 * frame: cover, full size, the main image marked as gatsby-plugin-image marks it.
 */
import type { CSSProperties, ReactEventHandler } from "react"
import type { IGatsbyImageData } from "gatsby-plugin-image"

const COVER: CSSProperties = { objectFit: "cover", width: "100%", height: "100%" }

interface GatsbyImageProps {
  image: IGatsbyImageData
  alt: string
  className?: string
  onError?: ReactEventHandler<HTMLImageElement>
}

export function GatsbyImage({ image, alt, className, onError }: GatsbyImageProps) {
  return (
    <img
      className={className}
      src={image.images.fallback?.src}
      alt={alt}
      width={image.width}
      height={image.height}
      style={COVER}
      data-main-image=""
      onError={onError}
    />
  )
}

export const getImage = (data: IGatsbyImageData | null | undefined): IGatsbyImageData | undefined => data ?? undefined

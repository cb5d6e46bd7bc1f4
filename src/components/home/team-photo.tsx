import type { IGatsbyImageData } from "gatsby-plugin-image"
import { useEffect, useRef, useState } from "react"
import styled from "styled-components"
import { useSiteSettings } from "../../hooks/use-site-settings"
import { PersonIcon } from "../ui/icons"
import { theme } from "../../styles/theme"

const Frame = styled.div`
  position: relative;
  aspect-ratio: 4 / 5;
  overflow: hidden;
  background: ${theme.color.inkRaised};
  color: ${theme.color.goldLight};
`

const Fallback = styled.div`
  display: grid;
  place-items: center;
  height: 100%;

  svg {
    width: ${theme.layout.iconLarge};
  }
`

const Img = styled.img`
  display: block;
  width: 100%;
  height: 100%;
  object-fit: cover;
`

/**
 * gatsby-plugin-image's sizes and formats (AVIF, WebP, JPEG) as the browser's own <picture>, lazily
 * loaded and decoded off the main thread. Its GatsbyImage component would add nothing a portrait in
 * a fixed frame needs (the frame holds the space, its ink stands in until the photo arrives), but it
 * hydrates each image with react-dom/server, 21 kB of script fetched on the home page's first load.
 */
function Picture({ image, alt }: { image: IGatsbyImageData; alt: string }) {
  const { sources = [], fallback } = image.images
  return (
    <picture>
      {sources.map((source) => (
        <source key={source.type} type={source.type} srcSet={source.srcSet} sizes={source.sizes} />
      ))}
      <Img
        src={fallback?.src}
        srcSet={fallback?.srcSet}
        sizes={fallback?.sizes}
        width={image.width}
        height={image.height}
        alt={alt}
        loading="lazy"
        decoding="async"
      />
    </picture>
  )
}

interface TeamPhotoProps {
  image: IGatsbyImageData | null | undefined
  /** What the photo shows, written with the photo. */
  alt: string
  name: string
}

/** The member's portrait, or a person icon when the file is missing or the image fails to load. */
export function TeamPhoto({ image, alt, name }: TeamPhotoProps) {
  const settings = useSiteSettings()
  const [failed, setFailed] = useState(false)
  const frame = useRef<HTMLDivElement>(null)

  // A portrait that fails to load shows the icon: its error event (an <img>'s does not bubble, so
  // it is caught on the way down), or, for one that failed before hydration, its state.
  useEffect(() => {
    const node = frame.current
    if (!node) return undefined
    const onError = (event: Event) => {
      if (event.target instanceof HTMLImageElement) setFailed(true)
    }
    node.addEventListener("error", onError, true)
    const img = node.querySelector("img")
    if (img?.complete && img.naturalWidth === 0 && img.currentSrc) setFailed(true)
    return () => node.removeEventListener("error", onError, true)
  }, [])

  return (
    <Frame ref={frame} data-testid="team-photo">
      {image && !failed ? (
        <Picture image={image} alt={alt} />
      ) : (
        <Fallback role="img" aria-label={`${name}, ${settings.labels.noPhoto}`}>
          <PersonIcon />
        </Fallback>
      )}
    </Frame>
  )
}

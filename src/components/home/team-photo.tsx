import { GatsbyImage, type IGatsbyImageData } from "gatsby-plugin-image"
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

const Image = styled(GatsbyImage)`
  width: 100%;
  height: 100%;
`

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

  // gatsby-plugin-image writes its <img> outside React's event system and only reports decode
  // failures, so network errors are caught here, including one that happened before hydration.
  useEffect(() => {
    const node = frame.current
    if (!node) return undefined
    const onError = (event: Event) => {
      if (event.target instanceof HTMLImageElement) setFailed(true)
    }
    node.addEventListener("error", onError, true)
    const img = node.querySelector<HTMLImageElement>("img[data-main-image]")
    if (img?.complete && img.naturalWidth === 0 && img.currentSrc) setFailed(true)
    return () => node.removeEventListener("error", onError, true)
  }, [])

  return (
    <Frame ref={frame} data-testid="team-photo">
      {image && !failed ? (
        <Image image={image} alt={alt} onError={() => setFailed(true)} />
      ) : (
        <Fallback role="img" aria-label={`${name}, ${settings.labels.noPhoto}`}>
          <PersonIcon />
        </Fallback>
      )}
    </Frame>
  )
}

// @vitest-environment jsdom
import { fireEvent, render, screen } from "@testing-library/react"
import type { IGatsbyImageData } from "gatsby-plugin-image"
import { describe, expect, it } from "vitest"
import { TeamPhoto } from "../../src/components/home/team-photo"

const image: IGatsbyImageData = {
  layout: "constrained",
  width: 360,
  height: 450,
  images: {
    fallback: { src: "/static/portrait.jpg", srcSet: "/static/portrait.jpg 360w", sizes: "360px" },
    sources: [
      { type: "image/avif", srcSet: "/static/portrait.avif 360w", sizes: "360px" },
      { type: "image/webp", srcSet: "/static/portrait.webp 360w", sizes: "360px" },
    ],
  },
}

describe("TeamPhoto", () => {
  it("shows the portrait when there is one, described as its entry describes it", () => {
    render(<TeamPhoto image={image} alt="Hélène Marchand in the Geneva office" name="Hélène Marchand" />)
    expect(screen.getByAltText("Hélène Marchand in the Geneva office")).toBeInTheDocument()
    expect(screen.queryByRole("img", { name: /no photo available/ })).not.toBeInTheDocument()
  })

  it("offers the smaller formats first, at the frame's size, loaded only near the screen", () => {
    render(<TeamPhoto image={image} alt="Hélène Marchand in the Geneva office" name="Hélène Marchand" />)
    const img = screen.getByAltText("Hélène Marchand in the Geneva office")
    const sources = [...img.closest("picture")!.querySelectorAll("source")]
    expect(sources.map((source) => [source.type, source.getAttribute("srcset")])).toEqual([
      ["image/avif", "/static/portrait.avif 360w"],
      ["image/webp", "/static/portrait.webp 360w"],
    ])
    expect(img).toHaveAttribute("src", "/static/portrait.jpg")
    expect(img).toHaveAttribute("width", "360")
    expect(img).toHaveAttribute("height", "450")
    expect(img).toHaveAttribute("loading", "lazy")
  })

  it("shows the person icon when the photo file is missing", () => {
    render(<TeamPhoto image={null} alt="Monogram portrait of Léo Bernasconi" name="Léo Bernasconi" />)
    expect(screen.getByRole("img", { name: "Léo Bernasconi, no photo available" })).toBeInTheDocument()
  })

  it("swaps to the person icon when the image fails to load", () => {
    render(<TeamPhoto image={image} alt="Monogram portrait of Amara Okafor" name="Amara Okafor" />)
    fireEvent.error(screen.getByAltText("Monogram portrait of Amara Okafor"))
    expect(screen.getByRole("img", { name: "Amara Okafor, no photo available" })).toBeInTheDocument()
    expect(screen.queryByAltText("Monogram portrait of Amara Okafor")).not.toBeInTheDocument()
  })
})

/**
 * Sharing images are drawn once per drawing: a build copies an unchanged page's image from the cache
 * and redraws only the pages whose title changed, and the cache keeps only what the pages use.
 */
import fs from "node:fs"
import os from "node:os"
import path from "node:path"
import { describe, expect, it } from "vitest"
import { socialImagePng, socialImageSvg } from "../../build-steps/brand-art"
import { writeSocialImages } from "../../build-steps/post-build/social-images"
import { FileMemo } from "../../build-steps/post-build/file-memo"

const SITE = "https://aurelle-intelligence.ch"

describe("the sharing images", () => {
  it("are drawn for new or changed titles only, and the same as drawn directly", async () => {
    const root = fs.mkdtempSync(path.join(os.tmpdir(), "social-"))
    const cache = path.join(root, "cache")
    const file = (name: string) => path.join(root, "public", "og", `${name}.png`)
    const draw = (title: string) => socialImageSvg(title, SITE)
    const drawings = (wine: string) =>
      new Map([
        [file("wine"), wine],
        [file("hotels"), "Hotels & Resorts"],
      ])
    expect(await writeSocialImages(drawings("Wine & Spirits"), draw, cache)).toBe(2)
    expect(fs.readFileSync(file("wine"))).toEqual(await socialImagePng(socialImageSvg("Wine & Spirits", SITE)))

    // Nothing changed: nothing drawn (no drawing written to the cache again), the images still in place.
    const cached = () =>
      fs
        .readdirSync(cache)
        .sort()
        .map((name) => {
          const { ino, mtimeMs } = fs.statSync(path.join(cache, name))
          return `${name} ${ino} ${mtimeMs}`
        })
    const before = cached()
    fs.rmSync(path.join(root, "public"), { recursive: true })
    expect(await writeSocialImages(drawings("Wine & Spirits"), draw, cache)).toBe(0)
    expect(cached()).toEqual(before)
    expect(fs.existsSync(file("hotels"))).toBe(true)

    // One title changed: one image drawn, the old drawing gone from the cache.
    expect(await writeSocialImages(drawings("Grand Cru Allocations"), draw, cache)).toBe(1)
    expect(fs.readFileSync(file("wine"))).toEqual(await socialImagePng(socialImageSvg("Grand Cru Allocations", SITE)))
    expect(fs.readdirSync(cache)).toHaveLength(2)
  })

  it("with a memo, leave an image in place for the same title without drawing it again", async () => {
    const root = fs.mkdtempSync(path.join(os.tmpdir(), "social-"))
    const cache = path.join(root, "cache")
    const memoAt = path.join(root, "og.json")
    const wine = path.join(root, "public", "og", "wine.png")
    let drawings = 0
    const draw = (title: string) => {
      drawings += 1
      return socialImageSvg(title, SITE)
    }
    await writeSocialImages(new Map([[wine, "Wine & Spirits"]]), draw, cache, new FileMemo(memoAt, "v1"))
    const image = fs.readFileSync(wine)
    await writeSocialImages(new Map([[wine, "Wine & Spirits"]]), draw, cache, new FileMemo(memoAt, "v1"))
    expect(drawings).toBe(1)
    expect(fs.readFileSync(wine)).toEqual(image)
    // The image's drawing stays in the cache while a page uses it.
    expect(fs.readdirSync(cache)).toHaveLength(1)
    await writeSocialImages(new Map([[wine, "Grand Cru Allocations"]]), draw, cache, new FileMemo(memoAt, "v1"))
    expect(drawings).toBe(2)
    expect(fs.readFileSync(wine)).toEqual(await socialImagePng(socialImageSvg("Grand Cru Allocations", SITE)))
  })
})

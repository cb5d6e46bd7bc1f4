/**
 * The web app manifest, its icons and the favicon, written once Gatsby has bootstrapped (under
 * `gatsby develop` too) from src/images/icon.png and the English site settings; gatsby-ssr.tsx writes
 * the head tags that name them. The same files as gatsby-plugin-manifest's, without its browser code,
 * which every page's first load carried for a route hook the site never needs.
 */
import type { ParentSpanPluginArgs } from "gatsby"
import fs from "node:fs"
import path from "node:path"
import sharp from "sharp"
import { DEFAULT_LOCALE } from "../model/locales"
import { theme } from "../src/styles/theme"
import { CONTENT_DIR } from "../build-steps/paths"
import { FAVICON_PATH, ICON_SOURCE, MANIFEST_PATH, iconVersion } from "./manifest-head"
import { publicDirectory } from "../build-steps/gatsby-internals"
import { readSiteSettings } from "../lib/site-settings"

const FAVICON_SIZE = 32
const ICON_SIZES = [48, 72, 96, 144, 192, 256, 384, 512]

interface Settings {
  name: string
  shortName: string
  description: string
}

export function webManifest(settings: Settings, version: string) {
  return {
    name: settings.name,
    short_name: settings.shortName,
    description: settings.description,
    lang: DEFAULT_LOCALE,
    start_url: "/",
    display: "browser",
    background_color: theme.color.ink,
    theme_color: theme.color.ink,
    icons: ICON_SIZES.map((size) => ({
      src: `icons/icon-${size}x${size}.png?v=${version}`,
      sizes: `${size}x${size}`,
      type: "image/png",
    })),
  }
}

/** The icon at a size, centred on transparency if it is not square. */
const resized = (size: number) =>
  sharp(ICON_SOURCE, { density: size }).resize({
    width: size,
    height: size,
    fit: "contain",
    background: { r: 255, g: 255, b: 255, alpha: 0 },
  })

export async function writeWebManifest({ store }: ParentSpanPluginArgs): Promise<void> {
  const publicDir = publicDirectory(store)
  const settings = readSiteSettings(CONTENT_DIR)
  fs.mkdirSync(path.join(publicDir, "icons"), { recursive: true })
  await Promise.all([
    ...ICON_SIZES.map((size) =>
      resized(size)
        .png()
        .toFile(path.join(publicDir, "icons", `icon-${size}x${size}.png`)),
    ),
    resized(FAVICON_SIZE).png().toFile(path.join(publicDir, FAVICON_PATH)),
  ])
  fs.writeFileSync(path.join(publicDir, MANIFEST_PATH), JSON.stringify(webManifest(settings, iconVersion())))
}

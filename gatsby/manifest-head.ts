/**
 * Where the web app manifest and the favicon are, and their version, for the head tags every page
 * carries (gatsby-ssr.tsx) and the files written after the build (web-manifest.ts).
 */
import crypto from "node:crypto"
import fs from "node:fs"
import path from "node:path"

export const ICON_SOURCE = path.resolve(__dirname, "../src/images/icon.png")
export const MANIFEST_PATH = "/manifest.webmanifest"
export const FAVICON_PATH = "/favicon-32x32.png"

/** Changes whenever the icon does, so browsers fetch the new one: ?v=<md5 of the icon>. */
export const iconVersion = (): string => crypto.createHash("md5").update(fs.readFileSync(ICON_SOURCE)).digest("hex")

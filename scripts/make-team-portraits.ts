/**
 * Draws the team's portrait cards: a monogram on a grained ink gradient with fine gold line work.
 * The site has no photography; these images stand in for it and are committed under
 * content/images/team/. Run again with `npx tsx scripts/make-team-portraits.ts` after adding a member.
 */
import fs from "node:fs"
import path from "node:path"
import sharp from "sharp"
import { aboutSchema } from "../model/schemas"

const WIDTH = 960
const HEIGHT = 1200

const about = aboutSchema.parse(JSON.parse(fs.readFileSync("content/home/about.json", "utf8")))

function initials(name: string): string {
  return name
    .split(/\s+/)
    .map((part) => part.charAt(0))
    .join("")
    .toUpperCase()
}

function portrait(name: string, index: number): string {
  const hueShift = [0, 14, -10, 6][index % 4]
  const angle = 20 + index * 35
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${WIDTH}" height="${HEIGHT}" viewBox="0 0 ${WIDTH} ${HEIGHT}">
  <defs>
    <linearGradient id="ground" gradientTransform="rotate(${angle} 0.5 0.5)">
      <stop offset="0" stop-color="#17191F"/>
      <stop offset="0.55" stop-color="#0E0F13"/>
      <stop offset="1" stop-color="hsl(${38 + hueShift} 22% 16%)"/>
    </linearGradient>
    <radialGradient id="glow" cx="0.5" cy="0.42" r="0.55">
      <stop offset="0" stop-color="#B8975A" stop-opacity="0.22"/>
      <stop offset="1" stop-color="#B8975A" stop-opacity="0"/>
    </radialGradient>
    <filter id="grain">
      <feTurbulence type="fractalNoise" baseFrequency="0.9" numOctaves="2" seed="${index + 3}"/>
      <feColorMatrix values="0 0 0 0 1  0 0 0 0 1  0 0 0 0 1  0 0 0 0.07 0"/>
    </filter>
  </defs>
  <rect width="100%" height="100%" fill="url(#ground)"/>
  <rect width="100%" height="100%" fill="url(#glow)"/>
  <rect width="100%" height="100%" filter="url(#grain)"/>
  <g fill="none" stroke="#B8975A" stroke-opacity="0.55" stroke-width="1.5">
    <circle cx="480" cy="500" r="250"/>
    <circle cx="480" cy="500" r="268" stroke-opacity="0.25"/>
    <path d="M120 ${980 - index * 20} C 360 ${900 - index * 30}, 600 ${1060 - index * 10}, 840 ${960 - index * 25}" stroke-opacity="0.35"/>
  </g>
  <text x="480" y="500" dy="0.35em" text-anchor="middle" font-family="DejaVu Serif, Liberation Serif, serif"
    font-size="200" letter-spacing="12" fill="#D4B77C">${initials(name)}</text>
  <line x1="400" y1="1080" x2="560" y2="1080" stroke="#B8975A" stroke-opacity="0.6" stroke-width="1.5"/>
</svg>`
}

async function main() {
  for (const [index, member] of about.members.entries()) {
    const target = path.resolve("content/home", member.photo)
    fs.mkdirSync(path.dirname(target), { recursive: true })
    await sharp(Buffer.from(portrait(member.name, index)))
      .jpeg({ quality: 82, mozjpeg: true })
      .toFile(target)
    console.log(`wrote ${path.relative(process.cwd(), target)}`)
  }
}

void main()

/**
 * The team card's photo, in pixels and bytes: what the card shows it at (src/components/home/team-card.tsx),
 * the least a photo needs for sharp screens, and the most one is kept at (what the CMS's upload and
 * `npm run photos:clean` make, what the content check allows).
 */

/** The card shows a portrait at 360 x 450 px, 4:5. */
export const TEAM_PHOTO_RATIO = "4:5"

/** Twice what the card shows, for sharp screens. */
export const TEAM_PHOTO_MIN = { width: 720, height: 900 } as const

/** Four times what the card shows, room for sharper screens and a later crop; its bytes, bounded. */
export const TEAM_PHOTO_MAX = { width: 1440, height: 1800, bytes: 2 * 1024 * 1024 } as const

/** The quality the upload and the clean-up encode a JPEG at (of 100). */
export const TEAM_PHOTO_QUALITY = 82

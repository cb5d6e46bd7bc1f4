/** The spec's behaviour constants (the product specification, section 9), each named once and used in one place. */

/** The header turns opaque once the page is scrolled further than this. */
export const HEADER_OPAQUE_AFTER_PX = 50

/** A section counts as "in view" once its top is within this distance of the viewport top. */
export const ACTIVE_SECTION_OFFSET_PX = 100

/** Coming from another page, a section link first goes home, then scrolls after this delay. */
export const CROSS_PAGE_SCROLL_DELAY_MS = 100

/** The hero's industry word changes this often. */
export const HERO_ROTATION_MS = 2000

/** The industries strip always shows exactly this many chips. */
export const INDUSTRY_CHIP_COUNT = 12

/** Longest title search results show whole (and html-validate's `long-title` limit). */
export const TITLE_MAX_LENGTH = 70

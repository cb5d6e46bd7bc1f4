/**
 * Photos as a phone or an editor's tool writes them, made here with sharp (the photo tests and the CMS's
 * upload journey read them): a portrait noisy enough to weigh what a photograph weighs, and a phone's
 * JPEG of it carrying where it was taken, the phone, its owner and when, turned a quarter.
 */
import sharp from "sharp"

/** A portrait of `width` x `height`. */
export const portrait = (width = 960, height = 1200) =>
  sharp({ create: { width, height, channels: 3, background: { r: 120, g: 96, b: 80 } } })

/** A phone's EXIF: where it was taken, the phone, its owner, when. */
export const PHONE_EXIF = {
  IFD0: { Make: "Apple", Model: "iPhone 15 Pro", Artist: "Hélène Marchand" },
  IFD2: { DateTimeOriginal: "2026:11:30 14:02:11" },
  IFD3: { GPSLatitudeRef: "N", GPSLatitude: "46/1 12/1 3086/100", GPSLongitudeRef: "E", GPSLongitude: "6/1 8/1 5/1" },
}

/** As a phone writes it: its EXIF, a quarter turn to make (orientation 6), its colour profile. */
export const phone = (image: sharp.Sharp) => image.jpeg().withMetadata({ orientation: 6 }).withExifMerge(PHONE_EXIF)

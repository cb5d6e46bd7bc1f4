/**
 * What a team photo carries besides its picture, on files made here with sharp as a phone or an
 * editor's tool writes them (build-steps/content/photo-metadata.ts, photos.ts): the place, the
 * camera and a name are named and refused, a colour profile is part of the picture, a photo of 25 MB
 * is refused on its size; `npm run photos:clean` leaves the picture alone (scripts/photos-clean.ts);
 * the content check and the build refuse a photo committed by hand with GPS, naming it.
 */
import fs from "node:fs"
import os from "node:os"
import path from "node:path"
import sharp from "sharp"
import { afterEach, describe, expect, it, vi } from "vitest"
import { carriedMetadata } from "../../build-steps/content/photo-metadata"
import { photoMetadata, photoProblem, photoRefusal } from "../../build-steps/content/photos"
import { TEAM_PHOTO_MAX } from "../../model/team-photo"
import { imagePath } from "../../model/fields"
import { validateContent } from "../../build-steps/content/validate"
import { buildContext } from "../../build-steps/context"
import { assertValidContent } from "../../gatsby/assert-valid-content"
import { cleanPhoto } from "../../scripts/photos-clean"
import { contentFixture } from "./fixture"
import { phone, portrait } from "../support/phone-photo"

const folders: string[] = []
afterEach(() => {
  for (const folder of folders.splice(0)) fs.rmSync(folder, { recursive: true, force: true })
})
function folder(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "aurelle-photo-"))
  folders.push(dir)
  return dir
}

const XMP = `<?xpacket begin="" id="W5M0MpCehiHzreSzNTczkc9d"?><x:xmpmeta xmlns:x="adobe:ns:meta/"><rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#"><rdf:Description xmlns:dc="http://purl.org/dc/elements/1.1/"><dc:creator><rdf:Seq><rdf:li>Hélène Marchand</rdf:li></rdf:Seq></dc:creator></rdf:Description></rdf:RDF></x:xmpmeta><?xpacket end="w"?>`

const written = async (image: sharp.Sharp, name: string) => {
  const file = path.join(folder(), name)
  await image.toFile(file)
  return file
}

describe("what a photo carries besides its picture", () => {
  it("names the place, the camera, a person's name and the time in a phone's EXIF, and refuses it", async () => {
    const file = await written(phone(portrait()), "phone.jpg")
    const carried = await photoMetadata(file)
    expect(carried.blocks).toEqual(["EXIF"])
    expect(carried.carries.sort()).toEqual(
      [
        "the place it was taken (GPS)",
        "the camera (make, model or serial number)",
        "a person's name (author, owner or copyright)",
        "when it was taken",
      ].sort(),
    )
    expect(photoRefusal(fs.statSync(file).size, carried, "content/images/team/phone.jpg")).toMatch(
      /^carries EXIF besides its picture: .*the place it was taken \(GPS\).*; npm run photos:clean content\/images\/team\/phone\.jpg keeps the picture alone$/,
    )
  })

  it("reads an XMP packet's creator, and an EXIF block it cannot parse as one it cannot read", async () => {
    const file = await written(portrait().jpeg().withXmp(XMP), "edited.jpg")
    expect(await photoMetadata(file)).toEqual({
      blocks: ["XMP"],
      carries: ["a person's name (author, owner or copyright)"],
    })
    expect(carriedMetadata({ exif: Buffer.from("Exif\0\0MM\0*\0\0\0\xff", "latin1") })).toEqual({
      blocks: ["EXIF that cannot be read"],
      carries: [],
    })
    // An orientation alone tells nothing of anyone, but is still more than the picture.
    const turned = carriedMetadata(await sharp(await portrait().jpeg().withExif({ IFD0: { Orientation: "1" } }).toBuffer()).metadata())
    expect(turned).toEqual({ blocks: ["EXIF"], carries: [] })
  })

  it("keeps a photo with a colour profile, or a plain PNG; refuses one of 25 MB on its size", async () => {
    for (const file of [
      await written(portrait().jpeg().withIccProfile("p3"), "p3.jpg"),
      await written(portrait().png(), "plain.png"),
    ]) {
      const carried = await photoMetadata(file)
      expect(carried, file).toEqual({ blocks: [], carries: [] })
      expect(photoRefusal(fs.statSync(file).size, carried, file)).toBeUndefined()
    }
    expect(photoRefusal(25 * 1024 * 1024, { blocks: [], carries: [] }, "content/images/team/big.jpg")).toBe(
      `is 25.0 MB; a team photo may take 2.0 MB at most; npm run photos:clean content/images/team/big.jpg makes it ${TEAM_PHOTO_MAX.width} x ${TEAM_PHOTO_MAX.height} pixels at most`,
    )
  })

  it("says a HEIC it cannot decode cannot be read, rather than guessing what it carries", async () => {
    const file = path.join(folder(), "portrait.heic")
    // An ISO media file's first box, as an iPhone writes it, and no picture sharp can decode.
    fs.writeFileSync(file, Buffer.concat([Buffer.from([0, 0, 0, 24]), Buffer.from("ftypheic\0\0\0\0mif1heic")]))
    expect(await photoProblem(file)).toMatch(/^is not an image that can be read/)
    expect(await photoMetadata(file)).toEqual({ blocks: [], carries: [] })
    await expect(cleanPhoto(file)).rejects.toThrow(`${file} is not an image that can be read`)
    // Named in an entry (an upload the browser could not turn into a JPEG), it is refused at its field.
    expect(imagePath().safeParse("../images/team/portrait.heic").error?.issues[0].message).toBe(
      "expected a path to a .jpg, .png, .webp or .avif file (a phone's HEIC photo: export it as JPEG first)",
    )
  })
})

describe("npm run photos:clean", () => {
  it("leaves the picture alone: upright, in sRGB, bounded, with no metadata, in place", async () => {
    const file = await written(phone(portrait(1800, 2400)).withXmp(XMP), "phone.jpg")
    const cleaned = await cleanPhoto(file)
    expect(cleaned.before.blocks).toEqual(["EXIF", "XMP"])
    const after = await sharp(file).metadata()
    // Stored 1800 x 2400 with a quarter turn to make: it stands as the camera meant it, 2400 x 1800,
    // brought within the bound, its orientation no longer needed.
    expect({ width: after.width, height: after.height, orientation: after.orientation }).toEqual({
      width: TEAM_PHOTO_MAX.width,
      height: TEAM_PHOTO_MAX.width * (1800 / 2400),
      orientation: undefined,
    })
    expect({ exif: after.exif, xmp: after.xmp, iptc: after.iptc, icc: after.icc }).toEqual({
      exif: undefined,
      xmp: undefined,
      iptc: undefined,
      icc: undefined,
    })
    expect(after.space).toBe("srgb")
    expect(photoRefusal(fs.statSync(file).size, await photoMetadata(file), file)).toBeUndefined()
    expect(fs.readdirSync(path.dirname(file))).toEqual(["phone.jpg"])
  })
})

describe("a photo committed by hand", () => {
  it("is refused by the content check and by the build, naming the file and what it carries", async () => {
    const fixture = contentFixture()
    const photo = path.join(fixture.root, "images/team/julien-rochat.jpg")
    fs.writeFileSync(photo, await phone(portrait()).toBuffer())
    const { errors } = await validateContent(fixture.root)
    expect(errors).toEqual([
      {
        file: "content/images/team/julien-rochat.jpg",
        path: "",
        message: expect.stringMatching(/^carries EXIF besides its picture: .*GPS.*npm run photos:clean content\/images\/team\/julien-rochat\.jpg/),
      },
    ])
    const reporter = { info: vi.fn(), warn: vi.fn(), panicOnBuild: vi.fn() }
    await assertValidContent(buildContext(fixture.root, { now: new Date(), set: false }), reporter)
    expect(reporter.panicOnBuild).toHaveBeenCalledWith(
      expect.stringContaining("content/images/team/julien-rochat.jpg: carries EXIF besides its picture"),
    )
  })
})

/**
 * Relations and keys are declared once, in the schemas; the build's checks and the CMS's pick lists
 * follow from the declaration. Each test runs over whatever the schemas declare, so a relation added
 * later is checked here without a new test.
 */
import fs from "node:fs"
import path from "node:path"
import { describe, expect, it } from "vitest"
import type { CmsField } from "../../cms/fields"
import { cmsCollectionOf } from "../../cms/collections"
import { type PathSegment, jsonPath } from "../../model/problems"
import { keyFields, photosNamed, photosUnused, relationFields, relationTarget, valuesAt } from "../../model/relations"
import { validateContent } from "../../build-steps/content/validate"
import { configuredFields } from "../cms/decap-props"
import { contentFixture } from "./fixture"

/** One file of a content type in the fixture, as its path under content/. */
const fileOf = (root: string, location: string, kind: "single" | "folder") =>
  kind === "single" ? location : `${location}/${fs.readdirSync(path.join(root, location)).sort()[0]}`

const setAt = (data: Record<string, any>, segments: readonly PathSegment[], value: unknown) => {
  const parent = segments.slice(0, -1).reduce<any>((node, segment) => node[segment], data)
  parent[segments[segments.length - 1]] = value
}

describe("relations declared in the schemas", () => {
  it("are the industry cards' case studies", () => {
    expect(relationFields().map((field) => `${field.type.typeName}.${field.path} -> ${field.to.typeName}.${field.to.key}`)).toEqual([
      "HomeIndustries.cards.*.caseSlug -> CaseStudy.slug",
    ])
  })

  it("each stop the build when it points at nothing, naming the file, the path and what is known", async () => {
    for (const field of relationFields()) {
      const content = contentFixture()
      const relative = fileOf(content.root, field.type.location, field.type.kind)
      const file = content.read(relative)
      // Keys and relations are shared fields, set in the English document.
      const data = file.en
      const [first] = valuesAt(data, field.path)
      setAt(data, first.segments, "nowhere")
      content.write(relative, file)
      const { errors } = await validateContent(content.root)
      expect(errors.map((error) => `${error.file}: ${error.path}: ${error.message}`)).toContainEqual(
        expect.stringMatching(
          new RegExp(`^content/${relative}: en\\.${jsonPath(first.segments).replace(/[[\]]/g, "\\$&")}: no ${field.to.noun} has the .* "nowhere" \\(known: `),
        ),
      )
    }
  })

  it("each become a pick list in the CMS, over the entries pointed at", () => {
    for (const field of relationFields()) {
      // The CMS field at the relation's path: list items ("*") share their list's fields.
      let fields = configuredFields(field.type.location)
      let cmsField: CmsField | undefined
      for (const name of field.path.split(".").filter((step) => step !== "*")) {
        cmsField = fields.find((candidate) => candidate.name === name)
        fields = cmsField?.fields ?? cmsField?.field?.fields ?? []
      }
      const target = cmsCollectionOf(relationTarget(field.to).location)
      expect(cmsField, field.path).toMatchObject({
        widget: "relation",
        collection: target.collection,
        value_field: field.to.key,
        display_fields: [field.to.display],
      })
    }
  })
})

describe("keys declared in the schemas", () => {
  it("are the case studies' slugs, the industry cards' ids and the team members' slugs", () => {
    expect(keyFields().map((field) => `${field.type.typeName}.${field.path}`)).toEqual([
      "HomeIndustries.cards.*.id",
      "HomeAbout.members.*.slug",
      "CaseStudy.slug",
    ])
  })

  it("each stop the build when two entries share one", async () => {
    for (const field of keyFields()) {
      const content = contentFixture()
      if (field.path.includes("*")) {
        const relative = fileOf(content.root, field.type.location, field.type.kind)
        const file = content.read(relative)
        const data = file.en
        const [first, second] = valuesAt(data, field.path)
        setAt(data, second.segments, first.value)
        content.write(relative, file)
        const { errors } = await validateContent(content.root)
        expect(errors).toContainEqual({ file: `content/${relative}`, path: jsonPath(["en", ...second.segments]), message: expect.stringMatching(/^duplicate /) })
      } else {
        const [one, other] = fs.readdirSync(path.join(content.root, field.type.location)).sort()
        content.edit(`${field.type.location}/${other}`, (data) => setAt(data, field.path.split("."), content.read(`${field.type.location}/${one}`).en[field.path]))
        const { errors } = await validateContent(content.root)
        expect(errors).toContainEqual({
          file: `content/${field.type.location}/${other}`,
          path: `en.${field.path}`,
          message: expect.stringMatching(new RegExp(`^duplicate .*: already used by content/${field.type.location}/${one}$`)),
        })
      }
    }
  })
})

describe("the photos the content names", () => {
  const about = JSON.parse(fs.readFileSync(path.resolve(__dirname, "../../content/home/about.json"), "utf8")) as {
    en: { members: Array<{ photo: string }> }
  }

  it("are each image field's value read from its file's folder; an image none names is unused, the build's and the CMS's list", () => {
    const photos = about.en.members.map(({ photo }) => photo)
    const named = photosNamed([{ relative: "home/about.json", english: about.en }])
    expect([...named].sort()).toEqual(photos.map((photo) => photo.replace(/^\.\.\//, "")).sort())
    const images = [...named, "images/team/replaced.jpg", "images/team/a-left-behind.jpg"]
    expect(photosUnused(images, [{ relative: "home/about.json", english: about.en }])).toEqual([
      "images/team/a-left-behind.jpg",
      "images/team/replaced.jpg",
    ])
  })

  it("are none in a file of no content type, a value that is no text, or a path leaving content/", () => {
    const members = [{ photo: "../../outside.jpg" }, { photo: 7 }, { photo: "./../images/team/./b.jpg" }]
    expect([...photosNamed([{ relative: "home/about.json", english: { members } }])]).toEqual(["images/team/b.jpg"])
    expect(photosNamed([{ relative: "notes/about.json", english: about.en }]).size).toBe(0)
    expect(photosNamed([{ relative: "home/about.json", english: null }]).size).toBe(0)
  })
})

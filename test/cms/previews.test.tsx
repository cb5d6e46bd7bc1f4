// @vitest-environment jsdom
/**
 * The CMS previews (cms/app/): every content type has one, drawn with its own schema by the site's
 * own components from the saved content; an entry the build would refuse is listed, not drawn; photos
 * resolve through their field's media folder; styles go into the preview frame's document.
 */
import { render, screen, within } from "@testing-library/react"
import { beforeAll, describe, expect, it } from "vitest"
import { cmsConfig } from "../../cms/config"
import { CMS_COLLECTIONS, cmsCollectionOf } from "../../cms/collections"
import { CONTENT_TYPES } from "../../model/registry"
import { previewComponent } from "../../cms/app/preview-pane"
import { PREVIEW_TEMPLATES } from "../../cms/app/templates"
import { provideSiteData } from "../../cms/app/stand-ins/gatsby"
import { readContent, readContentFile } from "../support/content-files"
import { decapProps, savedEntry } from "./decap-props"

// In the admin script these two modules are the stand-ins of cms/app/stand-ins (cms/bundle.ts);
// `gatsby` is that stand-in in every unit test (vitest.config.ts).

// A preview draws with the site data it loaded itself, never with the unit tests' own.
beforeAll(() => provideSiteData(null))

// jsdom has no media queries; the hero and the industry strip ask whether motion is welcome.
beforeAll(() => {
  window.matchMedia = (query: string) =>
    ({
      matches: false,
      media: query,
      addEventListener: () => undefined,
      removeEventListener: () => undefined,
    }) as unknown as MediaQueryList
})

function renderPreview(location: string, data: unknown, overrides = {}, fileName?: string) {
  const Preview = previewComponent(PREVIEW_TEMPLATES[location])
  const props = decapProps(location, data, overrides, fileName)
  const view = render(<Preview {...props} />)
  return {
    ...view,
    update: (next: unknown) => view.rerender(<Preview {...decapProps(location, next, overrides, fileName)} />),
  }
}

/** The problems the preview lists instead of the entry, as the editor reads them. */
async function problemsListed() {
  const problems = await screen.findByRole("alert")
  return within(problems)
    .getAllByRole("listitem")
    .map((item) => item.textContent)
}

const edited = <T,>(data: T, change: (copy: any) => void): T => {
  const copy = structuredClone(data)
  change(copy)
  return copy
}

describe("preview templates", () => {
  it("exist for every content type, each checking entries with that type's schema", () => {
    for (const type of CONTENT_TYPES) {
      expect(PREVIEW_TEMPLATES[type.location]?.schema, type.location).toBe(type.schema)
    }
    expect(Object.keys(PREVIEW_TEMPLATES).sort()).toEqual(CONTENT_TYPES.map((type) => type.location).sort())
  })

  it("are registered under the names the CMS configuration gives its entries, none shared", () => {
    const config = cmsConfig("https://example.com")
    // Decap looks a template up by the file's name, or by the collection's for a folder collection.
    const configNames = config.collections.flatMap((collection) =>
      collection.files ? collection.files.map((file) => file.name) : [collection.name],
    )
    const templateNames = Object.keys(PREVIEW_TEMPLATES).map((location) => cmsCollectionOf(location).name)
    expect(new Set(templateNames).size).toBe(templateNames.length)
    expect(templateNames.sort()).toEqual(configNames.sort())
  })
})

/** What the site's component shows first of each saved entry: the text a visitor reads as its heading. */
const HEADINGS: Record<string, (data: Record<string, any>) => { name: string | RegExp; level: number }> = {
  "site/settings.json": (data) => ({ name: data.footer.quickLinksTitle, level: 2 }),
  // The headline reads its lead, then every industry the rotating word stands for.
  "home/hero.json": (data) => ({ name: new RegExp(`^${data.titleLead} ${data.rotatingWords.join(", ")}$`), level: 1 }),
  "case-studies": (data) => ({ name: data.title, level: 1 }),
}

describe("each content type's preview", () => {
  it.each(CONTENT_TYPES.map((type) => type.location))(
    "%s draws the saved entry with the site's component",
    async (location) => {
      const data = savedEntry(location)
      renderPreview(location, data)
      const heading = HEADINGS[location]?.(data) ?? { name: data.title, level: location.startsWith("home/") ? 2 : 1 }
      expect(await screen.findByRole("heading", { level: heading.level, name: heading.name })).toBeInTheDocument()
      expect(screen.queryByRole("alert")).not.toBeInTheDocument()
    },
  )
})

describe("the case study preview", () => {
  const study = readContent("case-studies/wine.json")
  const labels = readContent("pages/case-studies.json").detail

  it("tells the story under the case studies page's labels, with the metrics pulled out", async () => {
    renderPreview("case-studies", study)
    expect(await screen.findByRole("heading", { level: 1, name: study.title })).toBeInTheDocument()
    for (const label of [labels.situationLabel, labels.taskLabel, labels.actionLabel, labels.resultLabel]) {
      expect(screen.getByRole("heading", { level: 2, name: label })).toBeInTheDocument()
    }
    const metrics = screen.getByLabelText(labels.metricsLabel)
    expect(within(metrics).getByText(study.metrics.timeframe)).toBeInTheDocument()
    expect(screen.getByText(study.situation)).toBeInTheDocument()
  })

  it("follows the editor's typing", async () => {
    const { update } = renderPreview("case-studies", study)
    await screen.findByRole("heading", { level: 1, name: study.title })
    update(edited(study, (copy) => (copy.title = "Allocations Traced Across Forty Markets")))
    expect(
      screen.getByRole("heading", { level: 1, name: "Allocations Traced Across Forty Markets" }),
    ).toBeInTheDocument()
  })

  it("lists what the build would stop on instead of drawing an entry it would refuse", async () => {
    renderPreview(
      "case-studies",
      edited(study, (copy) => {
        copy.title = "  "
        delete copy.client
        copy.metrics.timeframe = "soon"
        copy.action[1] = ""
        // A list item just added with the CMS's "Add" button holds nothing yet.
        copy.result.push(null)
      }),
    )
    const problems = await screen.findByRole("alert")
    expect(within(problems).getByRole("heading", { name: "Not previewed yet" })).toBeInTheDocument()
    expect(await problemsListed()).toEqual(
      expect.arrayContaining([
        "Title: must not be empty",
        "Client: required field is missing",
        'Metrics › Timeframe: expected a duration like "6 months"',
        "Actions › #2: must not be empty",
        `Results › #${study.result.length + 1}: this item is empty: fill it in or remove it`,
      ]),
    )
    expect(screen.queryByRole("heading", { level: 1 })).not.toBeInTheDocument()
  })

  it("lists the build's limits as the editor types past them", async () => {
    const { update } = renderPreview("case-studies", study)
    await screen.findByRole("heading", { level: 1, name: study.title })
    update(edited(study, (copy) => (copy.title = `${"Allocations ".repeat(6)}Traced`)))
    expect(await problemsListed()).toEqual([
      "Title: must be at most 70 characters, it has 78: search results show a title whole up to 70 characters",
    ])
  })

  it("draws a saved study given a new slug: the save keeps its file and lists the old slug", async () => {
    renderPreview(
      "case-studies",
      edited(study, (copy) => (copy.slug = "wines")),
      {},
      "wine",
    )
    expect(await screen.findByRole("heading", { level: 1, name: study.title })).toBeInTheDocument()
  })

  it("says so when the saved texts it needs would stop the build", async () => {
    const broken = edited(readContent("site/settings.json"), (copy) => (copy.contactEmail = "not an email"))
    renderPreview("case-studies", study, { "site/settings.json": broken })
    expect(await screen.findByRole("alert")).toHaveTextContent(
      "The saved site settings would stop the build: contactEmail: expected an email address like name@example.com",
    )
  })
})

describe("the about and team preview", () => {
  const about = readContent("home/about.json")

  it("shows every member's card with the photo from the team photo field's media folder", async () => {
    renderPreview("home/about.json", about)
    const mediaFolder = cmsConfigPhotoFolder()
    for (const member of about.members) {
      expect(await screen.findByRole("heading", { name: member.name })).toBeInTheDocument()
      const photo = screen.getByAltText(new RegExp(`${member.name}$`))
      expect(photo).toHaveAttribute("src", `/media${mediaFolder}/${member.photo.split("/").pop()}`)
    }
  })

  it("falls back to the person icon when the CMS has no URL for a photo", async () => {
    const Preview = previewComponent(PREVIEW_TEMPLATES["home/about.json"])
    const props = decapProps("home/about.json", about)
    render(<Preview {...props} getAsset={() => ({ toString: () => "" })} />)
    const [first] = about.members
    expect(await screen.findByRole("img", { name: `${first.name}, no photo available` })).toBeInTheDocument()
  })
})

function cmsConfigPhotoFolder() {
  const home = cmsConfig("https://example.com").collections.find((collection) => collection.name === "home")!
  const members = home
    .files!.find((file) => file.name === CMS_COLLECTIONS["home/about.json"].name)!
    .fields.find((field) => field.name === "members")!
  return members.fields!.find((field) => field.name === "photo")!.media_folder
}

describe("the services preview", () => {
  it("marks the one highlighted service as the site does", async () => {
    const services = readContent("home/services.json")
    renderPreview("home/services.json", services)
    const highlighted = services.services.find((service: { highlighted: boolean }) => service.highlighted)
    const card = (await screen.findByRole("heading", { level: 3, name: highlighted.title })).closest("li")!
    expect(within(card).getByText(services.highlightLabel)).toBeInTheDocument()
    expect(screen.getAllByText(services.highlightLabel)).toHaveLength(1)
  })
})

describe("the site settings preview", () => {
  it("draws the footer from the entry being edited, not the saved settings", async () => {
    const settings = readContent("site/settings.json")
    renderPreview(
      "site/settings.json",
      edited(settings, (copy) => (copy.footer.summary = "Market intelligence for the houses of Geneva and beyond.")),
    )
    const footer = await screen.findByRole("contentinfo")
    expect(within(footer).getByText("Market intelligence for the houses of Geneva and beyond.")).toBeInTheDocument()
    expect(within(footer).queryByText(settings.footer.summary)).not.toBeInTheDocument()
  })
})

describe("the preview frame", () => {
  it("receives the site's styles in its own document", async () => {
    const frame = document.implementation.createHTMLDocument("preview")
    const Preview = previewComponent(PREVIEW_TEMPLATES["home/services.json"])
    const props = decapProps("home/services.json", readContent("home/services.json"))
    render(<Preview {...props} document={frame} />)
    await screen.findByRole("heading", { level: 2 })
    const rules = [...frame.head.querySelectorAll("style")].map((style) => style.textContent).join("\n")
    expect(rules).toMatch(/background:\s*#0E0F13/i)
  })
})

describe("a preview in French", () => {
  const file = () => readContentFile<Record<string, any>>("case-studies/wine.json")

  it("draws the French texts with the English shared fields, under French labels and formats", async () => {
    const { fr, en } = file()
    const Preview = previewComponent(PREVIEW_TEMPLATES["case-studies"])
    render(<Preview {...decapProps("case-studies", fr, {}, "wine", "fr")} />)
    expect(await screen.findByRole("heading", { level: 1 })).toHaveTextContent(fr.title)
    const labels = readContent("pages/case-studies.json", "fr").detail
    expect(screen.getByRole("heading", { level: 2, name: labels.situationLabel })).toBeInTheDocument()
    // Metrics are written once, in English, and shown in French notation.
    // (Read as written: Testing Library's matching would turn the no-break spaces into spaces.)
    const texts = (selector: string) => [...document.querySelectorAll(selector)].map((node) => node.textContent)
    expect(texts("dd")).toContain(en.metrics.timeframe.replace(" months", "\u00A0mois"))
    expect(texts("strong")).toContain(`${labels.clientLabel}\u00A0:`)
  })

  it("lists a missing French text at its place, in the build's words", async () => {
    const { fr } = file()
    const Preview = previewComponent(PREVIEW_TEMPLATES["case-studies"])
    render(<Preview {...decapProps("case-studies", { ...fr, title: "" }, {}, "wine", "fr")} />)
    expect(await problemsListed()).toEqual(["Title: must not be empty"])
  })

  it("lists a French list of texts with an item fewer than the English one, in the build's words", async () => {
    const { fr, en } = file()
    const Preview = previewComponent(PREVIEW_TEMPLATES["case-studies"])
    render(<Preview {...decapProps("case-studies", { ...fr, action: fr.action.slice(1) }, {}, "wine", "fr")} />)
    const count = en.action.length
    expect(await problemsListed()).toEqual([
      `Action: has ${count - 1} item${count - 1 === 1 ? "" : "s"} where the English text has ${count}: each item of the list needs its French text, in the same order`,
    ])
  })

  it("asks to save the English text first for an entry never saved", async () => {
    const Preview = previewComponent(PREVIEW_TEMPLATES["case-studies"])
    render(<Preview {...decapProps("case-studies", file().fr, {}, undefined, "fr")} />)
    expect(await screen.findByRole("status")).toHaveTextContent(/Save the English text first/)
  })
})

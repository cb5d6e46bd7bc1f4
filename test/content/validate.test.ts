import { describe, expect, it } from "vitest"
import { formatProblem } from "../../model/problems"
import { validateContent } from "../../build-steps/content/validate"
import { contentFixture } from "./fixture"

const errorsOf = async (root: string) => (await validateContent(root)).errors.map(formatProblem)

describe("content validation", () => {
  it("accepts the shipped content with no errors and no warnings", async () => {
    const fixture = contentFixture()
    const { errors, warnings } = await validateContent(fixture.root)
    expect({ errors, warnings }).toEqual({ errors: [], warnings: [] })
  })

  it("reports malformed JSON with its line and column", async () => {
    const fixture = contentFixture()
    fixture.writeRaw("case-studies/watches.json", '{\n  "slug": "watches",\n  "title": "Watches"\n  "order": 6\n}\n')
    const [message] = (await errorsOf(fixture.root))
    expect(message).toMatch(/^content\/case-studies\/watches\.json: malformed JSON at line 4, column 3: /)
  })

  it("reports a missing required field", async () => {
    const fixture = contentFixture()
    fixture.edit("case-studies/hotels.json", (data) => delete data.situation)
    expect((await errorsOf(fixture.root))).toEqual(["content/case-studies/hotels.json: en.situation: required field is missing"])
  })

  it("reports a value of the wrong type", async () => {
    const fixture = contentFixture()
    fixture.edit("home/services.json", (data) => (data.services[2].highlighted = "yes"))
    expect((await errorsOf(fixture.root))).toEqual([
      'content/home/services.json: en.services[2].highlighted: expected boolean, got the text "yes"',
    ])
  })

  it("reports a metric that is not written like the spec's table", async () => {
    const fixture = contentFixture()
    fixture.edit("case-studies/watches.json", (data) => (data.metrics.dataPoints = 5000000))
    fixture.edit("case-studies/retail.json", (data) => (data.metrics.dataPoints = "lots"))
    expect((await errorsOf(fixture.root))).toEqual([
      "content/case-studies/retail.json: en.metrics.dataPoints: expected a string like \"5M+\"",
      "content/case-studies/watches.json: en.metrics.dataPoints: expected string, got number 5000000",
    ])
  })

  it("reports an unknown (misspelt) field and suggests the right name", async () => {
    const fixture = contentFixture()
    fixture.edit("case-studies/wine.json", (data) => {
      data.titel = data.title
      delete data.title
    })
    expect((await errorsOf(fixture.root))).toEqual([
      "content/case-studies/wine.json: en.title: required field is missing",
      'content/case-studies/wine.json: en.titel: unknown field (did you mean "title"?)',
    ])
  })

  it("reports an unknown field inside a nested object", async () => {
    const fixture = contentFixture()
    fixture.edit("case-studies/wine.json", (data) => (data.metrics.competitor = "50+"))
    expect((await errorsOf(fixture.root))).toEqual([
      'content/case-studies/wine.json: en.metrics.competitor: unknown field (did you mean "competitors"?)',
    ])
  })

  it("reports a duplicate case slug, naming the file that has it first", async () => {
    const fixture = contentFixture()
    fixture.edit("case-studies/wine.json", (data) => (data.slug = "watches"))
    expect((await errorsOf(fixture.root))).toEqual([
      'content/case-studies/wine.json: en.slug: duplicate slug "watches": already used by content/case-studies/watches.json',
      'content/home/industries.json: en.cards[2].caseSlug: no case study has the slug "wine" (known: cruises, hotels, real-estate, retail, watches)',
    ])
  })

  it("reports a slug that is not a lowercase URL slug", async () => {
    const fixture = contentFixture()
    fixture.edit("case-studies/real-estate.json", (data) => (data.slug = "Real Estate"))
    const errors = (await errorsOf(fixture.root))
    expect(errors).toContain(
      'content/case-studies/real-estate.json: en.slug: must be a lowercase URL slug like "real-estate"',
    )
  })

  it("reports an industry card that points to a case study that does not exist", async () => {
    const fixture = contentFixture()
    fixture.edit("home/industries.json", (data) => (data.cards[3].caseSlug = "real-estat"))
    expect((await errorsOf(fixture.root))).toEqual([
      'content/home/industries.json: en.cards[3].caseSlug: no case study has the slug "real-estat" (known: cruises, hotels, real-estate, retail, watches, wine)',
    ])
  })

  it("reports an invalid URL and an invalid email address", async () => {
    const fixture = contentFixture()
    fixture.edit("site/settings.json", (data) => {
      data.schedulingUrl = "calendly.com/aurelle"
      data.contactEmail = "contact at aurelle"
    })
    expect((await errorsOf(fixture.root))).toEqual([
      "content/site/settings.json: en.contactEmail: expected an email address like name@example.com",
      "content/site/settings.json: en.schedulingUrl: expected an https:// URL like https://example.com/page",
    ])
  })

  it("refuses a URL that is not https", async () => {
    const fixture = contentFixture()
    fixture.edit("site/settings.json", (data) => (data.caseStudiesSiteUrl = "javascript:alert(1)"))
    expect((await errorsOf(fixture.root))).toEqual([
      "content/site/settings.json: en.caseStudiesSiteUrl: expected an https:// URL like https://example.com/page",
    ])
  })

  it("reports a publication date that is not a date", async () => {
    const fixture = contentFixture()
    fixture.edit("case-studies/retail.json", (data) => (data.published = "June 2024"))
    expect((await errorsOf(fixture.root))).toEqual(['content/case-studies/retail.json: en.published: expected a date like "2025-03-12"'])
  })

  it("reports an empty required list", async () => {
    const fixture = contentFixture()
    fixture.edit("case-studies/cruises.json", (data) => (data.result = []))
    expect((await errorsOf(fixture.root))).toEqual(["content/case-studies/cruises.json: en.result: must not be empty"])
  })

  it("reports an empty required text", async () => {
    const fixture = contentFixture()
    fixture.edit("home/process.json", (data) => (data.steps[1].title = "   "))
    expect((await errorsOf(fixture.root))).toEqual(["content/home/process.json: en.steps[1].title: must not be empty"])
  })

  it("requires exactly one highlighted service", async () => {
    const fixture = contentFixture()
    fixture.edit("home/services.json", (data) => (data.services[0].highlighted = true))
    expect((await errorsOf(fixture.root))).toEqual(["content/home/services.json: en.services: exactly one service must be highlighted"])
  })

  it("reports a value outside a fixed set of choices", async () => {
    const fixture = contentFixture()
    fixture.edit("case-studies/cruises.json", (data) => (data.icon = "yacht"))
    expect((await errorsOf(fixture.root))).toEqual([
      'content/case-studies/cruises.json: en.icon: expected one of "bag", "bed", "glass", "ship", "building", "watch"',
    ])
  })

  it("reports a team member's profile link that is not an https address", async () => {
    const fixture = contentFixture()
    fixture.edit("home/about.json", (data) => (data.members[1].profile = "linkedin.com/in/julien"))
    expect(await errorsOf(fixture.root)).toEqual([
      "content/home/about.json: en.members[1].profile: expected an https:// URL like https://example.com/page",
    ])
  })

  it("names a photo no entry uses any more, as a warning that does not stop the build", async () => {
    const fixture = contentFixture()
    fixture.edit("home/about.json", (data) => (data.members[0].photo = "../images/team/julien-rochat.jpg"))
    const report = await validateContent(fixture.root)
    expect(report.errors).toEqual([])
    expect(report.warnings.map((warning) => `${warning.file}: ${warning.message}`)).toContain(
      "content/images/team/helene-marchand.jpg: no entry uses this photo any more (it was replaced or its member removed): delete it from a photo's media library in the CMS (the team form lists it), so it does not linger in the repository",
    )
  })

  it("reports a missing content file and a JSON file it does not know", async () => {
    const fixture = contentFixture()
    fixture.remove("pages/book-demo.json")
    fixture.write("home/servics.json", {})
    expect((await errorsOf(fixture.root))).toEqual([
      "content/pages/book-demo.json: file is missing",
      "content/home/servics.json: not a known content file (see docs/editing.md)",
    ])
  })

  it("still checks references while a case study has an unrelated problem", async () => {
    const fixture = contentFixture()
    fixture.edit("case-studies/watches.json", (data) => delete data.task)
    fixture.edit("home/industries.json", (data) => (data.cards[0].caseSlug = "retial"))
    expect((await errorsOf(fixture.root))).toEqual([
      "content/case-studies/watches.json: en.task: required field is missing",
      'content/home/industries.json: en.cards[0].caseSlug: no case study has the slug "retial" (known: cruises, hotels, real-estate, retail, watches, wine)',
    ])
  })

  it("reports a case file that does not parse once, not again through the cards pointing at it", async () => {
    const fixture = contentFixture()
    fixture.writeRaw("case-studies/hotels.json", "{")
    const errors = (await errorsOf(fixture.root))
    expect(errors).toHaveLength(1)
    expect(errors[0]).toMatch(/^content\/case-studies\/hotels\.json: malformed JSON/)
  })

  it("reports every problem of every file in one pass", async () => {
    const fixture = contentFixture()
    fixture.edit("case-studies/hotels.json", (data) => delete data.task)
    fixture.edit("home/hero.json", (data) => (data.claims = []))
    fixture.writeRaw("pages/terms-of-service.json", "{ not json")
    expect((await errorsOf(fixture.root))).toHaveLength(3)
  })

  it("only warns when a team photo file is missing", async () => {
    const fixture = contentFixture()
    fixture.remove("images/team/leo-bernasconi.jpg")
    const report = await validateContent(fixture.root)
    expect(report.errors).toEqual([])
    expect(report.warnings.map(formatProblem)).toEqual([
      'content/home/about.json: en.members[3].photo: photo file "../images/team/leo-bernasconi.jpg" not found; the card shows the placeholder icon',
    ])
  })
})

describe("content validation in every language", () => {
  it("stops on a missing French text, naming the language, the file and the JSON path", async () => {
    const fixture = contentFixture()
    fixture.edit("home/hero.json", (data) => delete data.lede, "fr")
    fixture.edit("home/industries.json", (data) => delete data.cards[2].description, "fr")
    expect(await errorsOf(fixture.root)).toEqual([
      "content/home/hero.json: fr.lede: the French text is missing here",
      "content/home/industries.json: fr.cards[2].description: the French text is missing here",
    ])
  })

  it("stops on a file without its French document, and says what it holds", async () => {
    const fixture = contentFixture()
    fixture.editFile("pages/book-demo.json", (file) => delete file.fr)
    expect(await errorsOf(fixture.root)).toEqual([
      'content/pages/book-demo.json: fr: the French text is missing: add "fr", holding its texts, in the English document\'s places',
    ])
  })

  it("takes a case study published in English first, as a warning; its French begun and left half done, as errors", async () => {
    const fixture = contentFixture()
    fixture.editFile("case-studies/wine.json", (file) => delete file.fr)
    fixture.editFile("case-studies/hotels.json", (file) => (file.fr = { title: "", summary: { description: " " } }))
    fixture.edit("case-studies/cruises.json", (data) => delete data.task, "fr")
    const report = await validateContent(fixture.root)
    expect(report.errors.map(formatProblem)).toEqual([
      "content/case-studies/cruises.json: fr.task: the French text is missing here",
    ])
    expect(report.warnings.map(formatProblem)).toEqual([
      "content/case-studies/hotels.json: fr: not translated yet: published in English only; the French site leaves it out (no page, not in its list, no link to it) until its French texts are written",
      "content/case-studies/wine.json: fr: not translated yet: published in English only; the French site leaves it out (no page, not in its list, no link to it) until its French texts are written",
    ])
  })

  it("applies the texts' own rules to the French ones", async () => {
    const fixture = contentFixture()
    fixture.edit("case-studies/wine.json", (data) => (data.title = "Suivre ".repeat(12).trim()), "fr")
    fixture.edit("home/hero.json", (data) => (data.rotatingWords[1] = "Hôtellerie de grand luxe"), "fr")
    expect(await errorsOf(fixture.root)).toEqual([
      "content/case-studies/wine.json: fr.title: must be at most 70 characters, it has 83: search results show a title whole up to 70 characters",
      "content/home/hero.json: fr.rotatingWords[1]: must be at most 20 characters, it has 24: it is set in the headline's large display type and must fit a phone's width",
    ])
  })

  it("refuses a shared field written in French: it is set once, in English", async () => {
    const fixture = contentFixture()
    fixture.edit("case-studies/watches.json", (data) => (data.metrics = { timeframe: "6 mois" }), "fr")
    fixture.edit("home/about.json", (data) => (data.members[0].slug = "helene"), "fr")
    expect(await errorsOf(fixture.root)).toEqual([
      "content/case-studies/watches.json: fr.metrics: is the same in every language: it is set once, in the English text (en.metrics)",
      "content/home/about.json: fr.members[0].slug: is the same in every language: it is set once, in the English text (en.members[0].slug)",
    ])
  })

  it("refuses a French list of items that does not follow the English one", async () => {
    const fixture = contentFixture()
    fixture.edit("home/process.json", (data) => data.steps.pop(), "fr")
    expect(await errorsOf(fixture.root)).toEqual([
      "content/home/process.json: fr.steps: has 3 items where the English text has 4: each item of the list needs its French text, in the same order",
    ])
  })

  it("refuses a French list of texts that does not follow the English one: a step, a result or a tag lost", async () => {
    const fixture = contentFixture()
    fixture.edit("case-studies/cruises.json", (data) => data.action.pop(), "fr")
    fixture.edit("case-studies/wine.json", (data) => data.result.push("Un résultat que l'anglais ne raconte pas."), "fr")
    fixture.edit("home/industries.json", (data) => data.cards[0].applications.pop(), "fr")
    fixture.edit("home/hero.json", (data) => (data.rotatingWords = []), "fr")
    expect(await errorsOf(fixture.root)).toEqual([
      "content/case-studies/cruises.json: fr.action: has 3 items where the English text has 4: each item of the list needs its French text, in the same order",
      "content/case-studies/wine.json: fr.result: has 4 items where the English text has 3: each item of the list needs its French text, in the same order",
      "content/home/hero.json: fr.rotatingWords: has 0 items where the English text has 6: each item of the list needs its French text, in the same order",
      "content/home/industries.json: fr.cards[0].applications: has 2 items where the English text has 3: each item of the list needs its French text, in the same order",
    ])
  })

  it("reports a mistake in English once, not again through the French document", async () => {
    const fixture = contentFixture()
    fixture.edit("home/hero.json", (data) => (data.claims = []))
    expect(await errorsOf(fixture.root)).toEqual(["content/home/hero.json: en.claims: must not be empty"])
  })
})

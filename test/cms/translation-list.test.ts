/**
 * The admin's view of translations to check and missing (cms/translation-list.ts): per entry, each
 * field named as its form labels it, the entry's form a link away.
 */
import { describe, expect, it } from "vitest"
import { translationList } from "../../cms/translation-list"
import { readContentFile } from "../support/content-files"

const retail = readContentFile("case-studies/retail.json")
const industries = readContentFile("home/industries.json")
const files = (entries: Record<string, unknown>) =>
  new Map(Object.entries(entries).map(([relative, file]) => [relative, JSON.stringify(file)]))

describe("the translations to check, as the admin lists them", () => {
  const answer = (blob: string) => ({
    answer: {
      files: {
        "case-studies/retail.json": { blob, toCheck: [{ locale: "fr", segments: ["result"], list: true }] },
        "case-studies/wine.json": {
          blob: "b".repeat(40),
          toCheck: [{ locale: "de", segments: ["title"], list: false }],
        },
      },
    },
    blobs: new Map([
      ["case-studies/retail.json", "a".repeat(40)],
      ["case-studies/wine.json", "b".repeat(40)],
    ]),
  })

  it("lists what the live release's history says of a file main holds as it read it: an edit by hand", () => {
    // The file holds no record of its own: the English was changed by hand, and only history knows.
    const listed = translationList(files({ "case-studies/retail.json": retail }), answer("a".repeat(40)))
    expect(listed.map(({ name, toCheck }) => [name, toCheck])).toEqual([
      ["Case studies › retail", [{ locale: "fr", where: "French › Results" }]],
    ])
  })

  it("reads a file changed since the release, or one the answer does not judge, by its own record", () => {
    const confirmed = translationList(files({ "case-studies/retail.json": retail }), answer("c".repeat(40)))
    expect(confirmed).toEqual([])
    const changed = {
      ...retail,
      en: { ...retail.en, title: "A new title", translatedFrom: { fr: { title: retail.en.title } } },
    }
    const unjudged = translationList(files({ "case-studies/hotels.json": changed }), answer("a".repeat(40)))
    expect(unjudged.map(({ toCheck }) => toCheck)).toEqual([[{ locale: "fr", where: "French › Title" }]])
    // A language the admin does not know is left out, not guessed at.
    expect(
      translationList(files({ "case-studies/wine.json": readContentFile("case-studies/wine.json") }), answer("x")),
    ).toEqual([])
  })

  it("lists nothing while every translation follows its English", () => {
    expect(translationList(files({ "case-studies/retail.json": retail, "home/industries.json": industries }))).toEqual(
      [],
    )
  })

  it("names each entry, its form's address and each field to check, a whole list by the list's label", () => {
    const changed = {
      ...retail,
      en: { ...retail.en, result: ["A new figure."], translatedFrom: { fr: { result: retail.en.result } } },
    }
    const cards = structuredClone(industries)
    cards.en.translatedFrom = { fr: { "cards[1].title": cards.en.cards[1].title } }
    cards.en.cards[1].title = "Hotels and Residences"
    expect(translationList(files({ "home/industries.json": cards, "case-studies/retail.json": changed }))).toEqual([
      {
        relative: "case-studies/retail.json",
        name: "Case studies › retail",
        href: "#/collections/case-studies/entries/retail",
        toCheck: [{ locale: "fr", where: "French › Results" }],
        missing: [],
      },
      {
        relative: "home/industries.json",
        name: "Industries",
        href: "#/collections/home/entries/industries",
        toCheck: [{ locale: "fr", where: "French › Cards › #2 › Title" }],
        missing: [],
      },
    ])
  })

  it("lists a study published in English first once, by its language; a text missing alone, by its field", () => {
    const partial = structuredClone(retail)
    delete partial.fr.summary.problem
    const entries = translationList(
      new Map([
        ["case-studies/retail.json", JSON.stringify({ ...retail, fr: undefined })],
        ["case-studies/wine.json", JSON.stringify(partial)],
        ["case-studies/broken.json", "{"],
      ]),
    )
    expect(entries.map(({ name, missing }) => [name, missing.map(({ where }) => where)])).toEqual([
      ["Case studies › retail", ["French"]],
      ["Case studies › wine", ["French › Summary › Problem"]],
    ])
  })
})

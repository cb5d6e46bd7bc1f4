/**
 * Translations that know their source, and a study created in English first, in the CMS on the nginx
 * host (e2e/github-cms.ts).
 */
import { expect, test } from "@playwright/test"
import fs from "node:fs"
import path from "node:path"
import { collectErrors } from "./page-errors"
import { isUntranslated } from "../model/translations"
import { checkContentFiles } from "../model/content-check"
import { formatProblem } from "../model/problems"
import {
  cms,
  ROOT,
  routeGitHub,
  localBackendProbe,
  signIn,
  mainFile,
  liveNow,
  saveAndPublish,
  openEntry,
  useGitHubCms,
} from "./github-cms"

const hosted = useGitHubCms()

test.describe("translations that know their source", () => {
  const CRUISES = "content/case-studies/cruises.json"
  type Study = { en: Record<string, unknown> & { title: string; result: string[] }; fr: { title: string } }

  test("an English result changed alone: its French is to check, listed, then confirmed still right", async ({
    page,
    context,
  }) => {
    test.setTimeout(300_000)
    await routeGitHub(context)
    const errors = collectErrors(page, localBackendProbe)
    page.on("dialog", (dialog) => void dialog.accept())
    const saved = JSON.parse(mainFile(CRUISES)) as Study
    cms.liveStamp = liveNow()
    await openEntry(page, hosted.site(), "Case studies", saved.en.title)
    const title = page.getByRole("textbox", { name: "Title", exact: true })
    await expect(title.first()).toHaveValue(saved.en.title, { timeout: 45_000 })

    // The title in both languages, the first result in English only.
    await title.first().fill(`${saved.en.title}, Revisited`)
    await title.nth(1).fill(`${saved.fr.title}, revisité`)
    const newResult = "Suite-category bookings on repositioned sailings rose by 31% in the following season."
    // A result is a collapsed item of the list: opened, then typed into.
    const results = page
      .getByLabel("list field")
      .filter({ has: page.locator("label", { hasText: /^Results$/ }) })
      .first()
    await results.getByRole("button", { name: "Expand" }).first().click()
    const firstResult = page.getByRole("textbox", { name: "Result", exact: true }).first()
    await firstResult.fill(newResult, { timeout: 10_000 })
    await saveAndPublish(page)

    // What main holds: the English the French result was made from; nothing for the title, whose
    // languages changed together.
    const published = JSON.parse(mainFile(CRUISES)) as Study
    expect(published.en.result[0]).toBe(newResult)
    expect(published.en.translatedFrom).toEqual({ fr: { result: saved.en.result } })

    // The form, opened again: the French side lists the result to check, and says at its field what
    // the English was and is.
    await page.reload()
    await expect(title.first()).toHaveValue(`${saved.en.title}, Revisited`, { timeout: 45_000 })
    const toCheck = page.getByRole("region", { name: "One translation to check" })
    await expect(toCheck).toBeVisible({ timeout: 30_000 })
    await expect(toCheck.getByRole("listitem")).toHaveText(["Results"])
    const note = page.locator(".entry-check-to-check")
    await expect(note).toHaveCount(1)
    await expect(note).toContainText("To check: the English changed after this was translated.")
    await expect(note.locator("dd").first().getByRole("listitem")).toHaveText(saved.en.result)
    await expect(note.locator("dd").nth(1).getByRole("listitem")).toHaveText(published.en.result)
    await page.screenshot({ path: test.info().outputPath("to-check.png") })
    // The list's link takes the editor to the field.
    await toCheck.getByRole("button", { name: "Results" }).click()
    await expect(note).toBeInViewport()
    await page.screenshot({ path: test.info().outputPath("to-check-field.png") })

    // The view beside the release corner lists it, the entry a link to its form.
    await page.goto(`${hosted.site()}/admin/#/collections/case-studies`)
    const view = page.getByRole("region", { name: "Translations to check" })
    // (Other tests of this file leave their own texts to check: this one's is among them.)
    await expect(view).toContainText(/Translations to check: \d+ translations? to check/, { timeout: 45_000 })
    await view.getByText("Translations to check:").click()
    await expect(view.getByRole("link", { name: "Case studies › cruises" })).toHaveAttribute(
      "href",
      "#/collections/case-studies/entries/cruises",
    )
    await expect(view).toContainText("French › Results: to check")
    await page.screenshot({ path: test.info().outputPath("to-check-view.png") })
    await view.getByRole("link", { name: "Case studies › cruises" }).click()

    // Confirmed still right, and saved: the mark goes, from main and from the view.
    await expect(title.first()).toHaveValue(`${saved.en.title}, Revisited`, { timeout: 45_000 })
    await page.getByRole("button", { name: "Results: the translation is still right" }).click()
    await expect(note).toHaveCount(0)
    await expect(toCheck).toHaveCount(0)
    await saveAndPublish(page)
    const confirmed = JSON.parse(mainFile(CRUISES)) as Study
    expect(confirmed.en).not.toHaveProperty("translatedFrom")
    expect(confirmed.fr).toEqual(published.fr)
    await page.goto(`${hosted.site()}/admin/#/collections/case-studies`)
    await expect(page.getByRole("link", { name: "Case studies" }).first()).toBeVisible()
    // Read afresh after the publish: the view lists the study no more (or, alone, is not there).
    await page.waitForTimeout(3_000)
    if ((await view.count()) > 0) {
      await view.getByText("Translations to check:").click()
      await expect(view).not.toContainText("Case studies › cruises")
    }
    expect(cms.github.unhandled).toEqual([])
    expect(errors).toEqual([])
  })
})

test.describe("a study created in English first", () => {
  test("is saved and published without its French, then listed as missing it", async ({ page, context }) => {
    test.setTimeout(300_000)
    await routeGitHub(context)
    const errors = collectErrors(page, localBackendProbe)
    page.on("dialog", (dialog) => void dialog.accept())
    // A study an earlier test deleted, which an industry card names, is back: main builds again.
    const retail = "content/case-studies/retail.json"
    if (!cms.github.git("ls-tree", "--name-only", "main", retail)) {
      cms.github.commitToMain(
        retail,
        fs.readFileSync(path.join(ROOT, retail), "utf8"),
        "Content: create case study “retail”",
      )
    }
    cms.liveStamp = liveNow()
    await signIn(page, hosted.site(), "Authorize")
    await page.goto(`${hosted.site()}/admin/#/collections/case-studies/new`)
    const english = (label: string) => page.getByRole("textbox", { name: label, exact: true }).first()
    await expect(english("Slug")).toBeVisible({ timeout: 45_000 })
    await english("Slug").fill("private-jets")
    await page.locator('input[id^="order-field"]').first().fill("7")
    await page.locator('input[id^="published-field"]').first().fill("2025-09-15")
    await english("Title").fill("Pricing Charter Hours for a Private Aviation House")
    await english("Industry").fill("Private Aviation")
    await page.getByRole("radiogroup", { name: "Icon" }).first().getByText("ship", { exact: true }).click()
    await english("Client").fill("A Geneva-based operator of long-range business jets")
    await english("Description").fill("How charter rates across 30 operators set a fair price for every route.")
    await english("Problem").fill("Hourly rates varied by 40% between routes with no reason the sales team could give.")
    await english("Solution").fill("A weekly rate index across operators, routes and aircraft classes.")
    await english("Situation").fill(
      "Clients compared quotes from brokers and asked why one route cost more than another.",
    )
    await english("Task").fill("Give the sales team a defensible rate for every route and aircraft class.")
    await page.getByRole("button", { name: "Add action" }).first().click()
    await english("Action").fill("Collected published and brokered rates from 30 operators, weekly.")
    await page.getByRole("button", { name: "Add result" }).first().click()
    await english("Result").fill("Quotes won rose by 18% within two quarters.")
    await english("Timeframe").fill("4 months")
    await english("Data points").fill("120K+")
    await english("Competitors").fill("30+")
    // The French side says what becomes of a study with no French yet.
    await expect(page.getByRole("region", { name: "Not translated yet" })).toContainText(
      "This study is published in English only",
    )
    await page.screenshot({ path: test.info().outputPath("english-first.png"), fullPage: false })

    await saveAndPublish(page)

    // Main holds the study with no French text; the build takes it, in English only.
    const file = JSON.parse(mainFile("content/case-studies/private-jets.json")) as Record<string, unknown>
    expect(isUntranslated(file.fr)).toBe(true)
    const content = new Map(
      cms.github
        .git("ls-tree", "-r", "--name-only", "main", "content")
        .split("\n")
        .filter((name) => name.endsWith(".json") && !name.startsWith("content/schemas/"))
        .map((name) => [name.slice("content/".length), mainFile(name)]),
    )
    expect(checkContentFiles(content).errors.map(formatProblem)).toEqual([])

    // The view lists it as missing its French, a link to its form.
    await page.goto(`${hosted.site()}/admin/#/collections/case-studies`)
    const view = page.getByRole("region", { name: "Translations to check" })
    await expect(view).toContainText("1 missing", { timeout: 45_000 })
    await view.getByText("Translations to check:").click()
    await expect(view.getByRole("link", { name: "Case studies › private-jets" })).toHaveAttribute(
      "href",
      "#/collections/case-studies/entries/private-jets",
    )
    await expect(view).toContainText("French: missing")
    await page.screenshot({ path: test.info().outputPath("missing-view.png") })
    expect(cms.github.unhandled).toEqual([])
    expect(errors).toEqual([])
  })
})

// @vitest-environment jsdom
/**
 * The deleted studies' list on the case studies' screen (cms/app/deleted-studies.tsx) when GitHub
 * fails half way: what was read stays listed and kept, the editor is told what failed and can try
 * again without reloading the admin, and the next look asks GitHub only what it had not answered; a
 * restore that fails says so and leaves the list as it was. GitHub is a stand-in `fetch`: wine on
 * main; the studies' folder's history in pages of a hundred commits, yachts deleted on the first
 * page, villas on the second; the answers named in `failOnce` fail the first time they are asked.
 */
import { act, cleanup, fireEvent, render, screen, within } from "@testing-library/react"
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest"
import { DeletedStudiesView } from "../../cms/app/deleted-studies"
import { fewAtOnce } from "../../cms/app/github"
import { RESTORE } from "../../cms/entry-history"

vi.mock("../../cms/app/decap-internals", () => ({ signedInUser: () => ({ token: "a-token" }) }))
vi.mock("../../cms/app/decap-internals/store", () => ({ newEntryOpened: vi.fn(), setFields: vi.fn() }))
vi.mock("../../cms/app/release-notes", () => ({ useAdminScreen: () => ({ backend: "github" }) }))

const FOLDER = "content/case-studies"
const WINE = JSON.stringify({ en: { slug: "wine", title: "A cellar" }, fr: { title: "Une cave" } })

interface Commit {
  sha: string
  parents: Array<{ sha: string }>
  commit: { message: string; author: { name: string; date: string } }
  files: Array<{ filename: string; status: string }>
}

/** The folder's history, newest first: 102 commits, yachts deleted in the newest, villas in the 101st. */
const HISTORY: Commit[] = Array.from({ length: 102 }, (_, index) => {
  const sha = `c${102 - index}`
  const file = index === 0 ? "yachts" : index === 100 ? "villas" : "wine"
  return {
    sha,
    parents: index === 101 ? [] : [{ sha: `c${101 - index}` }],
    commit: { message: `Change ${sha}`, author: { name: "Aline Editor", date: "2026-12-01T09:00:00Z" } },
    files: [{ filename: `${FOLDER}/${file}.json`, status: file === "wine" ? "modified" : "removed" }],
  }
})

/** Every question asked, by its route. */
let asked: string[]
/** Routes that fail (502) the first time they are asked. */
let failOnce: Set<string>

function answer(route: string): Response {
  const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status })
  if (failOnce.has(route) && asked.filter((one) => one === route).length === 1) return json({ message: "Bad" }, 502)
  if (route.startsWith("/git/trees/"))
    return json({ tree: [{ path: `${FOLDER}/wine.json`, type: "blob", sha: "b-wine" }], truncated: false })
  if (route === "/git/blobs/b-wine") return json({ content: btoa(WINE) })
  const page = /^\/commits\?.*&page=(\d+)$/.exec(route)
  if (page)
    return json(HISTORY.slice((Number(page[1]) - 1) * 100, Number(page[1]) * 100).map(({ files: _, ...c }) => c))
  if (route.startsWith("/contents/")) return json({ content: btoa(WINE.replace("wine", "yachts")) })
  const sha = route.replace("/commits/", "")
  return json(HISTORY.find((one) => one.sha === sha))
}

beforeEach(() => {
  asked = []
  failOnce = new Set()
  localStorage.clear()
  location.hash = "#/collections/case-studies"
  vi.stubGlobal(
    "fetch",
    vi.fn(async (url: string) => {
      const route = url.replace("https://api.github.com/repos/aurelle/site", "")
      asked.push(route)
      return answer(route)
    }),
  )
})

afterEach(() => {
  cleanup()
  vi.unstubAllGlobals()
})

async function openTheList() {
  render(<DeletedStudiesView repo="aurelle/site" branch="main" />)
  const details = screen.getByText(RESTORE.deletedHeading).closest("details")!
  details.open = true
  await act(async () => void fireEvent(details, new Event("toggle")))
}

const keptCommits = () => [
  ...new Map(JSON.parse(localStorage.getItem("aurelle-commit-files") ?? "[]") as Array<[string, unknown]>).keys(),
]
const timesAsked = (route: string) => asked.filter((one) => one === route).length

describe("the deleted studies' list, GitHub failing half way", () => {
  it("keeps the first page's commits read when one fails, and asks only the rest when tried again", async () => {
    failOnce.add("/commits/c51")
    await openTheList()
    expect(await screen.findByRole("alert")).toHaveTextContent(/^The history could not be read: /)
    // The commits answered are kept (nothing more was asked once one failed); the one that failed is not.
    const kept = keptCommits()
    expect(kept.length).toBeGreaterThan(6)
    expect(kept).not.toContain("c51")

    fireEvent.click(screen.getByRole("button", { name: RESTORE.again }))
    expect(await screen.findByText(/^yachts:/)).toHaveTextContent(/deleted/)
    expect(screen.queryByRole("alert")).toBeNull()
    // Each commit's files asked once, the one that failed twice: none of those kept asked again.
    expect(asked.filter((route) => /^\/commits\/c\d+$/.test(route))).toHaveLength(101)
    expect(timesAsked("/commits/c51")).toBe(2)
  })

  it("keeps the studies listed when the next page fails, and reads that page again, not the first", async () => {
    failOnce.add("/commits/c1")
    await openTheList()
    expect(await screen.findByText(/^yachts:/)).toBeVisible()
    fireEvent.click(screen.getByRole("button", { name: RESTORE.further }))

    expect(await screen.findByRole("alert")).toHaveTextContent(/^The history could not be read: /)
    expect(screen.getByText(/^yachts:/)).toBeVisible()
    fireEvent.click(screen.getByRole("button", { name: RESTORE.again }))
    expect(await screen.findByText(/^villas:/)).toBeVisible()
    expect(screen.getByText(/^yachts:/)).toBeVisible()
    const pages = asked.filter((route) => route.startsWith("/commits?"))
    expect(pages.map((route) => route.replace(/.*&page=/, "page "))).toEqual(["page 1", "page 2", "page 2"])
    expect(timesAsked("/commits/c2")).toBe(1)
    expect(timesAsked("/commits/c1")).toBe(2)
  })

  it("says a restore that failed, leaves the list as it was, and restores when asked again", async () => {
    await openTheList()
    const yachts = (await screen.findByText(/^yachts:/)).closest("li")!
    failOnce.add(`/contents/${FOLDER}/yachts.json?ref=c101`)
    fireEvent.click(within(yachts).getByRole("button", { name: RESTORE.restore }))
    expect(await screen.findByRole("alert")).toHaveTextContent(/^The study could not be restored: /)
    expect(screen.getByText(/^yachts:/)).toBeVisible()
    expect(asked.filter((route) => route.startsWith("/commits?"))).toHaveLength(1)

    fireEvent.click(within(screen.getByText(/^yachts:/).closest("li")!).getByRole("button", { name: RESTORE.restore }))
    await vi.waitFor(() => expect(location.hash).toBe("#/collections/case-studies/new"))
    expect(timesAsked(`/contents/${FOLDER}/yachts.json?ref=c101`)).toBe(2)
  })
})

describe("GitHub asked a few questions at a time", () => {
  it("starts nothing after a failure, lets the questions under way end, then throws the failure", async () => {
    const started: number[] = []
    const ended: number[] = []
    const work = async (item: number) => {
      started.push(item)
      await new Promise((resolve) => setTimeout(resolve, item === 1 ? 0 : 20))
      if (item === 1) throw new Error("item 1 failed")
      ended.push(item)
    }
    await expect(fewAtOnce([0, 1, 2, 3, 4, 5, 6, 7, 8, 9], work)).rejects.toThrow("item 1 failed")
    // Six at once; after item 1 failed, nothing more began, and the five under way ended first.
    expect(started).toEqual([0, 1, 2, 3, 4, 5])
    expect(ended.sort()).toEqual([0, 2, 3, 4, 5])
  })

  it("does every item, six at a time at most", async () => {
    let running = 0
    let most = 0
    const done: number[] = []
    await fewAtOnce(
      Array.from({ length: 20 }, (_, index) => index),
      async (item) => {
        running += 1
        most = Math.max(most, running)
        await new Promise((resolve) => setTimeout(resolve, 1))
        running -= 1
        done.push(item)
      },
    )
    expect(done.sort((a, b) => a - b)).toEqual(Array.from({ length: 20 }, (_, index) => index))
    expect(most).toBe(6)
  })
})

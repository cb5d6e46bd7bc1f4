// @vitest-environment jsdom
/**
 * The deleted studies' list on the case studies' screen (cms/app/deleted-studies.tsx) when GitHub
 * fails half way: what was read is kept, the editor is told and can try again without reloading the
 * admin, and the next look asks GitHub only what it had not answered. GitHub is a stand-in `fetch`:
 * wine on main, yachts made and then deleted, and one commit's files answered 502 the first time.
 */
import { act, cleanup, fireEvent, render, screen } from "@testing-library/react"
import { afterEach, beforeEach, expect, it, vi } from "vitest"
import { DeletedStudiesView } from "../../cms/app/deleted-studies"
import { RESTORE } from "../../cms/entry-history"

vi.mock("../../cms/app/decap-internals", () => ({ signedInUser: () => ({ token: "a-token" }) }))
vi.mock("../../cms/app/decap-internals/store", () => ({ newEntryOpened: vi.fn(), setFields: vi.fn() }))
vi.mock("../../cms/app/release-notes", () => ({ useAdminScreen: () => ({ backend: "github" }) }))

const FOLDER = "content/case-studies"
const commit = (sha: string, parent: string | null, message: string) => ({
  sha,
  parents: parent ? [{ sha: parent }] : [],
  commit: { message, author: { name: "Aline Editor", date: "2026-12-01T09:00:00Z" } },
})
const COMMITS = [
  commit("c3", "c2", "Delete case study “yachts”"),
  commit("c2", "c1", "Update case study “wine”"),
  commit("c1", null, "Create case study “yachts”"),
]
const FILES: Record<string, Array<{ filename: string; status: string }>> = {
  c3: [{ filename: `${FOLDER}/yachts.json`, status: "removed" }],
  c2: [{ filename: `${FOLDER}/wine.json`, status: "modified" }],
  c1: [{ filename: `${FOLDER}/yachts.json`, status: "added" }],
}
const WINE = JSON.stringify({ en: { slug: "wine", title: "A cellar" }, fr: { title: "Une cave" } })

/** Every question asked, by its route; `c2`'s files fail the first time they are asked. */
let asked: string[]

function answer(route: string): Response {
  const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status })
  if (route.startsWith("/git/trees/"))
    return json({ tree: [{ path: `${FOLDER}/wine.json`, type: "blob", sha: "b-wine" }], truncated: false })
  if (route === "/git/blobs/b-wine") return json({ content: btoa(WINE) })
  if (route.startsWith("/commits?")) return json(COMMITS)
  const sha = route.replace("/commits/", "")
  if (sha === "c2" && asked.filter((one) => one === route).length === 1) return json({ message: "Bad gateway" }, 502)
  return json({ ...COMMITS.find((one) => one.sha === sha), files: FILES[sha] })
}

beforeEach(() => {
  asked = []
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

it("keeps what was read when GitHub fails half way, says so, and asks only the rest when tried again", async () => {
  render(<DeletedStudiesView repo="aurelle/site" branch="main" />)
  const details = screen.getByText(RESTORE.deletedHeading).closest("details")!
  details.open = true
  await act(async () => void fireEvent(details, new Event("toggle")))

  expect(await screen.findByRole("alert")).toHaveTextContent(/^The history could not be read: /)
  // The commits answered before the failure are kept; the one that failed is not.
  const kept = new Map(JSON.parse(localStorage.getItem("aurelle-commit-files")!) as Array<[string, unknown]>)
  expect([...kept.keys()].sort()).toEqual(["c1", "c3"])

  fireEvent.click(screen.getByRole("button", { name: RESTORE.again }))
  expect(await screen.findByText(/^yachts:/)).toHaveTextContent(/deleted/)
  expect(screen.queryByRole("alert")).toBeNull()
  expect(screen.getByRole("button", { name: RESTORE.restore })).toBeVisible()
  // Each commit's files asked once, but the one that failed, asked again.
  const filesAsked = asked.filter((route) => /^\/commits\/c\d$/.test(route)).sort()
  expect(filesAsked).toEqual(["/commits/c1", "/commits/c2", "/commits/c2", "/commits/c3"])
})

// @vitest-environment jsdom
/**
 * Which version a form stands on (cms/app/entry-versions.ts), where a browser journey cannot choose
 * the moment: the version Decap loaded, even when another editor saved between Decap's reading and
 * the form's mount; after a reload, unsaved edits Decap restores from its backup stand on the version
 * they were built on; after a save, the text just written. GitHub is a stand-in `fetch` answering
 * what is on main now; Decap's store is the form's key and whether it came from a backup.
 */
import { fromJS } from "immutable"
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest"
import { adminStore } from "../../cms/app/admin-store"
import { draftMoment } from "../../cms/app/decap-internals/store"
import {
  SaveRefused,
  rememberEdited,
  rememberOpened,
  rememberSaved,
  refuseStaleSave,
} from "../../cms/app/entry-versions"
import { STALE_SAVE } from "../../cms/stale-save"

vi.mock("../../cms/app/decap-internals/store", () => ({
  draftMoment: vi.fn(),
  decapConfig: vi.fn(async () => CONFIG),
  reopenWith: vi.fn(),
}))

const CONFIG = {
  backend: { name: "github", repo: "aurelle/site", branch: "main", api_root: "https://api.test" },
  collections: [],
}
const FILE = "content/case-studies/wine.json"
type Documents = { en: Record<string, unknown>; fr: Record<string, unknown> }
const OPENED: Documents = {
  en: { title: "A cellar read by its buyers", client: "A Bordeaux house", slug: "wine" },
  fr: { title: "Une cave lue par ses acheteurs" },
}
const changed = (documents: Documents, field: string, value: string): Documents => ({
  ...documents,
  en: { ...documents.en, [field]: value },
})

/** The form as Decap holds it: the English document in data, the French under i18n. */
const form = ({ en, fr }: Documents) =>
  fromJS({
    path: FILE,
    slug: "wine",
    collection: "case-studies",
    newRecord: false,
    data: en,
    i18n: { fr: { data: fr } },
  })

/** GitHub's answers: no draft, and on main the file as `now` holds it, last saved by `author`. */
function githubHolds(now: Documents, author = "Aline Editor") {
  const text = JSON.stringify(now)
  const answer = (url: string): unknown => {
    if (url.includes("/pulls?")) return []
    if (url.includes("/commits?"))
      return [{ sha: "c2", commit: { message: "Update", author: { name: author, date: "2026-12-07T10:40:00Z" } } }]
    if (url.includes(`/contents/${FILE}?ref=c2`)) return { content: btoa(unescape(encodeURIComponent(text))) }
    throw new Error(`no answer for ${url}`)
  }
  const fetched = vi.fn(async (url: string) => new Response(JSON.stringify(answer(url)), { status: 200 }))
  vi.stubGlobal("fetch", fetched)
  return fetched
}

const formMoment = (key: string, fromBackup = false) => vi.mocked(draftMoment).mockReturnValue({ key, fromBackup })

beforeEach(() => {
  adminStore.reset()
  localStorage.clear()
})
afterEach(() => vi.unstubAllGlobals())

describe("the version a form stands on", () => {
  it("is what Decap loaded, read from no one at mount: a save between Decap's reading and the mount still refuses hers", async () => {
    const fetched = githubHolds(changed(OPENED, "title", "Read by its buyers, again"))
    formMoment("k1")
    rememberOpened(CONFIG, form(OPENED))
    expect(fetched).not.toHaveBeenCalled()
    const refusal = refuseStaleSave(form(changed(OPENED, "client", "A family house")))
    await expect(refusal).rejects.toBeInstanceOf(SaveRefused)
    await expect(refusal).rejects.toThrow(/^Aline Editor saved this entry on .+, after you opened it$/)
    expect(adminStore.now().versions.refused?.verdict.changes.map(({ where }) => where)).toEqual(["English › Title"])
  })

  it("lets a save through when main holds what the form loaded, whatever its formatting", async () => {
    githubHolds({ fr: OPENED.fr, en: Object.fromEntries(Object.entries(OPENED.en).reverse()) })
    formMoment("k1")
    rememberOpened(CONFIG, form(OPENED))
    await expect(refuseStaleSave(form(changed(OPENED, "client", "A family house")))).resolves.toBeUndefined()
  })

  it("after a reload, under edits Decap restored from its backup, is the version they were built on", async () => {
    githubHolds(changed(OPENED, "title", "Read by its buyers, again"))
    formMoment("k1")
    rememberOpened(CONFIG, form(OPENED))
    rememberEdited(form(changed(OPENED, "client", "A family house")))
    await Promise.resolve()
    // The page is loaded anew: Decap loads main's version, then restores her edits over the old title.
    adminStore.reset()
    formMoment("k2", true)
    const restored = form(changed(OPENED, "client", "A family house"))
    rememberOpened(CONFIG, restored)
    await expect(refuseStaleSave(restored)).rejects.toThrow(/^Aline Editor saved this entry/)
    // Had no one saved meanwhile, her restored edits would have been saved.
    githubHolds(OPENED)
    await expect(refuseStaleSave(restored)).resolves.toBeUndefined()
  })

  it("under restored edits whose version this browser did not keep, is unknown: refused, showing how the form differs from now", async () => {
    githubHolds(changed(OPENED, "title", "Read by its buyers, again"))
    formMoment("k2", true)
    const restored = form(changed(OPENED, "client", "A family house"))
    rememberOpened(CONFIG, restored)
    await expect(refuseStaleSave(restored)).rejects.toThrow(STALE_SAVE.unknownBase)
    const refused = adminStore.now().versions.refused
    expect(refused?.unknownBase).toBe(true)
    expect(refused?.verdict.changes.map(({ where, before, after }) => [where, before, after])).toEqual([
      ["English › Title", OPENED.en.title, "Read by its buyers, again"],
      ["English › Client", "A family house", OPENED.en.client],
    ])
  })

  it("after a save, for edits made since, is the text saved: a reload's restored edits go through", async () => {
    const saved = changed(OPENED, "client", "A family house")
    githubHolds(saved, "Camille Editor")
    formMoment("k1")
    rememberOpened(CONFIG, form(OPENED))
    rememberEdited(form(saved))
    await Promise.resolve()
    rememberSaved(form(saved), JSON.stringify(saved))
    // Decap keeps the form (and its key) after a save; she edits again, then reloads.
    const again = changed(saved, "title", "A cellar, read again")
    rememberEdited(form(again))
    await Promise.resolve()
    adminStore.reset()
    formMoment("k2", true)
    rememberOpened(CONFIG, form(again))
    await expect(refuseStaleSave(form(again))).resolves.toBeUndefined()
  })

  it("is where it stood when the form is drawn anew, and the text written once she has saved", async () => {
    githubHolds(changed(OPENED, "client", "A family house"), "Camille Editor")
    formMoment("k1")
    rememberOpened(CONFIG, form(OPENED))
    // A side drawn anew, the same form: still the version it opened.
    rememberOpened(CONFIG, form(changed(OPENED, "client", "A family house")))
    await expect(refuseStaleSave(form(OPENED))).rejects.toBeInstanceOf(SaveRefused)
    // Her own save wrote the client: the form stands on it, and her next save goes through.
    rememberSaved(form(OPENED), JSON.stringify(changed(OPENED, "client", "A family house")))
    await expect(refuseStaleSave(form(OPENED))).resolves.toBeUndefined()
  })

  it("asks again before publishing a draft changed since its form opened; from the board, with no form, publishes", async () => {
    githubHolds(changed(OPENED, "title", "Read by its buyers, again"))
    await expect(refuseStaleSave(form(OPENED), true)).resolves.toBeUndefined()
    formMoment("k1")
    rememberOpened(CONFIG, form(OPENED))
    await expect(refuseStaleSave(form(OPENED), true)).rejects.toThrow(STALE_SAVE.publishReason("Aline Editor"))
    expect(adminStore.now().versions.refused).toMatchObject({ path: FILE, publishing: true })
  })
})

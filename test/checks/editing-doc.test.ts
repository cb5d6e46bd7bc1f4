/**
 * The editors' document (docs/editing.md) speaks the admin's words: the buttons the CMS's browser tests press
 * and the messages they read (test/support/cms-admin.ts, e2e/cms-editing.spec.ts), as an editor finds them.
 */
import fs from "node:fs"
import path from "node:path"
import { describe, expect, it } from "vitest"
// Decap's English phrases as the admin bundle takes them (its ES module; the UMD build needs a browser).
import en from "decap-cms-locales/dist/esm/en/index.js"
import { adminPhrases } from "../../cms/app/admin-phrases"
import { NOTICE_KEYS } from "../../cms/app/decap-internals"
import { ENTRY_CHECK, REFUSAL_MESSAGE, RELEASE_STATE } from "../../cms/shared"
import { ADMIN_WORDS } from "../support/cms-admin"

const document = fs.readFileSync(path.resolve(__dirname, "../../docs/editing.md"), "utf8")
/** Its part on the CMS, its line breaks read as spaces (Prettier wraps the prose). */
const editing = document.slice(document.indexOf("## In the CMS"), document.indexOf("## The files")).replace(/\s+/g, " ")

describe("the editors' document on the CMS", () => {
  it.each([
    ["the sign-in button", `**${ADMIN_WORDS.login}**`],
    ["the local save, a menu under Publish", `**${ADMIN_WORDS.publish} ▸ ${ADMIN_WORDS.publishNow}**`],
    ["the delete button", `**${ADMIN_WORDS.deleteEntry}**`],
    ["the preview's button", `"${ADMIN_WORDS.togglePreview}"`],
    ["the other language's button", `"${ADMIN_WORDS.toggleOtherLanguage}"`],
    ["the language menu", `"${ADMIN_WORDS.writingIn("en")}"`],
    ["the form's first field", `"${ENTRY_CHECK.label}"`],
    ["the list of entries linking here", `"${ENTRY_CHECK.linkedHeading}"`],
    ["the refusal notice, word for word", REFUSAL_MESSAGE],
    ["a change live", `**${RELEASE_STATE.live} 14:02**`],
    ["a change on its way", `**${RELEASE_STATE.publishing} 14:00**`],
    ["a change refused", `**${RELEASE_STATE.refused}**`],
    ["GitHub not answering", `**${RELEASE_STATE.noAnswer} 14:05**`],
    ["the checks unable to run", `"${ENTRY_CHECK.cannotCheckHeading}"`],
  ])("names %s as the admin shows it", (_what, words) => {
    expect(editing).toContain(words)
  })

  it("says the delete question reminds of the links, as the admin asks it", () => {
    // The question Decap asks before deleting, at its key among the phrases the admin registers.
    const asked = [NOTICE_KEYS.deletePublished, NOTICE_KEYS.deleteWithUnsaved].map((keys) =>
      keys.reduce<unknown>((node, key) => (node as Record<string, unknown>)[key], adminPhrases(en)),
    )
    for (const question of asked) expect(question).toContain(`"${ENTRY_CHECK.linkedHeading}"`)
    expect(editing).toMatch(/Delete entry\*\* asks first, reminding you of that list/)
    expect(editing).toContain(`"${ENTRY_CHECK.linkedHeading}"`)
  })
})

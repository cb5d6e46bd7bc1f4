/**
 * Everything the admin relies on that Decap CMS does not document or promise, in one place: the
 * props Decap hands a control beyond its custom-widget docs, the entry's other languages in its store,
 * the kind of error that makes it show its "missed a required field" notice, the key of its notices'
 * wording, the promise it rejects without a reason when it refuses a save, where it keeps the
 * signed-in editor, how its routes and its form's markup are made.
 *
 * Its parts: what a control is given and how a refusal is said (control.ts), the admin's screen and
 * Decap's form's markup (screen.ts), Decap's store (store.ts, imported by its own path).
 *
 * Each is checked against the installed Decap by test/cms/decap-contract.test.ts, which names the
 * version it was verified on (DECAP_VERIFIED) and is seen failing against a copy of Decap with that
 * internal renamed. At run time, a control given props of another shape is told so
 * (`missingControlInternals`): the form says the checks cannot run and why, and refuses to save.
 *
 * What Decap does document is used as documented, elsewhere: registerWidget, registerEventListener
 * (preSave, postSave), registerPreviewTemplate, registerLocale, a control's value, field, forID, onChange and
 * isValid, a preview's entry.get("data").
 */
export * from "./control"
export * from "./screen"
// Decap's store (store.ts) is imported from its own file: it starts Decap's modules, which need a browser.

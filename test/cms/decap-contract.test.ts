/**
 * What the admin relies on that Decap does not document (cms/app/decap-internals/), checked against
 * the Decap the admin is built with: each internal, the file of Decap that makes it so, and what must
 * be true of it. Each check is shown failing against a copy of that file with the internal renamed, as
 * a Decap release that changed it would be: then the admin's checks could switch off without a sound,
 * and this test is where it is heard first. Verified on DECAP_VERIFIED; a new Decap fails the version
 * check until each internal has been looked at again.
 */
import path from "node:path"
import { describe, expect, it } from "vitest"
import { type InternalContract, checkInternals } from "../support/internals-contract"
// Decap's English phrases as the admin bundle takes them (its ES module; the UMD build needs a browser).
import en from "decap-cms-locales/dist/esm/en/index.js"
import {
  CONTROL_INTERNALS,
  DECAP_VERIFIED,
  NOTICE_KEYS,
  decapChanged,
  missingControlInternals,
  withNotices,
} from "../../cms/app/decap-internals"

const ROOT = path.resolve(__dirname, "../..")
/** Decap's parts as the admin's script takes them: from decap-cms-app's folder (cms/bundle.ts). */
const APP = path.dirname(require.resolve("decap-cms-app/package.json", { paths: [ROOT] }))
const resolveFrom = (name: string) => path.dirname(require.resolve(`${name}/package.json`, { paths: [APP] }))
const CORE = resolveFrom("decap-cms-core")
const LOCALES = resolveFrom("decap-cms-locales")

/** The keys of the props object Decap's Widget hands a control (`createElement(controlComponent, {…})`). */
function controlPropKeys(widget: string): string[] {
  const start = widget.indexOf("createElement(controlComponent, {")
  if (start < 0) return []
  const body = widget.slice(start, widget.indexOf("});", start))
  return [...body.matchAll(/^\s*(\w+)(?=[,:]|$)/gm)].map(([, key]) => key)
}

type Contract = InternalContract

/** The props the adapter requires (its run-time check's list), and the side's language. */
const CONTROL_PROPS = [...CONTROL_INTERNALS, "locale"]

const CONTRACTS: Contract[] = [
  ...CONTROL_PROPS.map((prop): Contract => ({
    internal: `a control's “${prop}” prop`,
    pkg: CORE,
    file: "dist/esm/components/Editor/EditorControlPane/Widget.js",
    holds: (source) => controlPropKeys(source).includes(prop),
    changed: (source) => {
      const start = source.indexOf("createElement(controlComponent, {")
      const renamed = source.slice(start).replace(new RegExp(`^(\\s*)${prop}(?=[,:])`, "m"), `$1${prop}Renamed`)
      return source.slice(0, start) + renamed
    },
  })),
  {
    internal: "each other language's document at i18n.<locale>.data of the entry",
    pkg: CORE,
    file: "dist/esm/lib/i18n.js",
    holds: (source) => /export const I18N = 'i18n';/.test(source) && source.includes("return [I18N, locale, 'data'];"),
    changed: (source) => source.replace("return [I18N, locale, 'data'];", "return [I18N, locale, 'fields'];"),
  },
  {
    internal: "a new entry's draft marked newRecord: true",
    pkg: CORE,
    file: "dist/esm/reducers/entryDraft.js",
    holds: (source) => source.includes("state.setIn(['entry', 'newRecord'], true);"),
    changed: (source) => source.replaceAll("'newRecord'", "'isNew'"),
  },
  {
    internal: "an entry's collection under “collection”",
    pkg: CORE,
    file: "dist/esm/valueObjects/Entry.js",
    holds: (source) => /const returnObj = \{\s*collection,/.test(source),
    changed: (source) =>
      source.replace(/const returnObj = \{\s*collection,/, "const returnObj = {\n    collectionName: collection,"),
  },
  {
    internal: "the “PRESENCE” kind of error, the one Decap's notice announces",
    pkg: CORE,
    file: "dist/esm/actions/entries.js",
    holds: (source) =>
      /error\.type === ValidationErrorTypes\.PRESENCE\)\);\s*if \(hasPresenceErrors\) \{\s*dispatch\(addNotification\(\{\s*message: \{\s*key: 'ui\.toast\.missingRequiredField'/.test(
        source,
      ),
    changed: (source) => source.replace("ValidationErrorTypes.PRESENCE)", "ValidationErrorTypes.REQUIRED)"),
  },
  {
    internal: "“PRESENCE” as the presence kind's value",
    pkg: CORE,
    file: "dist/esm/constants/validationErrorTypes.js",
    holds: (source) => source.includes("PRESENCE: 'PRESENCE'"),
    changed: (source) => source.replace("PRESENCE: 'PRESENCE'", "PRESENCE: 'presence'"),
  },
  {
    internal: "a refused save rejected with no reason",
    pkg: CORE,
    file: "dist/esm/actions/entries.js",
    holds: (source) => /if \(!fieldsErrors\.isEmpty\(\)\) \{[\s\S]{0,600}?return Promise\.reject\(\);/.test(source),
    changed: (source) => source.replace("return Promise.reject();", "throw new Error('invalid');"),
  },
  ...Object.entries(NOTICE_KEYS).map(([name, keys]): Contract => ({
    internal: `the wording of the notice at ${keys.join(".")} (${name})`,
    pkg: LOCALES,
    file: "dist/esm/en/index.js",
    holds: (source) => new RegExp(`${keys.at(-1)}: ["']`).test(source),
    changed: (source) => source.replace(new RegExp(`${keys.at(-1)}: `), `${keys.at(-1)}Renamed: `),
  })),
  {
    internal: "the signed-in editor in localStorage “decap-cms-user”, with backendName and token",
    pkg: CORE,
    file: "dist/esm/backend.js",
    holds: (source) =>
      source.includes("storageKey = 'decap-cms-user';") && /backendName: this\.backendName/.test(source),
    changed: (source) => source.replace("storageKey = 'decap-cms-user';", "storageKey = 'decap-cms-session';"),
  },
  {
    internal: "routes in the address's hash: #/collections/<name>/entries/…, …/new",
    pkg: CORE,
    file: "dist/esm/routing/history.js",
    holds: (source) => /createHashHistory\(\)/.test(source),
    changed: (source) => source.replaceAll("createHashHistory", "createBrowserHistory"),
  },
  {
    internal: "the entry form's routes",
    pkg: CORE,
    file: "dist/esm/components/App/App.js",
    holds: (source) =>
      source.includes('path: "/collections/:name/new"') && source.includes('path: "/collections/:name/entries/*"'),
    changed: (source) => source.replace('path: "/collections/:name/entries/*"', 'path: "/collections/:name/edit/*"'),
  },
  {
    internal: "a field's label: label[for] its control, “ (optional)” after an optional one's name",
    pkg: CORE,
    file: "dist/esm/components/Editor/EditorControlPane/EditorControl.js",
    holds: (source) =>
      /htmlFor: uniqueFieldId/.test(source) && source.includes("` (${t('editor.editorControl.field.optional')})`"),
    changed: (source) => source.replace("htmlFor: uniqueFieldId", "id: uniqueFieldId"),
  },
  {
    internal: "“optional” as the English word after an optional field's name",
    pkg: LOCALES,
    file: "dist/esm/en/index.js",
    holds: (source) => source.includes("optional: 'optional'"),
    changed: (source) => source.replace("optional: 'optional'", "optional: 'not required'"),
  },
  {
    internal: "a save a preSave handler refused rejected with Decap's failure action, its error the handler's",
    pkg: CORE,
    file: "dist/esm/actions/editorialWorkflow.js",
    holds: (source) =>
      source.includes(
        "return Promise.reject(dispatch(unpublishedEntryPersistedFail(error, collection, entry.get('slug'))));",
      ) &&
      /function unpublishedEntryPersistedFail\(error, collection, slug\) \{\s*return \{[\s\S]{0,200}?\},\s*error\s*\};/.test(
        source,
      ),
    changed: (source) => source.replace(/(slug\s*\},)\s*error\s*\};/, "$1\n    failure: error\n  };"),
  },
  {
    internal: "the store, exported by decap-cms-core's redux module",
    pkg: CORE,
    file: "dist/esm/redux/index.js",
    holds: (source) => source.includes("export { store };"),
    changed: (source) => source.replace("export { store };", "export { store as decapStore };"),
  },
  {
    internal: "the configuration and the collections at the store's state.config, state.collections",
    pkg: CORE,
    file: "dist/esm/reducers/index.js",
    holds: (source) => /const reducers = \{[^}]*\n\s*config,\s*collections,/.test(source),
    changed: (source) => source.replace(/(const reducers = \{[^}]*)\bconfig,/, "$1cmsConfig: config,"),
  },
  {
    internal: "loadUnpublishedEntry(collection, slug) loads an entry's draft, else the published entry",
    pkg: CORE,
    file: "dist/esm/actions/editorialWorkflow.js",
    holds: (source) =>
      source.includes("export function loadUnpublishedEntry(collection, slug) {") &&
      /error\.notUnderEditorialWorkflow\) \{\s*dispatch\(unpublishedEntryRedirected\(collection, slug\)\);\s*dispatch\(loadEntry\(collection, slug\)\);/.test(
        source,
      ),
    changed: (source) => source.replace("dispatch(loadEntry(collection, slug));", "dispatch(loadEntries(collection));"),
  },
  {
    internal: "changeDraftField({ field, value, metadata, entries, i18n }) sets a field on a language's side",
    pkg: CORE,
    file: "dist/esm/actions/entries.js",
    holds: (source) =>
      /export function changeDraftField\(\{\s*field,\s*value,\s*metadata,\s*entries,\s*i18n\s*\}\)/.test(source),
    changed: (source) =>
      source.replace("export function changeDraftField({", "export function changeDraftField(field, {"),
  },
  {
    internal: "the form at the store's state.entryDraft",
    pkg: CORE,
    file: "dist/esm/reducers/index.js",
    holds: (source) => /const reducers = \{[^}]*\n\s*entryDraft,/.test(source),
    changed: (source) => source.replace(/(const reducers = \{[^}]*)\bentryDraft,/, "$1draft: entryDraft,"),
  },
  {
    internal: "a form created from an entry: a new key, no unsaved changes",
    pkg: CORE,
    file: "dist/esm/reducers/entryDraft.js",
    holds: (source) =>
      /case DRAFT_CREATE_FROM_ENTRY:[\s\S]{0,400}?state\.set\('hasChanged', false\);\s*state\.set\('key', crypto\.randomUUID\(\)\);/.test(
        source,
      ),
    changed: (source) =>
      source.replace(/(case DRAFT_CREATE_FROM_ENTRY:[\s\S]{0,400}?)state\.set\('key', crypto\.randomUUID\(\)\);/, "$1"),
  },
  {
    internal: "the form drawn anew (its controls mounted again) under each new key of the draft",
    pkg: CORE,
    file: "dist/esm/components/Editor/EditorInterface.js",
    holds: (source) => /editorWithNotes: editorWithNotes\s*\}\)\]\s*\}, draftKey\)\]/.test(source),
    changed: (source) => source.replace(/(editorWithNotes: editorWithNotes\s*\}\)\]\s*\}), draftKey\)\]/, "$1)]"),
  },
  {
    internal: "the draft's key handed to the form as draftKey",
    pkg: CORE,
    file: "dist/esm/components/Editor/Editor.js",
    holds: (source) => source.includes("const draftKey = entryDraft.get('key');"),
    changed: (source) => source.replace("const draftKey = entryDraft.get('key');", "const draftKey = 'form';"),
  },
  {
    internal: "a backup of unsaved edits offered at the form's localBackup",
    pkg: CORE,
    file: "dist/esm/reducers/entryDraft.js",
    holds: (source) =>
      /case DRAFT_LOCAL_BACKUP_RETRIEVED:[\s\S]{0,200}?return state\.set\('localBackup', newState\);/.test(source),
    changed: (source) =>
      source.replace("return state.set('localBackup', newState);", "return state.set('backup', newState);"),
  },
  {
    internal: "a form restored from its backup: the backup gone from localBackup, a new key, unsaved changes",
    pkg: CORE,
    file: "dist/esm/reducers/entryDraft.js",
    holds: (source) =>
      /case DRAFT_CREATE_FROM_LOCAL_BACKUP:[\s\S]{0,100}?state\.get\('localBackup'\);[\s\S]{0,100}?state\.delete\('localBackup'\);[\s\S]{0,400}?state\.set\('hasChanged', true\);\s*state\.set\('key', crypto\.randomUUID\(\)\);/.test(
        source,
      ),
    changed: (source) =>
      source.replace(
        /(case DRAFT_CREATE_FROM_LOCAL_BACKUP:[\s\S]{0,600}?)state\.set\('hasChanged', true\);/,
        "$1state.set('hasChanged', false);",
      ),
  },
  {
    internal: "a changed field counts as unsaved unless the draft equals one of the entries given",
    pkg: CORE,
    file: "dist/esm/reducers/entryDraft.js",
    holds: (source) =>
      source.includes("state.set('hasChanged', !entries.some(e => newData.equals(e.get(...dataPath)))"),
    changed: (source) => source.replace("!entries.some(e => newData.equals", "entries.every(e => !newData.equals"),
  },
  {
    internal: "a preSave or prePublish handler that throws stops the save or publish before anything is written",
    pkg: CORE,
    file: "dist/esm/backend.js",
    holds: (source) =>
      /async persistEntry\(\{[\s\S]{0,300}?\}\) \{\s*const updatedEntity = await this\.invokePreSaveEvent\(draft\.get\('entry'\)\);/.test(
        source,
      ) &&
      /await this\.invokePrePublishEvent\(entry\);\s*await this\.implementation\.publishUnpublishedEntry\(/.test(
        source,
      ),
    changed: (source) =>
      source.replace(
        "await this.invokePrePublishEvent(entry);\n    await this.implementation.publishUnpublishedEntry(",
        "this.invokePrePublishEvent(entry).catch(() => {});\n    await this.implementation.publishUnpublishedEntry(",
      ),
  },
  {
    internal: "no word to a control when an asset it asked for has loaded (isLoadingAsset stays with EditorControl)",
    pkg: CORE,
    file: "dist/esm/components/Editor/EditorControlPane/Widget.js",
    holds: (source) => !controlPropKeys(source).includes("isLoadingAsset"),
    changed: (source) =>
      source.replace("createElement(controlComponent, {", "createElement(controlComponent, {\n      isLoadingAsset,"),
  },
  {
    internal: "an image still loading answered with a placeholder of another path (empty.svg)",
    pkg: CORE,
    file: "dist/esm/actions/media.js",
    holds: (source) => /const emptyAsset = createAssetProxy\(\{\s*path: 'empty\.svg'/.test(source),
    changed: (source) => source.replace("path: 'empty.svg'", "path: undefined"),
  },
]

describe(`Decap's internals the admin relies on (verified on ${DECAP_VERIFIED})`, () => {
  checkInternals({ name: "Decap", pkg: CORE, verified: DECAP_VERIFIED, root: ROOT }, CONTRACTS)
})

describe("at run time", () => {
  it("a control given props of another shape names what is missing, and the version the checks know", () => {
    const given = {
      config: { backend: { name: "github" }, collections: [] },
      collection: { get: () => undefined },
      getEntry: () => null,
      query: async () => ({}),
      validate: () => {},
      clearFieldErrors: () => {},
    }
    expect(missingControlInternals(given)).toEqual(["loadEntry"])
    expect(missingControlInternals({ ...given, loadEntry: async () => ({}) })).toEqual([])
    expect(missingControlInternals({ ...given, config: {}, collection: "case-studies" })).toEqual([
      "config",
      "collection",
      "loadEntry",
    ])
    expect(decapChanged(["loadEntry"])).toBe(
      `Decap no longer gives the form “loadEntry” (the checks were verified on ${DECAP_VERIFIED}).`,
    )
  })

  it("the notices the admin rewords are at their keys in Decap's English phrases, which stay as they are", () => {
    const words = {
      refused: "R",
      deletePublished: "D",
      deleteWithUnsaved: "U",
      noUnsavedChanges: "N",
      notSaved: "S",
      notPublished: "P",
    }
    const reworded = withNotices(en, words) as Record<string, any>
    for (const [name, keys] of Object.entries(NOTICE_KEYS)) {
      expect(keys.reduce((node, key) => node[key], reworded)).toBe(words[name as keyof typeof words])
      expect(typeof keys.reduce((node: Record<string, any>, key) => node[key], en as Record<string, any>)).toBe(
        "string",
      )
    }
    expect((en as any).ui.toast.missingRequiredField).not.toBe("R")
  })
})

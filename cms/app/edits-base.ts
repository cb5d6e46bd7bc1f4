/**
 * The version a form's unsaved edits are built on, kept in the browser while they are unsaved. Decap
 * keeps a backup of unsaved edits across reloads and offers it when the entry is opened again; a form
 * restored from it stands on the version its edits were built on, not the one loaded now
 * (entry-versions.ts), so another editor's save in between is still seen. Written at each edit,
 * forgotten at a save; the hundred files edited last are kept.
 */
import { isRecord } from "../../contracts/json"

const KEY = "aurelle-admin-edits-base"
const KEPT = 100

type Bases = Record<string, { text: string | null; at: number }>

/** What this browser keeps; anything else there (another release's shape, a hand edit) counts as nothing. */
function read(): Bases {
  let stored: unknown
  try {
    stored = JSON.parse(localStorage.getItem(KEY) ?? "{}")
  } catch {
    return {}
  }
  if (!isRecord(stored)) return {}
  const bases: Bases = {}
  for (const [file, base] of Object.entries(stored)) {
    if (!isRecord(base) || typeof base.at !== "number") continue
    if (typeof base.text === "string" || base.text === null) bases[file] = { text: base.text, at: base.at }
  }
  return bases
}

function write(bases: Bases): void {
  const kept = Object.entries(bases)
    .sort(([, left], [, right]) => right.at - left.at)
    .slice(0, KEPT)
  try {
    localStorage.setItem(KEY, JSON.stringify(Object.fromEntries(kept)))
  } catch {
    // A full or refused storage keeps nothing: a restored backup is then refused as unknown, never let through.
  }
}

/** The text `file`'s unsaved edits are built on; undefined when this browser kept none. */
export const editsBase = (file: string): string | null | undefined => read()[file]?.text

export function keepEditsBase(file: string, text: string | null, now = Date.now()): void {
  write({ ...read(), [file]: { text, at: now } })
}

export function forgetEditsBase(file: string): void {
  const bases = read()
  if (!(file in bases)) return
  delete bases[file]
  write(bases)
}

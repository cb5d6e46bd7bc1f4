/**
 * How a command of the release command ends (cli.ts, the one place an exit status is chosen): what it
 * threw, as an exit status and the words said, on standard output for an ending that changed
 * nothing by design, on standard error for a failure.
 */
import { HELD_STATUS, HeldForCalendar } from "../stamp"
import { NotPreviewed } from "../previews"
import { NotReplacing } from "../releases"
import { UsageError } from "./command"

/** The exit statuses a command may end with, other than 0 and 1 (a failure, said on standard error). */
export const EXIT = {
  /** The command line says nothing a command can do: nothing ran. */
  usage: 2,
  /** A release --replacing a commit no longer live: nothing was changed. */
  notReplacing: 3,
  /** A release, or a stamp, held for the calendar: nothing was changed. */
  held: HELD_STATUS,
  /** A preview not made because a later state of its pull request is known already: nothing was changed. */
  notPreviewed: 5,
} as const

export const EPILOGUE = `Exit status: 0 done; 1 stopped, said on standard error; ${EXIT.usage} a command line refused;
${EXIT.notReplacing} a release --replacing a commit no longer live; ${EXIT.held} held for the calendar; ${EXIT.notPreviewed} a preview
not made because a later change of its draft, or its close, reached the host first. In every case
but 0, nothing was changed.
In a clone: npm run release -- --root DIR [--from PATH] [options], npm run rollback -- --root DIR.`

/** How a command that threw ends: its status, and what it says where. */
export function ending(name: string, error: Error): { status: number; say: string; out?: boolean } {
  if (error instanceof UsageError)
    return { status: EXIT.usage, say: `${error.message}\n(node release.cjs ${name} --help)` }
  if (error instanceof HeldForCalendar) return { status: EXIT.held, say: `Held for the calendar: ${error.message}` }
  if (error instanceof NotReplacing)
    return {
      status: EXIT.notReplacing,
      say: `Not released: ${error.message}; the calendar's next run looks again.`,
      out: true,
    }
  if (error instanceof NotPreviewed)
    return { status: EXIT.notPreviewed, say: `Not previewed: ${error.message}`, out: true }
  return { status: 1, say: `${name} stopped: ${error.message}` }
}

/** The kinds of value the contracts hold, checked the same way wherever one is written or read. */
import * as z from "zod/mini"

/** A commit named in full: 40 hexadecimal characters, as git and GitHub write it. */
export const commitHash = z.string().check(z.regex(/^[0-9a-f]{40}$/))

/** How many commits a commit stands on, itself included (`git rev-list --count`). */
export const commitDepth = z.int().check(z.positive())

export const isCommitHash = (value: unknown): value is string => commitHash.safeParse(value).success

/** A time, as contracts/time.ts checks every one: ISO 8601 with its offset, a real instant. */
export { isOffsetTime as isTime } from "./time"

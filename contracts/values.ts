/** The kinds of value the contracts hold, checked the same way wherever one is written or read. */

/** A commit named in full: 40 hexadecimal characters, as git and GitHub write it. */
export const isCommitHash = (value: unknown): value is string =>
  typeof value === "string" && /^[0-9a-f]{40}$/.test(value)

/** A time, as contracts/time.ts checks every one: ISO 8601 with its offset, a real instant. */
export { isOffsetTime as isTime } from "./time"

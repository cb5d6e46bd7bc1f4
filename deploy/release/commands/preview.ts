/**
 * `preview` (a pull request's build, made with `npm run build:preview`, served to the editors at its
 * address), `preview-closed` (a pull request closed or merged: its previews removed) and `previews
 * --open` (every preview of a pull request not in the list removed: the build server's reconciling),
 * on the nginx host (deploy/release/previews.ts). None takes the release lock, nor touches a release.
 */
import { isOffsetTime } from "../../../contracts/time"
import { megabytes } from "../disk"
import { NotPreviewed, makePreview, removePreviews } from "../previews"
import { USAGE } from "../usage"
import { type Options, artifactOf, fail, rootOf } from "./command-line"

/** A preview that was not made because a later state is known already: said, nothing changed. */
export const NOT_PREVIEWED_STATUS = 5

const pullOf = (value: string | undefined): number => {
  const pull = Number(value)
  return Number.isInteger(pull) && pull > 0
    ? pull
    : fail(`--pull must be a pull request's number, not ${JSON.stringify(value)}`)
}

const timeOf = (value: string | undefined, what: string): string =>
  isOffsetTime(value)
    ? value
    : fail(`--at must be ${what}, an ISO 8601 time with its offset, not ${JSON.stringify(value)}`)

const wholeOf = (value: string | undefined, option: string, least: number): number => {
  const number = Number(value)
  return Number.isInteger(number) && number >= least
    ? number
    : fail(`${option} must be a whole number, ${least} or more`)
}

const stopped = (error: Error): never => {
  if (error instanceof NotPreviewed) {
    console.log(`Not previewed: ${error.message}`)
    process.exit(NOT_PREVIEWED_STATUS)
  }
  return fail(`preview stopped: ${error.message}`)
}

export const previewCommand = (options: Options): Promise<void> =>
  makePreview(artifactOf(options, "preview needs a build"), rootOf(options, USAGE), {
    pull: pullOf(options.pull),
    token: options.token ?? fail("--token is required: the token the build was made with (SITE_PREVIEW_TOKEN)"),
    at: timeOf(options.at, "when the change was made"),
    keep: wholeOf(options["keep-previews"], "--keep-previews", 1),
    diskBytes: wholeOf(options["previews-disk-mb"], "--previews-disk-mb", 1) * 1024 * 1024,
  }).then(
    (report) =>
      console.log(`Previewed pull request #${options.pull} at ${report.address}
  files: ${megabytes(report.copiedBytes)} copied, ${megabytes(report.linkedBytes)} linked from the releases kept
  removed: ${report.removed.join(", ") || "(none)"}`),
    stopped,
  )

export const previewClosedCommand = (options: Options): Promise<void> =>
  removePreviews(rootOf(options, USAGE), {
    closed: { pull: pullOf(options.pull), at: timeOf(options.at, "when it was closed") },
  }).then(
    (removed) => console.log(`Pull request #${options.pull} closed: ${removed.length} preview(s) removed`),
    stopped,
  )

export const previewsCommand = (options: Options): Promise<void> => {
  const open = (options.open ?? fail("--open is required: the open pull requests' numbers, separated by commas"))
    .split(",")
    .filter(Boolean)
    .map((pull) => pullOf(pull.trim()))
  return removePreviews(rootOf(options, USAGE), { open, at: timeOf(options.at, "when the list was read") }).then(
    (removed) => console.log(`${removed.length} preview(s) of pull requests no longer open removed`),
    stopped,
  )
}

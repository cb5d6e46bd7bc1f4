/**
 * `preview`: a pull request's build (made with `npm run build:preview`), served to the editors at its
 * address on the nginx host (deploy/release/previews.ts). From an artifact's folder here; through the
 * previews' SSH key, from an upload (commands/gate.ts). It takes no release's lock, nor touches a release.
 */
import type { Readable } from "node:stream"
import { megabytes } from "../root/disk"
import { type PreviewReport, makePreview } from "../previews"
import { type Values, command } from "./command"
import { artifactOf } from "./host"
import { FROM, PREVIEW_BOUNDS, ROOT, atOption, pullOption, previewToken } from "./options"
import { required } from "./command"

/** The line that names the preview's address, for the build server to read: "preview: /preview/<token>/". */
export const PREVIEW_LINE = "preview: "

export const PREVIEW_OPTIONS = {
  pull: pullOption("the pull request's number"),
  token: required("T", "the token the build was made with (SITE_PREVIEW_TOKEN)", previewToken),
  at: atOption("when the change was made", "when the change it shows was made (the pull request's event)"),
  ...PREVIEW_BOUNDS,
}

/** What the operator, or the build server, reads once a preview is served. */
function said(pull: number, report: PreviewReport): string {
  const lines = report.already
    ? [`Previewed already: this change of pull request #${pull} is served at ${report.address}; nothing was changed`]
    : [
        `Previewed pull request #${pull} at ${report.address}`,
        `  files: ${megabytes(report.copiedBytes)} copied, ${megabytes(report.linkedBytes)} linked from the releases kept`,
        `  removed: ${report.removed.join(", ") || "(none)"}`,
      ]
  return [...lines, `${PREVIEW_LINE}${report.address}`].join("\n")
}

/** The preview of `source` (an artifact's folder, or an upload) made on `root` as `values` ask. */
export async function preview(
  source: string | Readable,
  root: string,
  values: Values<typeof PREVIEW_OPTIONS>,
): Promise<void> {
  const report = await makePreview(source, root, {
    pull: values.pull,
    token: values.token,
    at: values.at,
    keep: values["keep-previews"],
    diskBytes: values["previews-disk-mb"] * 1024 * 1024,
  })
  console.log(said(values.pull, report))
}

export const previewCommand = command({
  name: "preview",
  summary: `In an artifact of npm run build:preview: a draft's preview at /preview/T/, for the editors; the
pull request's previous one replaced. A change older than one previewed, or made before the pull
request closed, changes nothing and exits with status 5; the same change again says where it is.`,
  options: { ...ROOT, ...FROM, ...PREVIEW_OPTIONS },
  run: (values) => preview(artifactOf(values.from, "preview needs a build"), values.root, values),
})

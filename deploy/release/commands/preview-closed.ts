/** `preview-closed`: a pull request closed or merged, its previews removed (deploy/release/previews.ts). */
import { removePreviews } from "../previews"
import { command } from "./command"
import { ROOT, atOption, pullOption } from "./options"

export const PREVIEW_CLOSED_OPTIONS = {
  pull: pullOption("the pull request's number"),
  at: atOption("when it was closed", "when it was closed (a run of a change made before is refused)"),
}

export const previewClosedCommand = command({
  name: "preview-closed",
  summary: "A pull request closed or merged: its previews removed, and a change of it made before refused.",
  options: { ...ROOT, ...PREVIEW_CLOSED_OPTIONS },
  run: async (values) => {
    const removed = await removePreviews(values.root, { closed: { pull: values.pull, at: values.at } })
    console.log(`Pull request #${values.pull} closed: ${removed.length} preview(s) removed`)
  },
})

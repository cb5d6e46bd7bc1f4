/** `previews --open`: every preview of a pull request not listed removed, the build server's reconciling. */
import { removePreviews } from "../previews"
import { Refused, command, required } from "./command"
import { ROOT, atOption, pullNumber } from "./options"

/** The open pull requests' numbers, separated by commas; none is an empty list. */
function pullNumbers(value: string): number[] {
  const numbers = value === "" ? [] : value.split(",").map((part) => pullNumber(part))
  if (numbers.length > 1000)
    throw new Refused(`lists ${numbers.length} pull requests, more than the 1000 the build server reads`)
  return numbers
}

export const PREVIEWS_OPTIONS = {
  open: required("N,M,...", "the open pull requests' numbers, separated by commas (none: an empty value)", pullNumbers),
  at: atOption("when the list was read", "when the build server read the list (a preview of a later change is kept)"),
}

export const previewsCommand = command({
  name: "previews",
  summary: "Every preview of a pull request not listed removed: the open ones as the build server read them.",
  options: { ...ROOT, ...PREVIEWS_OPTIONS },
  run: async (values) => {
    const removed = await removePreviews(values.root, { open: values.open, at: values.at })
    console.log(`${removed.length} preview(s) of pull requests no longer open removed`)
  },
})

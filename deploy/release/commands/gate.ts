/**
 * `gate`: the forced command of the previews' SSH key (docs/deploying.md, "Previews of drafts"). sshd
 * runs it, whatever the key's holder asked, with what was asked in SSH_ORIGINAL_COMMAND; it runs
 * only the live release's own code, on the root it was written for, and of what was asked it takes
 * only four commands, each with its own options read by their declarations: `preview-lacks` (which
 * files of a preview's build the host lacks: it changes nothing), `preview` (the upload on standard
 * input placed as a pull request's preview), `preview-closed` and `previews` (the reconciling). The
 * text asked is read, never run: no shell sees it, a character outside those the four take is
 * refused, and so is anything else, in words, with exit status 2.
 */
import path from "node:path"
import { preview, PREVIEW_OPTIONS } from "./preview"
import { PREVIEW_CLOSED_OPTIONS, previewClosedCommand } from "./preview-closed"
import { PREVIEWS_OPTIONS, previewsCommand } from "./previews"
import { lacks } from "./preview-lacks"
import { type Options, type Values, UsageError, command, readOptions } from "./command"
import { ROOT } from "./options"

interface Gated<O extends Options> {
  options: O
  run: (values: Values<O>, root: string) => Promise<void>
}
const gated = <O extends Options>(spec: Gated<O>): Gated<O> => spec

/** What the previews' key may ask, with the options of each (never --root, --from or nginx's). */
export const GATED = {
  "preview-lacks": gated({ options: {}, run: (_values, root) => lacks(root, process.stdin) }),
  preview: gated({ options: PREVIEW_OPTIONS, run: (values, root) => preview(process.stdin, root, values) }),
  "preview-closed": gated({
    options: PREVIEW_CLOSED_OPTIONS,
    run: (values, root) => previewClosedCommand.run({ ...values, root }),
  }),
  previews: gated({ options: PREVIEWS_OPTIONS, run: (values, root) => previewsCommand.run({ ...values, root }) }),
}
type Verb = keyof typeof GATED

/** The characters the four commands' options are written in: numbers, times, tokens, lists. */
const ASKED = /^[A-Za-z0-9 ,:.+=_-]*$/
/** Long enough for `previews --open=` with the 1000 pull requests the build server lists, each up to 16 digits. */
const MAX_ASKED = 20_000

const only = `The previews' key runs only ${Object.keys(GATED).join(", ")} (docs/deploying.md, "Previews of drafts")`

/** What SSH_ORIGINAL_COMMAND asks, read into one of the four commands and its options; refused otherwise. */
export function readAsked(asked: string | undefined): { verb: Verb; values: Record<string, unknown> } {
  if (!asked) throw new UsageError(`${only}: a command is needed, and no shell is given`)
  if (asked.length > MAX_ASKED) throw new UsageError(`${only}: what was asked is ${asked.length} characters long`)
  const odd = [...asked].find((character) => !ASKED.test(character))
  if (odd !== undefined)
    throw new UsageError(
      `${only}: ${JSON.stringify(odd)} is no character of their options, and nothing is run by a shell`,
    )
  const [verb, ...args] = asked.split(" ").filter(Boolean)
  if (verb === undefined) throw new UsageError(`${only}: a command is needed, and no shell is given`)
  if (!Object.hasOwn(GATED, verb)) throw new UsageError(`${only}: not ${JSON.stringify(verb.slice(0, 80))}`)
  const spec = GATED[verb as Verb]
  const values = readOptions({ name: verb, summary: "", options: spec.options as Options, run: async () => {} }, args)
  if (!values) throw new UsageError(`${only}: --help is for the command line`)
  return { verb: verb as Verb, values }
}

export const gateCommand = command({
  name: "gate",
  summary: `The previews' SSH key's forced command (sshd runs it with SSH_ORIGINAL_COMMAND): only
${Object.keys(GATED).join(", ")}, on DIR, their options read here, anything else refused.`,
  options: ROOT,
  run: async (values) => {
    const { verb, values: asked } = readAsked(process.env.SSH_ORIGINAL_COMMAND)
    const spec = GATED[verb] as Gated<Options>
    await spec.run(asked as Values<Options>, path.resolve(values.root))
  },
})

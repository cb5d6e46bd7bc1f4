/**
 * The release command: `npm run release`, `npm run rollback`, and the artifact's `release.cjs` (this
 * file bundled by `npm run artifact`), which runs on the nginx host with Node alone. One file per
 * command under commands/, each declaring its options with their help; the usage and each command's
 * --help are made from those declarations (commands/command.ts). This is the one place a command line
 * is read and an exit status chosen: a command throws, and what it throws says how it ended.
 * docs/deploying.md, "On one server (nginx)", says what the operator sees.
 */
import { type Command, commandHelp, readOptions, usage } from "./commands/command"
import { EPILOGUE, EXIT, ending } from "./commands/exit"
import { gateCommand } from "./commands/gate"
import { previewCommand } from "./commands/preview"
import { previewClosedCommand } from "./commands/preview-closed"
import { previewLacksCommand } from "./commands/preview-lacks"
import { previewsCommand } from "./commands/previews"
import { releaseCommand } from "./commands/release"
import { reportCommand } from "./commands/report"
import { rollbackCommand } from "./commands/rollback"
import { stampCommand } from "./commands/stamp"
import { tickCommand } from "./commands/tick"
import { uploadListCommand } from "./commands/upload-list"

const PROGRAM = "node release.cjs"

const COMMANDS = [
  releaseCommand,
  rollbackCommand,
  stampCommand,
  uploadListCommand,
  tickCommand,
  reportCommand,
  previewCommand,
  previewClosedCommand,
  previewsCommand,
  previewLacksCommand,
  gateCommand,
] as unknown as Command[]

async function main([name, ...args]: string[]): Promise<number> {
  const spec = COMMANDS.find((command) => command.name === name)
  if (!spec) {
    const help = name === "--help" || name === "-h"
    ;(help ? console.log : console.error)(
      `${help ? "" : `${name === undefined ? "A command is needed" : `${JSON.stringify(name)} is no command`}.\n\n`}${usage(PROGRAM, COMMANDS, EPILOGUE)}`,
    )
    return help ? 0 : EXIT.usage
  }
  try {
    const values = readOptions(spec, args)
    if (!values) {
      console.log(commandHelp(PROGRAM, spec))
      return 0
    }
    await spec.run(values)
    return 0
  } catch (error) {
    const { status, say, out } = ending(spec.name, error as Error)
    ;(out ? console.log : console.error)(`\n${say}\n`)
    return status
  }
}

void main(process.argv.slice(2)).then((status) => process.exit(status))

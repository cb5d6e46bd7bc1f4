/**
 * The release command: `npm run release`, `npm run rollback`, and the artifact's `release.cjs` (this
 * file bundled by `npm run artifact`), which runs on the nginx host with Node alone. One file per
 * command under commands/, named in the table below; deploy/release/usage.ts says what each does, and
 * docs/deploying.md, "On one server (nginx)", what the operator sees.
 */
import { USAGE } from "./usage"
import { type Options, parseOptions } from "./commands/command-line"
import { previewClosedCommand, previewCommand, previewsCommand } from "./commands/preview"
import { releaseCommand, rollbackCommand } from "./commands/release"
import { reportCommand } from "./commands/report"
import { stampCommand } from "./commands/stamp"
import { tickCommand } from "./commands/tick"
import { uploadListCommand } from "./commands/upload-list"

const COMMANDS: Record<string, (options: Options) => Promise<void>> = {
  release: releaseCommand,
  rollback: rollbackCommand,
  stamp: stampCommand,
  "upload-list": uploadListCommand,
  tick: tickCommand,
  report: reportCommand,
  preview: previewCommand,
  "preview-closed": previewClosedCommand,
  previews: previewsCommand,
}

function main([name, ...args]: string[]): void {
  const options = parseOptions(args)
  const command = Object.hasOwn(COMMANDS, name) ? COMMANDS[name] : undefined
  if (options.help || !command) {
    console.log(USAGE)
    process.exit(options.help ? 0 : 1)
  }
  void command(options)
}

main(process.argv.slice(2))

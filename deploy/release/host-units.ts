/**
 * The host's files, which each release from an artifact writes into the root for the setup to install
 * once (docs/deploying.md): the calendar's tick every minute (staged.ts, tick.ts), the demo funnel's
 * report every hour (visits-report.ts), the log's rotation (visits-log.ts), and the previews' SSH
 * key's forced command (commands/gate.ts). Each runs the live release's own command (an artifact's
 * release.cjs: Node alone).
 */
import fs from "node:fs"
import path from "node:path"
import { replaceFile } from "../../lib/files"
import { GATE_SCRIPT, LIVE, RELEASE_SCRIPT, VISITS_LOG } from "./root/layout"
import { LOGROTATE_FILE, logrotateConfig } from "./visits-log"

/** The host's timer and the service it starts, written into the root by each release from an artifact. */
export const TICK_SERVICE = "aurelle-calendar.service"
export const TICK_TIMER = "aurelle-calendar.timer"

/** A command as systemd's ExecStart reads it: a part with a space quoted. */
const execStart = (command: readonly string[]) =>
  command.map((part) => (/\s/.test(part) ? JSON.stringify(part) : part)).join(" ")

/** The live release's command, `name` on the root, with `options`. */
const liveCommand = (root: string, name: string, options: readonly string[] = []) => [
  "/usr/bin/env",
  "node",
  path.join(root, LIVE, RELEASE_SCRIPT),
  name,
  "--root",
  root,
  ...options,
]

/** Writes the timer's units into the root, each replaced whole (the README's setup links them once). */
export function writeTickUnits(root: string, nginxOptions: readonly string[]): void {
  for (const [name, text] of Object.entries(tickUnits(root, nginxOptions))) replaceFile(path.join(root, name), text)
}

/**
 * The systemd units that run the tick every minute, on the minute, with the release command of the
 * live release (an artifact's release.cjs: Node alone) and the nginx options the release was given.
 */
export function tickUnits(root: string, nginxOptions: readonly string[]): Record<string, string> {
  const command = liveCommand(root, "tick", nginxOptions)
  return {
    [TICK_SERVICE]: `# Written by each release (deploy/release/host-units.ts): makes a staged release live at its time.
[Unit]
Description=Aurelle Intelligence: a staged release made live at its time (the editors' calendar)
After=nginx.service

[Service]
Type=oneshot
ExecStart=${execStart(command)}
`,
    [TICK_TIMER]: `# Written by each release (deploy/release/host-units.ts): every minute, on the minute.
[Unit]
Description=Aurelle Intelligence: the editors' calendar, every minute

[Timer]
OnCalendar=*-*-* *:*:00
AccuracySec=1s
Persistent=true

[Install]
WantedBy=timers.target
`,
  }
}

/** The report's timer and the service it starts, written into the root by each release from an artifact. */
export const REPORT_SERVICE = "aurelle-report.service"
export const REPORT_TIMER = "aurelle-report.timer"

/**
 * What the setup installs once for the report (docs/deploying.md): its systemd units, which run the
 * live release's command every hour, and the log's rotation (visits-log.ts).
 */
export function reportHostFiles(root: string): Record<string, string> {
  const command = liveCommand(root, "report")
  return {
    [REPORT_SERVICE]: `# Written by each release (deploy/release/host-units.ts): the demo funnel counted from the log.
[Unit]
Description=Aurelle Intelligence: the demo funnel's report, from nginx's log

[Service]
Type=oneshot
ExecStart=${execStart(command)}
`,
    [REPORT_TIMER]: `# Written by each release (deploy/release/host-units.ts): every hour, and at start if one was missed.
[Unit]
Description=Aurelle Intelligence: the demo funnel's report, every hour

[Timer]
OnCalendar=hourly
Persistent=true

[Install]
WantedBy=timers.target
`,
    [LOGROTATE_FILE]: logrotateConfig(path.join(root, VISITS_LOG)),
  }
}

/** Writes them into the root, each replaced whole. */
export function writeReportHostFiles(root: string): void {
  for (const [name, text] of Object.entries(reportHostFiles(root))) replaceFile(path.join(root, name), text)
}

/** A word as sh reads it back whole: in single quotes, a quote in it closed, escaped and opened again. */
const shellWord = (word: string) => `'${word.replace(/'/g, `'\\''`)}'`

/**
 * The previews' SSH key's forced command (authorized_keys: `command="<root>/aurelle-previews-ssh",restrict`):
 * sshd runs it whatever the key's holder asks, with that in SSH_ORIGINAL_COMMAND, which the live
 * release's `gate` reads and never hands to a shell.
 */
export const gateScript = (root: string): string => `#!/bin/sh
# Written by each release (deploy/release/host-units.ts): the previews' SSH key's forced command
# (docs/deploying.md, "Previews of drafts"). sshd runs it whatever the key asks; the live release's
# own command reads what was asked (SSH_ORIGINAL_COMMAND) and takes only its four preview commands.
exec /usr/bin/env node ${shellWord(path.join(root, LIVE, RELEASE_SCRIPT))} gate --root ${shellWord(root)}
`

/** Writes it into the root, whole, for sshd to run. */
export function writeGateScript(root: string): void {
  const file = path.join(root, GATE_SCRIPT)
  replaceFile(file, gateScript(root))
  fs.chmodSync(file, 0o755)
}

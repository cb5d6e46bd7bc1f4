/**
 * The programs the checks run that come from Debian's packages, each installed first by
 * scripts/ensure-system-packages.sh where this process may (root) and must.
 */
import { spawnSync } from "node:child_process"
import path from "node:path"

const ROOT = path.resolve(__dirname, "../..")

/** Each name scripts/ensure-system-packages.sh knows, and the program it provides. */
export const SYSTEM_PROGRAMS = {
  nginx: "/usr/sbin/nginx",
  java: "/usr/bin/java",
  firefox: "/usr/bin/firefox-esr",
  webkit: "/usr/bin/WebKitWebDriver",
  poppler: "/usr/bin/pdftotext",
  "stress-ng": "/usr/bin/stress-ng",
} as const

export type SystemPackage = keyof typeof SYSTEM_PROGRAMS

/** The program's path, once its packages are there (or an error saying how to install them). */
export function ensureSystemPackage(name: SystemPackage): string {
  const result = spawnSync("bash", [path.join(ROOT, "scripts/ensure-system-packages.sh"), name], { stdio: "inherit" })
  if (result.status !== 0) throw new Error(`${name} is needed (see above)`)
  return SYSTEM_PROGRAMS[name]
}

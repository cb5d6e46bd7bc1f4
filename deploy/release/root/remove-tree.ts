/**
 * A folder removed whatever it holds: one an upload made may be nested thousands deep or hold a folder
 * no one may enter, which Node's recursive removal cannot take (its stack, its permissions). GNU
 * coreutils walk any tree: `chmod -R u+rwX` first (it follows no symbolic link), then `rm -rf`.
 */
import { spawnSync } from "node:child_process"
import fs from "node:fs"

export function removeTree(folder: string): void {
  if (!fs.lstatSync(folder, { throwIfNoEntry: false })) return
  spawnSync("chmod", ["-R", "u+rwX", "--", folder], { stdio: "ignore" })
  const removed = spawnSync("rm", ["-rf", "--", folder], { encoding: "utf8" })
  if (removed.status !== 0 || fs.lstatSync(folder, { throwIfNoEntry: false }))
    throw new Error(`${folder} could not be removed (rm: ${(removed.stderr || removed.error?.message || "").trim()})`)
}

/**
 * The sign-in service as a file for a self-hosted machine: the service bundled by the build into one
 * script that needs Node alone (.hosting/cms-auth.mjs, copied into each release, whose systemd unit
 * the release writes: deploy/release/auth-unit.ts).
 */
import fs from "node:fs"
import path from "node:path"
import { AUTH_SCRIPT } from "../../contracts/hosting"
/**
 * Writes the bundled service into `target`, serving the editors of `repository` (the CMS's: the
 * presence board refuses any other unasked); returns its path.
 */
export async function writeAuthService(target: string, repository: string): Promise<string> {
  const script = path.join(target, AUTH_SCRIPT)
  fs.mkdirSync(target, { recursive: true })
  // Loaded here, not at the top: the release command, bundled to run on a host with Node alone,
  // imports this file's names and never builds.
  const { build } = await import("esbuild")
  await build({
    stdin: {
      contents: `import { main } from "./node-service"\nmain(${JSON.stringify(repository)})\n`,
      resolveDir: __dirname,
      loader: "ts",
    },
    bundle: true,
    platform: "node",
    format: "esm",
    target: "node20",
    outfile: script,
    logLevel: "warning",
  })
  return script
}

/**
 * The sign-in service as files for a self-hosted machine, written by the build beside nginx's
 * configuration (.hosting/): the service bundled into one script that needs Node alone, and a
 * systemd unit that runs it on the loopback with the secrets from an environment file.
 */
import { build } from "esbuild"
import fs from "node:fs"
import path from "node:path"
import { DEFAULT_AUTH_PORT } from "./node-service"

export const AUTH_SCRIPT = "cms-auth.mjs"
export const AUTH_UNIT = "cms-auth.service"
/** Where the unit reads GITHUB_CLIENT_ID and GITHUB_CLIENT_SECRET (README, "Editors on the live site"). */
export const AUTH_ENVIRONMENT_FILE = "/etc/aurelle/cms-auth.env"
export const AUTH_UPSTREAM = `http://127.0.0.1:${DEFAULT_AUTH_PORT}`

export function authUnit(script: string): string {
  return `# Written by the build (auth/service-files.ts): the CMS sign-in for the nginx host.
[Unit]
Description=Aurelle Intelligence CMS sign-in (GitHub OAuth, /api/auth)
After=network-online.target
Wants=network-online.target

[Service]
Type=simple
ExecStart=/usr/bin/env node ${script}
Environment=HOST=127.0.0.1 PORT=${DEFAULT_AUTH_PORT}
EnvironmentFile=${AUTH_ENVIRONMENT_FILE}
DynamicUser=yes
NoNewPrivileges=yes
ProtectSystem=strict
ProtectHome=read-only
PrivateTmp=yes
Restart=on-failure

[Install]
WantedBy=multi-user.target
`
}

/** Writes the bundled service and its unit into `target`; returns the script's path. */
export async function writeAuthService(target: string): Promise<string> {
  const script = path.join(target, AUTH_SCRIPT)
  await build({
    stdin: { contents: `import { main } from "./node-service"\nmain()\n`, resolveDir: __dirname, loader: "ts" },
    bundle: true,
    platform: "node",
    format: "esm",
    target: "node20",
    outfile: script,
    logLevel: "warning",
  })
  fs.writeFileSync(path.join(target, AUTH_UNIT), authUnit(script))
  return script
}

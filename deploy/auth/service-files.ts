/**
 * The sign-in service as files for a self-hosted machine: the service bundled by the build into one
 * script that needs Node alone (.hosting/cms-auth.mjs, copied into each release), and the systemd
 * unit a release writes, which runs the live release's script on the loopback with the secrets from
 * an environment file.
 */
import path from "node:path"
import { DEFAULT_AUTH_PORT } from "./node-service"

export const AUTH_SCRIPT = "cms-auth.mjs"
export const AUTH_UNIT = "cms-auth.service"
/** Where the unit reads GITHUB_CLIENT_ID and GITHUB_CLIENT_SECRET (docs/deploying.md, "Editors on the live site"). */
export const AUTH_ENVIRONMENT_FILE = "/etc/aurelle/cms-auth.env"
export const AUTH_UPSTREAM = `http://127.0.0.1:${DEFAULT_AUTH_PORT}`

export function authUnit(script: string): string {
  return `# Written by the build (deploy/auth/service-files.ts): the CMS sign-in for the nginx host.
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

/** Writes the bundled service into `target`; returns its path. */
export async function writeAuthService(target: string): Promise<string> {
  const script = path.join(target, AUTH_SCRIPT)
  // Loaded here, not at the top: the release command, bundled to run on a host with Node alone,
  // imports this file's names and never builds.
  const { build } = await import("esbuild")
  await build({
    stdin: { contents: `import { main } from "./node-service"\nmain()\n`, resolveDir: __dirname, loader: "ts" },
    bundle: true,
    platform: "node",
    format: "esm",
    target: "node20",
    outfile: script,
    logLevel: "warning",
  })
  return script
}

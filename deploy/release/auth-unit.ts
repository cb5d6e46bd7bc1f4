/**
 * The systemd unit a release writes for the sign-in service (the build's .hosting/cms-auth.mjs, copied
 * into the release): it runs the live release's script on the loopback with the secrets from an
 * environment file.
 */
import { AUTH_PORT } from "../../contracts/hosting"

/** Where the unit reads GITHUB_CLIENT_ID and GITHUB_CLIENT_SECRET (docs/deploying.md, "Editors on the live site"). */
export const AUTH_ENVIRONMENT_FILE = "/etc/aurelle/cms-auth.env"

export function authUnit(script: string): string {
  return `# Written by each release (deploy/release/auth-unit.ts): the CMS sign-in for the nginx host.
[Unit]
Description=Aurelle Intelligence CMS sign-in (GitHub OAuth, /api/auth)
After=network-online.target
Wants=network-online.target

[Service]
Type=simple
ExecStart=/usr/bin/env node ${script}
Environment=HOST=127.0.0.1 PORT=${AUTH_PORT}
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

#!/usr/bin/env bash
# Installs the versions package-lock.json pins, and only when the lockfile changed since the last
# install. `npm install` rather than `npm ci`: the registry mirror these builds use lacks some
# other-platform optional binaries (rollup, esbuild for Android and the like), which `npm ci`
# insists on finding in the lockfile; `npm install` honours the lockfile and skips them.
# --prefer-offline: the lockfile pins every version and its hash, so npm's cached metadata is used
# without asking the registry again whether it changed (a fresh clone: 60-76 s against 83 s).
set -euo pipefail
cd "$(dirname "$0")/.."
# A copy of the project (test/support/project-copy.ts) links the project's own node_modules: that
# installation is the project's to keep, not the copy's to redo.
if [ -L node_modules ]; then exit 0; fi
stamp=node_modules/.install-stamp
wanted=$(sha256sum package-lock.json package.json | sha256sum | cut -d' ' -f1)
if [ ! -f "$stamp" ] || [ "$(cat "$stamp")" != "$wanted" ]; then
  npm install --no-audit --no-fund --prefer-offline
  git diff --quiet -- package-lock.json 2>/dev/null || echo "note: npm changed package-lock.json" >&2
  echo "$wanted" > "$stamp"
fi

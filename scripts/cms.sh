#!/usr/bin/env bash
# Local editing: Decap's local backend (decap-server, port 8081 or DECAP_PORT), which reads and writes
# the JSON in content/ on disk, and the site in development mode (port 8000 or CMS_PORT), which passes
# the backend's API on at /api/v1. Edit at http://localhost:8000/admin/.
set -euo pipefail
cd "$(dirname "$0")/.."
export GATSBY_TELEMETRY_DISABLED=1
bash scripts/ensure-install.sh
PORT="${DECAP_PORT:-8081}" GIT_REPO_DIRECTORY="$PWD" npx decap-server &
server=$!
trap 'kill "$server" 2>/dev/null || true' EXIT
npx gatsby develop --port "${CMS_PORT:-8000}"

#!/usr/bin/env bash
# Local editing: Decap's local backend (decap-server, port 8081), which reads and writes the JSON in
# content/ on disk, and the site in development mode. Edit at http://localhost:8000/admin/.
set -euo pipefail
cd "$(dirname "$0")/.."
export GATSBY_TELEMETRY_DISABLED=1
bash scripts/ensure-install.sh
GIT_REPO_DIRECTORY="$PWD" npx decap-server &
server=$!
trap 'kill "$server" 2>/dev/null || true' EXIT
npx gatsby develop --port 8000

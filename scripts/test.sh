#!/usr/bin/env bash
# The whole test suite, in order: install, build (which also generates the GraphQL types),
# type-check, unit tests, then browser tests against the built site.
set -euo pipefail
cd "$(dirname "$0")/.."
export GATSBY_TELEMETRY_DISABLED=1

step() {
  echo
  echo "==> $1"
}

step "Installing dependencies (skipped when package-lock.json is unchanged)"
bash scripts/ensure-install.sh
bash scripts/ensure-chromium.sh

step "Building the site (validates content, generates src/gatsby-types.d.ts)"
npm run build

step "Type-checking"
npx tsc --noEmit

mkdir -p .tmp
step "Unit tests"
npx vitest run --reporter=default --reporter=json --outputFile.json=.tmp/vitest.json

step "End-to-end tests in Chromium against the built site"
npx playwright test

step "Summary"
node scripts/test-summary.mjs .tmp/vitest.json .tmp/playwright.json

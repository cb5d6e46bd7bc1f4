#!/usr/bin/env bash
# The whole test suite, in order: install, code hygiene, build (which also validates content and
# generates the GraphQL types), integrity and byte budgets of the build, type-check, unit tests,
# browser tests against the built site (served by nginx as production serves it), the same pages in three
# browser engines, load, then Lighthouse CI. Every gate runs even when an earlier one fails; the
# closing lines say which failed, and the exit status is non-zero if any did. A test runner's own
# exit status is a gate, and the summary counts a test file that failed to run as a failure.
set -uo pipefail
cd "$(dirname "$0")/.."
export GATSBY_TELEMETRY_DISABLED=1

failed_gates=()
# What `git status` says before the suite: the suite must leave the work tree as it found it.
tree_before=$(git status --porcelain 2>/dev/null)

suite_started=$SECONDS
step() {
  echo
  echo "==> $1 [at $(((SECONDS - suite_started) / 60)) min $(((SECONDS - suite_started) % 60)) s]"
}

# Each gate's time, printed in the summary: where a slow host's minutes go.
gate_times=()
# timed "<name>" command...: runs a command and records how long it took; its status is the command's.
timed() {
  local name="$1" started=$SECONDS status=0
  shift
  "$@" || status=$?
  gate_times+=("$(printf '%5d:%02d  %s' $(((SECONDS - started) / 60)) $(((SECONDS - started) % 60)) "$name")")
  return $status
}

# gate "<name>" command...: runs a check and records its failure without stopping the suite.
gate() {
  local name="$1"
  shift
  if ! timed "$name" "$@"; then
    failed_gates+=("$name")
    echo "FAILED: $name"
  fi
}

# Every Gatsby build the run makes, wherever it starts, is recorded (test/support/count-builds.cjs).
mkdir -p .tmp
export GATSBY_BUILDS_LOG="$PWD/.tmp/gatsby-builds.log"
rm -f "$GATSBY_BUILDS_LOG"
export NODE_OPTIONS="${NODE_OPTIONS:+$NODE_OPTIONS }--require $PWD/test/support/count-builds.cjs"

step "Installing dependencies (skipped when package-lock.json is unchanged)"
timed "install" bash scripts/ensure-install.sh || exit 1
timed "system packages" bash scripts/ensure-system-packages.sh || exit 1

# beside <name> command...: starts a gate's command in the background (each of these is one process,
# on one core), its output kept for `joined`; joined <name>: waits for it, prints its output, and
# returns its status, the gate's. The summary's time for such a gate is what was left to wait.
declare -A beside_pids=()
beside() {
  local name="$1"
  shift
  "$@" >".tmp/beside-$name.log" 2>&1 &
  beside_pids[$name]=$!
}
joined() {
  local status=0
  wait "${beside_pids[$1]}" || status=$?
  cat ".tmp/beside-$1.log"
  return $status
}

step "Code hygiene: ESLint (zero warnings) and Prettier, side by side"
beside prettier npx prettier --check .
gate "eslint" npx eslint --max-warnings 0 .
gate "prettier" joined prettier

step "Building the site (validates content, generates src/gatsby-types.d.ts)"
build_started=$SECONDS
timed "build" npm run build || exit 1
build_seconds=$((SECONDS - build_started))

step "Integrity of the build: HTML (html-validate and the W3C Nu Html Checker), control characters, links, byte budgets; type-checking beside them"
# The build wrote src/gatsby-types.d.ts, which the type-check reads.
beside typescript npx tsc --noEmit
gate "html-validate" npx tsx deploy/publish/gates/check-html.ts
gate "nu-html-checker" npx tsx deploy/publish/gates/check-nu.ts
gate "control characters" npx tsx deploy/publish/gates/check-text-bytes.ts
gate "links" npx tsx deploy/publish/gates/check-links.ts
gate "byte budgets" npx tsx deploy/publish/gates/budgets.ts
gate "typescript" joined typescript

rm -f .tmp/vitest.json .tmp/engines.json .tmp/playwright.json
# `npm run cms` in a copy for e2e/cms-editing.spec.ts, started now: its first start (gatsby develop, a
# minute of both cores) runs beside the unit tests instead of in a browser test's worker, and the spec
# finds it started (test/support/cms-dev-site.ts). Stopped after the browser tests, or on any exit.
cms_site=$(node --import tsx test/support/cms-dev-site.ts) || cms_site=""
stop_cms_site() {
  if [ -n "$cms_site" ]; then node --import tsx test/support/cms-dev-site.ts --stop "$cms_site" || true; fi
  cms_site=""
}
trap stop_cms_site EXIT
step "Unit tests, and tests of the build (its files, nginx, the CDN rules)"
# Two files at a time, one a core (Vitest's default leaves one of two cores idle): 4:10 against 6:03.
gate "vitest" npx vitest run --project unit --project with-build --maxWorkers=2 --reporter=default --reporter=json --outputFile.json=.tmp/vitest.json

# The scale gate's copy (60 studies) is built while the engines' browsers leave the cores half idle
# (test/support/grown-copy.ts): its folder is the last line of its log.
grown_log=.tmp/grown-copy.log
node --import tsx test/support/grown-copy.ts >"$grown_log" 2>&1 &
grown_pid=$!

step "Two more browser engines (Firefox, WebKit): a route of each template in both languages, served by nginx"
gate "engines" npx vitest run --project engines --maxWorkers=2 --reporter=default --reporter=json --outputFile.json=.tmp/engines.json

step "End-to-end tests in Chromium against the built site (axe, keyboard, motion, console, print included)"
gate "playwright" env CMS_DEV_SITE="$cms_site" npx playwright test --project desktop
stop_cms_site

step "Scale: a copy with 60 case studies (built beside the engines) served alone: its policy, weights, browsing, search, typing against six studies"
# scale_gate: the grown copy's build (started before the engines), then the browser's checks of it.
scale_gate() {
  local grown
  if ! wait "$grown_pid"; then
    echo "The grown copy did not build:"
    tail -n 40 "$grown_log"
    return 1
  fi
  grown=$(tail -n 1 "$grown_log")
  env E2E_REPORT=.tmp/scale.json SCALE_BUILD="$grown" npx playwright test --project scale --workers=1
  local status=$?
  rm -rf "$grown"
  return $status
}
gate "scale" scale_gate

step "Load: nginx (precompressed and on the fly) and gatsby serve under the same load (no failed request, nginx at its multiples)"
gate "load" npx tsx test/bench/bench-load.ts

step "Lighthouse: a route of each template in both languages, desktop and mobile side by side (one run a route, the median of more for one over budget), each on one device whatever the host"
gate "lighthouse" node test/lighthouse/lighthouse-ci.mjs

step "Summary"
echo "Time by gate (min:s), ${#gate_times[@]} gates in $(((SECONDS - suite_started) / 60)) min $(((SECONDS - suite_started) % 60)) s:"
printf '%s\n' "${gate_times[@]}"
gate "suite cost" node scripts/suite-cost.mjs "$((SECONDS - suite_started))" "$build_seconds" "$GATSBY_BUILDS_LOG" .tmp/vitest.json .tmp/engines.json .tmp/playwright.json .tmp/scale.json
gate "tests" node scripts/test-summary.mjs .tmp/vitest.json .tmp/engines.json .tmp/playwright.json .tmp/scale.json
tree_after=$(git status --porcelain 2>/dev/null)
if [ "$tree_before" != "$tree_after" ]; then
  echo "The suite changed the work tree (git status before and after):"
  diff <(echo "$tree_before") <(echo "$tree_after") | grep '^[<>]'
  failed_gates+=("work tree")
fi
if [ ${#failed_gates[@]} -gt 0 ]; then
  echo "Failed gates: ${failed_gates[*]}"
  exit 1
fi
echo "All gates passed."

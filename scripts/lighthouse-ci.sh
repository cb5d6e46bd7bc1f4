#!/usr/bin/env bash
# Lighthouse CI over every route of the build (lighthouserc.cjs), as many runs per route and preset
# as quality-budgets.json says, asserting on the median run. Reports land in .tmp/lighthouse/<preset>/.
# Usage: scripts/lighthouse-ci.sh [--parallel] [mobile|desktop]...   (both presets by default)
# --parallel runs the two presets at once: half the time, noisier timings (npm test uses it; the
# bench does not).
set -uo pipefail
cd "$(dirname "$0")/.."
ROOT="$PWD"
export GATSBY_TELEMETRY_DISABLED=1

parallel=false
presets=()
for arg in "$@"; do
  case "$arg" in
    --parallel) parallel=true ;;
    *) presets+=("$arg") ;;
  esac
done
[ ${#presets[@]} -eq 0 ] && presets=(mobile desktop)

# One working folder per preset: LHCI keeps its runs in ./.lighthouseci, and Chromium its profiles
# in $TMPDIR, rather than /tmp.
run_preset() {
  local preset="$1" work="$ROOT/.tmp/lhci/$1"
  rm -rf "$work" "$ROOT/.tmp/lighthouse/$preset"
  mkdir -p "$work/tmp"
  (
    cd "$work" || exit 1
    export TMPDIR="$work/tmp" LIGHTHOUSE_PRESET="$preset"
    config="--config=$ROOT/lighthouserc.cjs"
    npx lhci collect "$config" && npx lhci upload "$config" && npx lhci assert "$config"
  ) > "$ROOT/.tmp/lhci-$preset.log" 2>&1
  local status=$?
  echo "--- Lighthouse CI, $preset preset (log: .tmp/lhci-$preset.log)"
  grep -v -e "^Run #" -e "^Running Lighthouse" -e "nodedir" "$ROOT/.tmp/lhci-$preset.log"
  return $status
}

status=0
if $parallel && [ ${#presets[@]} -gt 1 ]; then
  pids=()
  for preset in "${presets[@]}"; do
    run_preset "$preset" > "$ROOT/.tmp/lhci-$preset.summary" &
    pids+=($!)
  done
  for index in "${!pids[@]}"; do
    wait "${pids[$index]}" || status=1
    cat "$ROOT/.tmp/lhci-${presets[$index]}.summary"
  done
else
  for preset in "${presets[@]}"; do
    run_preset "$preset" || status=1
  done
fi
rm -rf "$ROOT/.tmp/lhci"
exit $status

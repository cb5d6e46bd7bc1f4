#!/usr/bin/env bash
# Lighthouse CI over every route of the build (lighthouserc.cjs), as many runs per route and preset
# as quality-budgets.json says, asserting on the median run. Reports land in .tmp/lighthouse/<preset>/.
# Usage: scripts/lighthouse-ci.sh [mobile|desktop]...   (both presets by default)
set -uo pipefail
cd "$(dirname "$0")/.."
ROOT="$PWD"
export GATSBY_TELEMETRY_DISABLED=1

presets=("$@")
# Desktop first: its single steady run per route gives the machine time to settle after the load
# test before the mobile runs, whose blocking time is the most sensitive measure here.
[ ${#presets[@]} -eq 0 ] && presets=(desktop mobile)

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
for preset in "${presets[@]}"; do
  run_preset "$preset" || status=1
done
rm -rf "$ROOT/.tmp/lhci"
exit $status

#!/usr/bin/env bash
# Lighthouse CI over every route of the build, mobile then desktop (lighthouserc.cjs), three runs
# each, asserting on the median run. Reports land in .tmp/lighthouse/<preset>/.
# Usage: scripts/lighthouse-ci.sh [mobile|desktop]...  (both by default)
set -euo pipefail
cd "$(dirname "$0")/.."
export GATSBY_TELEMETRY_DISABLED=1
# Chromium's profile folders go here rather than into /tmp.
export TMPDIR="$PWD/.tmp/lighthouse-tmp"
mkdir -p "$TMPDIR"

presets=("$@")
[ ${#presets[@]} -eq 0 ] && presets=(mobile desktop)

status=0
for preset in "${presets[@]}"; do
  echo "--- Lighthouse CI, $preset preset"
  rm -rf ".tmp/lighthouse/$preset" .lighthouseci
  export LIGHTHOUSE_PRESET="$preset"
  npx lhci collect
  npx lhci upload
  npx lhci assert || status=1
done
rm -rf "$TMPDIR" .lighthouseci
exit $status

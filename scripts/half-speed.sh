#!/usr/bin/env bash
# Runs a command on this machine made about half as fast, to see that the suite's verdicts are the
# site's and not the host's: one `stress-ng` CPU worker per core, at the same priority as the
# command, shares every core with it for as long as it runs (these machines have no cgroup
# controllers and no systemd to cap a process's CPU instead). The host's benchmark index
# (Lighthouse's, test/support/emulated-phone.mjs) is printed alone and beside the load.
# Usage: bash scripts/half-speed.sh COMMAND...   e.g. bash scripts/half-speed.sh env CI=true bash .ci/run
set -euo pipefail
cd "$(dirname "$0")/.."
[ "$#" -gt 0 ] || { echo "usage: bash scripts/half-speed.sh COMMAND..." >&2; exit 2; }
if ! command -v stress-ng >/dev/null; then
  if [ "$(id -u)" -ne 0 ]; then echo "stress-ng is missing: sudo apt-get install -y stress-ng" >&2; exit 1; fi
  apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq stress-ng
fi

index() { # the host's benchmark index now, in Node (Lighthouse's benchmark, about a second)
  node -e 'import("./test/support/emulated-phone.mjs").then((m) => console.log(Math.round(m.computeBenchmarkIndex())))' 2>/dev/null ||
    echo "?"
}

alone=$(index)
stress-ng --cpu "$(nproc)" --quiet &
load=$!
trap 'kill "$load" 2>/dev/null || true; wait "$load" 2>/dev/null || true' EXIT
sleep 2
beside=$(index)
echo "half-speed.sh: benchmark index ${alone} alone, ${beside} beside $(nproc) stress-ng CPU workers; running: $*"
started=$SECONDS
status=0
"$@" || status=$?
echo "half-speed.sh: '$*' ended with status ${status} after $(((SECONDS - started) / 60)) min $(((SECONDS - started) % 60)) s (benchmark index beside the load at the end: $(index))"
exit "$status"

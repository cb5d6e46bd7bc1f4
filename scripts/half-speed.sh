#!/usr/bin/env bash
# Runs a command on this machine made about half as fast, to see that the suite's verdicts are the
# site's and not the host's: one `stress-ng` CPU worker per core, at the same priority as the
# command, shares every core with it for as long as it runs (these machines have no cgroup
# controllers and no systemd to cap a process's CPU instead), with the scheduler's session groups
# off (below). The host's benchmark index
# (Lighthouse's, test/support/host-speed.mjs) is read alone first, then every five minutes beside
# the load and the command, and summed up at the end.
# Usage: bash scripts/half-speed.sh COMMAND...   e.g. bash scripts/half-speed.sh env CI=true bash .ci/run
set -euo pipefail
cd "$(dirname "$0")/.."
[ "$#" -gt 0 ] || { echo "usage: bash scripts/half-speed.sh COMMAND..." >&2; exit 2; }
if ! command -v stress-ng >/dev/null; then
  if [ "$(id -u)" -ne 0 ]; then echo "stress-ng is missing: sudo apt-get install -y stress-ng" >&2; exit 1; fi
  apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq stress-ng
fi
# The scheduler shares the CPU between sessions before threads (autogroup): a browser in a session of
# its own would get a core to itself beside the workers. Off for the run, as it was after it.
autogroup=/proc/sys/kernel/sched_autogroup_enabled
grouping=$(cat "$autogroup" 2>/dev/null || echo "")
if [ "$grouping" = 1 ]; then
  echo 0 >"$autogroup" || { echo "half-speed.sh: cannot turn off $autogroup (root needed): stress-ng would not slow a browser" >&2; exit 1; }
fi
readings=$(mktemp)
index() { # the host's benchmark index now, in Node (Lighthouse's benchmark, about a second), once installed
  node -e 'import("./test/support/host-speed.mjs").then((m) => console.log(Math.round(m.computeBenchmarkIndex())))' 2>/dev/null
}

alone=$(index || echo "not measured (no node_modules yet)")
stress-ng --cpu "$(nproc)" --quiet &
load=$!
(while sleep 300; do index >>"$readings" || true; done) &
sampler=$!
trap 'kill "$load" "$sampler" 2>/dev/null || true; wait 2>/dev/null || true; rm -f "$readings"; [ -z "$grouping" ] || echo "$grouping" >"$autogroup"' EXIT
echo "half-speed.sh: benchmark index ${alone} alone; $(nproc) stress-ng CPU workers beside: $*"
started=$SECONDS
status=0
"$@" || status=$?
echo "half-speed.sh: ended with status ${status} after $(((SECONDS - started) / 60)) min $(((SECONDS - started) % 60)) s;" \
  "benchmark index beside the load and the command, every 5 min: $(tr '\n' ' ' <"$readings")"
exit "$status"

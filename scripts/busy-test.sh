#!/usr/bin/env bash
# Runs a command (default: `npm test`) while scripts/busy-loop.sh holds every core busy, and prints
# its wall time: the suite must pass on a machine loaded like a shared CI runner (issue 26).
#   bash scripts/busy-test.sh                      # the whole suite
#   bash scripts/busy-test.sh npx vitest run       # the unit and integration phase alone
set -uo pipefail
cd "$(dirname "$0")/.."

if [ "$#" -eq 0 ]; then set -- npm test; fi

BUSY_PARENT=$$ bash scripts/busy-loop.sh &
loops=$!
trap 'kill "$loops" 2>/dev/null; wait "$loops" 2>/dev/null' EXIT

began=$(date +%s)
"$@"
status=$?
echo "[busy test] '$*' exited $status after $(($(date +%s) - began)) s with ${BUSY_LOOPS:-$(nproc)} busy loops" >&2
exit "$status"

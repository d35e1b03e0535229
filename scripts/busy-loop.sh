#!/usr/bin/env bash
# Holds every core busy (or BUSY_LOOPS of them) until it is ended or its parent ends, to try the
# suite on a machine as loaded as a shared CI runner: `bash scripts/busy-loop.sh &`, or through
# scripts/busy-test.sh. Each loop checks between bursts that the process which started it still
# runs, so none outlives it even when it is killed with SIGKILL.
set -euo pipefail

loops="${BUSY_LOOPS:-$(nproc)}"
watched="${BUSY_PARENT:-$PPID}"
if ! [[ "$loops" =~ ^[1-9][0-9]*$ ]]; then
  echo "busy-loop: BUSY_LOOPS must be a positive whole number, got '$loops'" >&2
  exit 2
fi

pids=()
stop() {
  trap - EXIT INT TERM HUP
  # A loop already gone (its parent ended first) is not an error.
  kill "${pids[@]}" 2>/dev/null || true
  exit 0
}
trap stop EXIT INT TERM HUP

for ((index = 0; index < loops; index++)); do
  (
    trap - EXIT INT TERM HUP
    # About 20 ms of pure shell arithmetic per burst on an idle core; then is the parent still there?
    while kill -0 "$watched" 2>/dev/null; do
      for ((spin = 0; spin < 20000; spin++)); do :; done
    done
  ) &
  pids+=("$!")
done
echo "busy-loop: $loops loops (pids ${pids[*]}) while pid $watched runs" >&2
wait

#!/usr/bin/env bash
# `npm test`: every check on a fresh machine, in order, each phase's wall time printed when it ends
# (CI's run is cut at 90 minutes and should stay under 30: the figures say where the time goes).
set -euo pipefail
cd "$(dirname "$0")/.."

# Tags every process the tests start (apps/server/test/test-processes.ts, e2e/support/server-process.ts),
# so the end can tell whether one was left running, whatever phase failed.
export PAYDAR_TEST_RUN="${PAYDAR_TEST_RUN:-run-$(date +%s)-$$}"
trap 'status=$?; bash scripts/leftover-processes.sh "$PAYDAR_TEST_RUN" || status=1; exit $status' EXIT

phase() {
  local name="$1"
  shift
  local began=$SECONDS
  "$@"
  echo "[test phase] $name: $((SECONDS - began)) s" >&2
}

phase "system tools" bash scripts/system-tools.sh
phase typecheck npm run typecheck
phase lint npm run lint
phase "unit and integration" npm run test:unit
phase "web build and end to end" npm run test:e2e
echo "[test phase] all: ${SECONDS} s" >&2

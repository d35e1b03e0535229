#!/usr/bin/env bash
# `npm test`: every check on a fresh machine, in order, each phase's wall time printed when it ends
# (CI's run is cut at 90 minutes and should stay under 30: the figures say where the time goes).
set -euo pipefail
cd "$(dirname "$0")/.."

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

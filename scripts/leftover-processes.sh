#!/usr/bin/env bash
# The suite's last check: every process still running that a test of run $1 started (tagged
# PAYDAR_TEST_PROCESS=<run id>/… by apps/server/test/test-processes.ts and the e2e set-up) is named,
# killed with its whole process group, and fails the run. Exits 0 when none is left.
set -uo pipefail

run="${1:?usage: leftover-processes.sh <run id>}"
declare -A groups=()
left=0
# One grep over every environment (NUL-separated variables, -z): a process gone meanwhile, or
# another user's that cannot be read, is skipped.
matches=$(grep -l -z -a -e "^PAYDAR_TEST_PROCESS=${run}/" /proc/[0-9]*/environ 2>/dev/null)
for environ in $matches; do
  pid="${environ#/proc/}"
  pid="${pid%/environ}"
  case "$pid" in "$$" | self | thread-self) continue ;; esac
  stat=$(cat "/proc/$pid/stat" 2>/dev/null) || continue
  read -r state _ pgid _ <<<"${stat##*) }"
  [ "$state" = Z ] && continue
  command=$({ tr '\0' ' ' <"/proc/$pid/cmdline"; } 2>/dev/null | cut -c1-200)
  echo "left running by the tests: pid $pid (group $pgid): $command" >&2
  groups[$pgid]=1
  left=$((left + 1))
done
[ "$left" -eq 0 ] && exit 0
for pgid in "${!groups[@]}"; do kill -KILL -- "-$pgid" 2>/dev/null || true; done
echo "the run left $left process(es) it started running; killed them with their process groups" >&2
exit 1

#!/usr/bin/env bash
# The programs the test suite needs from the system, not from npm: Debian's Chromium for the
# browser tests (Playwright runs /usr/bin/chromium) and ping for the ICMP checks. Run as root
# with apt, it installs what is missing; otherwise it stops at once with the command to run, so
# a suite never fails half-way for a missing program. Used by `npm test` and `.ci/run`.
# CHROMIUM_PATH stands in for /usr/bin/chromium (the script's own test has no Chromium to hide).
set -euo pipefail

chromium="${CHROMIUM_PATH:-/usr/bin/chromium}"

missing_packages() {
  local packages=()
  [ -x "$chromium" ] || packages+=(chromium)
  command -v ping >/dev/null 2>&1 || packages+=(iputils-ping)
  echo "${packages[@]}"
}

missing="$(missing_packages)"
[ -z "$missing" ] && exit 0

if command -v apt-get >/dev/null 2>&1 && [ "$(id -u)" = 0 ]; then
  echo "Installing the system packages the tests need: $missing" >&2
  export DEBIAN_FRONTEND=noninteractive
  apt-get update -qq
  # shellcheck disable=SC2086 # one word per package
  apt-get install -y -qq $missing >/dev/null
  still="$(missing_packages)"
  [ -z "$still" ] && exit 0
  echo "Still missing after apt-get install: $still" >&2
  exit 1
fi

if command -v apt-get >/dev/null 2>&1; then
  command="sudo apt-get install -y $missing"
else
  command="install the Debian packages (or your system's equivalent of): $missing"
fi
echo "The tests need programs this machine lacks (Debian packages: $missing). Run:" >&2
echo "  $command" >&2
echo "then npm test again." >&2
exit 1

/**
 * The embedded PostgreSQL must end with its server however the server ends — a clean stop, a
 * crash, or SIGKILL, after which nothing of the server runs to stop it, and its supervisor's
 * last restart would run on for ever with no server (issue 37). So the postmaster is started by
 * this small POSIX sh script, whose stdin is a pipe from the server: when the server is gone the
 * kernel closes the pipe's other end, the script reads end-of-file and gives PostgreSQL its fast
 * shutdown (SIGINT). SIGINT or SIGTERM sent to the script (the supervisor's stop) is passed on.
 * The script exits when PostgreSQL exits, however that is (a kill -9 of the postmaster
 * included), so the supervisor sees the exit as before and starts another.
 *
 * sh, inline: no file the postgres user might not be able to read, nothing to install. A
 * background job's stdin is /dev/null in a shell without job control, so the pipe is kept on fd 3
 * for the reader; PostgreSQL gets neither.
 */
const WATCHDOG = `
exec 3<&0
"$@" </dev/null 3<&- &
pg=$!
trap 'kill -INT "$pg" 2>/dev/null' INT TERM
(
  trap - INT TERM
  while IFS= read -r _line <&3; do :; done
  kill -INT "$pg" 2>/dev/null
) &
watcher=$!
exec 3<&-
status=0
while :; do
  wait "$pg"
  status=$?
  kill -0 "$pg" 2>/dev/null || break
done
kill "$watcher" 2>/dev/null
exit "$status"
`;

/** The command and arguments that run `command args…` under the watchdog; spawn it with stdin a pipe. */
export function watchedCommand(command: string, args: string[]): [string, string[]] {
  return ['/bin/sh', ['-c', WATCHDOG, 'postgres-watchdog', command, ...args]];
}

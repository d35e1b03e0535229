/**
 * How long a process test waits for something that does happen (a start, a restart, a health
 * change, a log line): minutes, not seconds. On a CI machine whose two cores are busy, a server
 * start alone took more than 60 s (issue 26); a wait that runs out there proves nothing about the
 * product. How fast these things happen belongs to bench/.
 */
export const LOADED_WAIT_MS = 120_000;

/**
 * How long an in-process test waits for something that does happen (a job's run, a mail, a
 * delivery to a fake): well inside the test's own 120 s bound (vitest-options.ts), so the wait's
 * own message, not the test's timeout, names what never came. The 10–20 s these waits had ran out
 * with both cores busy (issue 26); a wait ends as soon as its thing happens, so an idle machine
 * loses nothing.
 */
export const IN_PROCESS_WAIT_MS = 90_000;

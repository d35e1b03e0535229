/**
 * How long a process test waits for something that does happen (a start, a restart, a health
 * change, a log line): minutes, not seconds. On a CI machine whose two cores are busy, a server
 * start alone took more than 60 s (issue 26); a wait that runs out there proves nothing about the
 * product. How fast these things happen belongs to bench/.
 */
export const LOADED_WAIT_MS = 120_000;

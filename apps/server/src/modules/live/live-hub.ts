import { LIVE_EVENTS } from '@paydar/contracts/live';
import type { FastifyBaseLogger } from 'fastify';
import type { ChangeEvent, ChangeFeed } from '../../db/change-feed';
import type { Database } from '../../db/client';
import { type LiveRow, ownerView, readChangedLive } from './live.repository';

/** One open stream, as the hub sees it: whom it is for and how to write to it. */
export interface LiveStream {
  /** A signed-in dashboard: the user and the session it was opened with. */
  readonly user?: { userId: number; sessionId: number };
  /** A shared page: the monitor and the exact token it was opened with. */
  readonly shared?: { monitorId: number; token: string };
  /** The highest change stamp this stream has been told about: its `Last-Event-ID`. */
  position: number;
  write(event: string, data: string, id: number): void;
  end(): void;
}

/**
 * Fans the database's announcements out to this replica's streams (ARCHITECTURE "Events"): it
 * subscribes once to the change feed (one LISTEN per replica), and per announced batch runs one
 * query for the changed monitors that some stream here shows, shared by all of them. With no
 * stream open, or none caring, an announcement costs nothing; nothing runs on a timer.
 */
export interface LiveHub {
  /**
   * Adds a stream. Changes found from now on are held for it until `start` (after its first
   * answer), so nothing committed between its first query and its registration is lost.
   */
  add(stream: LiveStream): void;
  /** The stream's first answer is sent: what was held is written, and from now on each change as it comes. */
  start(stream: LiveStream, ownedMonitorIds: readonly number[]): void;
  remove(stream: LiveStream): void;
  /** How many streams are open on this replica. */
  size(): number;
  /** How many streams of this user are open on this replica. */
  streamsOf(userId: number): number;
  /** Ends every stream (the server is closing). */
  stop(): void;
}

/** setTimeout's longest delay: a session further off than this (30 days idle) is looked at again then. */
const MAX_TIMER_MS = 2 ** 31 - 1;

export interface LiveHubOptions {
  db: Database;
  changes: ChangeFeed;
  logger: FastifyBaseLogger;
  /** When each of these sessions ends unless used again (ms); a revoked, removed or expired one is absent. */
  sessionDeadlines(sessionIds: number[]): Promise<Map<number, number>>;
  /** The services' clock (ms). */
  now(): number;
}

interface Held {
  events: Array<[event: string, data: string, id: number]>;
}

export function createLiveHub(options: LiveHubOptions): LiveHub {
  const { db, logger } = options;
  const byUser = new Map<number, Set<LiveStream>>();
  const byShared = new Map<number, Set<LiveStream>>();
  // Which of the signed-in users' monitors is whose: a removed monitor's NOTIFY finds no row to tell by.
  const owners = new Map<number, number>();
  const held = new Map<LiveStream, Held>();
  let changedIds: Set<number> | 'all' = new Set();
  let changedUsers: Set<number> | 'all' = new Set();
  let flushing = false;
  // When each signed-in stream's session ends, as last read (0: not read yet). One timer for the
  // earliest of them, not one per stream; a session used meanwhile is read again and lives on.
  const deadlines = new Map<LiveStream, number>();
  let sessionsDue = false;
  let timer: NodeJS.Timeout | undefined;
  let timerAt = Number.POSITIVE_INFINITY;

  const groupOf = <K>(map: Map<K, Set<LiveStream>>, key: K) => {
    let group = map.get(key);
    if (!group) {
      group = new Set();
      map.set(key, group);
    }
    return group;
  };

  function deliver(stream: LiveStream, event: string, data: string, changeSeq: number) {
    stream.position = Math.max(stream.position, changeSeq);
    const waiting = held.get(stream);
    if (waiting) waiting.events.push([event, data, changeSeq]);
    else stream.write(event, data, stream.position);
  }

  // Each form serialized once per change, whatever the number of streams showing it.
  function deliverRow(row: LiveRow) {
    const watching = byUser.get(row.userId);
    if (watching) {
      const data = JSON.stringify(ownerView(row));
      for (const stream of watching) deliver(stream, LIVE_EVENTS.monitor, data, row.changeSeq);
      owners.set(row.state.id, row.userId);
    }
    const shared = byShared.get(row.state.id);
    if (!shared) return;
    const data = JSON.stringify(row.state);
    for (const stream of shared) {
      // A new share token (or the monitor's new owner) ends what the old link showed.
      if (stream.shared?.token !== row.token) stream.end();
      else deliver(stream, LIVE_EVENTS.monitor, data, row.changeSeq);
    }
  }

  function deliverRemoved(monitorId: number) {
    const owner = owners.get(monitorId);
    if (owner !== undefined) {
      owners.delete(monitorId);
      const data = JSON.stringify({ id: monitorId });
      for (const stream of byUser.get(owner) ?? []) deliver(stream, LIVE_EVENTS.removed, data, stream.position);
    }
    for (const stream of byShared.get(monitorId) ?? []) stream.end();
  }

  async function sendChanges(ids: Set<number> | 'all') {
    const audience = { userIds: [...byUser.keys()], sharedMonitorIds: [...byShared.keys()] };
    if (!audience.userIds.length && !audience.sharedMonitorIds.length) return;
    const rows = await readChangedLive(db, ids === 'all' ? 'all' : [...ids], audience, new Date(options.now()));
    for (const row of rows) deliverRow(row);
    if (ids === 'all') return;
    const found = new Set(rows.map((row) => row.state.id));
    // Gone is only what the read could have found: a stream that joined while it ran was not in its
    // audience (a shared page opened meanwhile was ended as removed, its 200 sent empty — busy run).
    const users = new Set(audience.userIds);
    const shared = new Set(audience.sharedMonitorIds);
    for (const id of ids) {
      if (found.has(id)) continue;
      const owner = owners.get(id);
      if ((owner !== undefined && users.has(owner)) || shared.has(id)) deliverRemoved(id);
    }
  }

  /** Ends the streams whose session was revoked, has expired, or whose user was removed; notes when the others end. */
  async function checkSessions(streams: LiveStream[]) {
    if (!streams.length) return;
    const alive = await options.sessionDeadlines([...new Set(streams.map((stream) => stream.user?.sessionId ?? 0))]);
    for (const stream of streams) {
      if (!deadlines.has(stream)) continue; // Closed meanwhile.
      const deadline = alive.get(stream.user?.sessionId ?? 0);
      if (deadline !== undefined) {
        deadlines.set(stream, deadline);
        continue;
      }
      // Not looked at again while its connection closes.
      deadlines.set(stream, Number.POSITIVE_INFINITY);
      stream.end();
    }
  }

  const streamsOfUsers = (users: Set<number> | 'all') =>
    [...(users === 'all' ? byUser.keys() : users)].flatMap((id) => [...(byUser.get(id) ?? [])]);

  const dueStreams = () => {
    const now = options.now();
    return [...deadlines].filter(([, deadline]) => deadline <= now).map(([stream]) => stream);
  };

  /** Wakes the hub when the earliest session of its streams ends (or was never read). */
  function scheduleSessionCheck() {
    let earliest = Number.POSITIVE_INFINITY;
    for (const deadline of deadlines.values()) earliest = Math.min(earliest, deadline);
    if (earliest === timerAt) return;
    clearTimeout(timer);
    timerAt = earliest;
    if (earliest === Number.POSITIVE_INFINITY) return;
    const delay = Math.min(MAX_TIMER_MS, Math.max(0, earliest - options.now()));
    timer = setTimeout(() => {
      timer = undefined;
      timerAt = Number.POSITIVE_INFINITY;
      sessionsDue = true;
      void flush();
    }, delay);
    timer.unref();
  }

  // One flush at a time: announcements that arrive meanwhile are merged into the next one.
  async function flush() {
    if (flushing) return;
    flushing = true;
    try {
      while (sessionsDue || changedIds === 'all' || changedIds.size || changedUsers === 'all' || changedUsers.size) {
        const ids = changedIds;
        const users = changedUsers;
        const due = sessionsDue;
        changedIds = new Set();
        changedUsers = new Set();
        sessionsDue = false;
        if (users === 'all' || users.size || due) {
          const streams = new Set(streamsOfUsers(users));
          if (due) for (const stream of dueStreams()) streams.add(stream);
          await checkSessions([...streams]);
        }
        if (ids === 'all' || ids.size) await sendChanges(ids);
      }
    } catch (error) {
      // What was found could not be read: every stream starts over, resuming from what it was told.
      logger.error({ err: error }, 'live: could not read the announced changes; ending the streams');
      endAll();
    } finally {
      flushing = false;
      scheduleSessionCheck();
    }
  }

  function endAll() {
    for (const group of [...byUser.values(), ...byShared.values()]) for (const stream of [...group]) stream.end();
  }

  function onChange(event: ChangeEvent) {
    if (!byUser.size && !byShared.size) return;
    if (event === 'reset') {
      // Announcements may have been missed while the LISTEN was down: each client resumes from its position.
      endAll();
      return;
    }
    if (event.kind === 'monitor') {
      if (event.ids === 'all') changedIds = 'all';
      else if (changedIds !== 'all') for (const id of event.ids) changedIds.add(id);
    } else if (event.kind === 'user') {
      if (event.ids === 'all') changedUsers = 'all';
      else if (changedUsers !== 'all') for (const id of event.ids) if (byUser.has(id)) changedUsers.add(id);
    } else {
      return;
    }
    void flush();
  }

  const unsubscribe = options.changes.subscribe(onChange);

  return {
    add(stream) {
      held.set(stream, { events: [] });
      if (stream.user) {
        groupOf(byUser, stream.user.userId).add(stream);
        // Its session is read with the others due (one query for a burst of new streams).
        deadlines.set(stream, 0);
        scheduleSessionCheck();
      }
      if (stream.shared) groupOf(byShared, stream.shared.monitorId).add(stream);
    },
    start(stream, ownedMonitorIds) {
      if (stream.user) for (const id of ownedMonitorIds) owners.set(id, stream.user.userId);
      const waiting = held.get(stream);
      held.delete(stream);
      for (const [event, data] of waiting?.events ?? []) stream.write(event, data, stream.position);
    },
    remove(stream) {
      held.delete(stream);
      deadlines.delete(stream);
      if (stream.user) {
        const group = byUser.get(stream.user.userId);
        group?.delete(stream);
        if (group && !group.size) {
          byUser.delete(stream.user.userId);
          const userId = stream.user.userId;
          for (const [monitorId, owner] of owners) if (owner === userId) owners.delete(monitorId);
        }
      }
      if (stream.shared) {
        const group = byShared.get(stream.shared.monitorId);
        group?.delete(stream);
        if (group && !group.size) byShared.delete(stream.shared.monitorId);
      }
    },
    streamsOf: (userId) => byUser.get(userId)?.size ?? 0,
    size: () => [...byUser.values(), ...byShared.values()].reduce((total, group) => total + group.size, 0),
    stop() {
      unsubscribe();
      clearTimeout(timer);
      endAll();
    },
  };
}

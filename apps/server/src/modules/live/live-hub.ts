import { LIVE_EVENTS } from '@paydar/contracts/live';
import type { FastifyBaseLogger } from 'fastify';
import type { ChangeEvent, ChangeFeed } from '../../db/change-feed';
import type { Database } from '../../db/client';
import { activeSessionIds, type LiveRow, readChangedLive } from './live.repository';

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

interface Held {
  events: Array<[event: string, data: string, id: number]>;
}

export function createLiveHub(options: { db: Database; changes: ChangeFeed; logger: FastifyBaseLogger }): LiveHub {
  const { db, logger } = options;
  const byUser = new Map<number, Set<LiveStream>>();
  const byShared = new Map<number, Set<LiveStream>>();
  // Which of the signed-in users' monitors is whose: a removed monitor's NOTIFY finds no row to tell by.
  const owners = new Map<number, number>();
  const held = new Map<LiveStream, Held>();
  let changedIds: Set<number> | 'all' = new Set();
  let changedUsers: Set<number> | 'all' = new Set();
  let flushing = false;

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

  function deliverRow(row: LiveRow) {
    const data = JSON.stringify(row.state);
    for (const stream of byUser.get(row.userId) ?? []) deliver(stream, LIVE_EVENTS.monitor, data, row.changeSeq);
    if (byUser.has(row.userId)) owners.set(row.state.id, row.userId);
    for (const stream of byShared.get(row.state.id) ?? []) {
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
    const rows = await readChangedLive(db, ids === 'all' ? 'all' : [...ids], audience);
    for (const row of rows) deliverRow(row);
    if (ids === 'all') return;
    const found = new Set(rows.map((row) => row.state.id));
    for (const id of ids) if (!found.has(id) && (owners.has(id) || byShared.has(id))) deliverRemoved(id);
  }

  /** Ends the streams whose session was revoked (or whose user was removed). */
  async function endRevoked(users: Set<number> | 'all') {
    const streams = [...(users === 'all' ? byUser.keys() : users)].flatMap((id) => [...(byUser.get(id) ?? [])]);
    if (!streams.length) return;
    const active = await activeSessionIds(
      db,
      streams.map((stream) => stream.user?.sessionId ?? 0),
    );
    for (const stream of streams) if (!active.has(stream.user?.sessionId ?? 0)) stream.end();
  }

  // One flush at a time: announcements that arrive meanwhile are merged into the next one.
  async function flush() {
    if (flushing) return;
    flushing = true;
    try {
      while (changedIds === 'all' || changedIds.size || changedUsers === 'all' || changedUsers.size) {
        const ids = changedIds;
        const users = changedUsers;
        changedIds = new Set();
        changedUsers = new Set();
        if (users === 'all' || users.size) await endRevoked(users);
        if (ids === 'all' || ids.size) await sendChanges(ids);
      }
    } catch (error) {
      // What was found could not be read: every stream starts over, resuming from what it was told.
      logger.error({ err: error }, 'live: could not read the announced changes; ending the streams');
      endAll();
    } finally {
      flushing = false;
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
      if (stream.user) groupOf(byUser, stream.user.userId).add(stream);
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
      endAll();
    },
  };
}

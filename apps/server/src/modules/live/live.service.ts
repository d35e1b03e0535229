import { LIVE_EVENTS, type LiveReady } from '@paydar/contracts/live';
import type { ServiceContext, SessionCaller } from '../../context';
import { AppError, notFound } from '../../errors';
import { type LiveRow, latestChangeSeq, ownerView, readSharedLive, readUserLive } from './live.repository';
import type { LiveHub, LiveStream } from './live-hub';

/**
 * How far before a resuming client's position the replay starts. Stamps are handed out when a
 * transaction writes and seen when it commits, so a stamp can show up after a higher one (two
 * batches committing in the other order). Ingest stamps a whole batch with one value, so this
 * covers as many batches committing out of turn; what it sends twice the client applies twice, harmlessly.
 */
export const RESUME_OVERLAP = 1_000;

/** A user's open streams on one replica (tabs, windows): past this a new one is refused, so one key cannot hold thousands. */
export const MAX_STREAMS_PER_USER = 20;

/** How a stream writes (an SSE event, its end) and tells that the client went away. */
export type StreamWriter = Pick<LiveStream, 'write' | 'end'> & {
  /** Runs `callback` once the connection is closed, at once if it already is. */
  whenClosed(callback: () => void): void;
};

/** `Last-Event-ID` as sent: absent, a stamp, or something this server never sent. */
export function parseLastEventId(header: string | string[] | undefined): number | null | 'unknown' {
  if (header === undefined || header === '') return null;
  if (typeof header !== 'string' || !/^\d{1,15}$/.test(header)) return 'unknown';
  return Number(header);
}

function readyOf(rows: LiveRow[]): LiveReady {
  return {
    ids: rows.map((row) => row.state.id),
    down: rows.filter((row) => row.state.is_enabled && row.state.is_down).map((row) => row.state.id),
  };
}

/**
 * Answers a new stream: what a resume missed (or a reset when that cannot be told), then `ready`
 * with the whole set. The stream joins the hub first, so a change committed while this reads is
 * held for it and written after.
 */
async function begin(
  context: ServiceContext,
  hub: LiveHub,
  stream: LiveStream,
  lastEventId: number | null | 'unknown',
  read: () => Promise<LiveRow[]>,
  writer: StreamWriter,
): Promise<void> {
  hub.add(stream);
  writer.whenClosed(() => hub.remove(stream));
  try {
    const latest = await latestChangeSeq(context.db);
    const rows = await read();
    // Changes found meanwhile (held for it) may already have moved it further.
    stream.position = Math.max(stream.position, latest);
    if (lastEventId === 'unknown' || (lastEventId !== null && lastEventId > latest)) {
      // Not a position of this database (a restore, another deployment, a made-up value).
      stream.write(LIVE_EVENTS.reset, '{}', stream.position);
    } else if (lastEventId !== null || stream.shared) {
      // A shared page may have been handed a cached answer (public, max-age): it gets the state now.
      const since = lastEventId === null ? Number.NEGATIVE_INFINITY : lastEventId - RESUME_OVERLAP;
      for (const row of rows) {
        if (row.changeSeq > since) {
          const data = stream.user ? ownerView(row) : row.state;
          stream.write(LIVE_EVENTS.monitor, JSON.stringify(data), stream.position);
        }
      }
    }
    stream.write(LIVE_EVENTS.ready, JSON.stringify(readyOf(rows)), stream.position);
    hub.start(
      stream,
      rows.map((row) => row.state.id),
    );
  } catch (error) {
    hub.remove(stream);
    throw error;
  }
}

/** A signed-in dashboard's stream: every monitor of the caller, for as long as the session lasts. */
export async function streamUserMonitors(
  context: ServiceContext,
  hub: LiveHub,
  caller: SessionCaller,
  lastEventId: number | null | 'unknown',
  writer: StreamWriter,
): Promise<LiveStream> {
  if (hub.streamsOf(caller.userId) >= MAX_STREAMS_PER_USER) {
    throw new AppError('RATE_LIMITED', 'Too many live updates are open for this account. Close a tab and try again.');
  }
  const user = { userId: caller.userId, sessionId: caller.sessionId };
  const stream: LiveStream = { write: writer.write, end: writer.end, user, position: 0 };
  const read = () => readUserLive(context.db, caller.userId, context.now());
  await begin(context, hub, stream, lastEventId, read, writer);
  return stream;
}

/**
 * A shared page's stream: the one monitor its token names, as the page shows it (no owner data).
 * An unknown token is refused before the stream starts.
 */
export async function streamSharedMonitor(
  context: ServiceContext,
  hub: LiveHub,
  token: string,
  lastEventId: number | null | 'unknown',
  writer: StreamWriter,
): Promise<LiveStream> {
  const found = await readSharedLive(context.db, token, context.now());
  if (!found) throw notFound('No shared monitor has this link.');
  const shared = { monitorId: found.state.id, token };
  const stream: LiveStream = { write: writer.write, end: writer.end, shared, position: 0 };
  const read = async () => {
    const row = await readSharedLive(context.db, token, context.now());
    return row ? [row] : [];
  };
  await begin(context, hub, stream, lastEventId, read, writer);
  return stream;
}

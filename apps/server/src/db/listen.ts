import { Backoff, sleep } from '@paydar/checks/agent/backoff';
import pg from 'pg';
import type { Logger } from 'pino';

/** A LISTEN that outlives its connection. */
export interface Listener {
  stop(): Promise<void>;
}

/**
 * LISTENs to `channel` on a connection of its own and keeps doing so: when the connection is lost
 * (PostgreSQL restarted, the backend terminated) it connects again, at once and then with back-off,
 * until it can. NOTIFYs sent while no connection listened reach nobody, so `onListening` runs after
 * each reconnect: the caller re-reads whatever the notifications would have told it.
 * The first connection is made before this resolves, and its failure is thrown.
 */
export async function listen(options: {
  databaseUrl: string;
  channel: string;
  onNotification: (payload: string) => void;
  onListening: () => void;
  /** Runs as soon as the connection is known to be lost: notifications may be missed from here on. */
  onLost?: () => void;
  logger: Logger;
  backoff?: { initialMs: number; maxMs: number };
}): Promise<Listener> {
  const { channel, logger } = options;
  const stopping = new AbortController();
  let reconnecting: Promise<void> | undefined;
  let current: pg.Client | undefined;

  async function connect(): Promise<pg.Client> {
    // Named, so an operator can tell in pg_stat_activity what this connection is for.
    const client = new pg.Client({
      connectionString: options.databaseUrl,
      application_name: `paydar:listen:${channel}`,
    });
    client.on('notification', (message) => {
      if (message.channel === channel) options.onNotification(message.payload ?? '');
    });
    // Without a listener a lost connection's error would be thrown at the process.
    client.on('error', (error) => lost(client, error));
    client.on('end', () => lost(client));
    try {
      await client.connect();
      await client.query(`LISTEN "${channel}"`);
      return client;
    } catch (error) {
      await client.end().catch(() => undefined);
      throw error;
    }
  }

  current = await connect();

  function lost(client: pg.Client, error?: Error): void {
    if (client !== current || stopping.signal.aborted || reconnecting) return;
    logger.warn({ err: error, channel }, 'LISTEN connection lost; connecting again');
    options.onLost?.();
    reconnecting = reconnect().finally(() => {
      reconnecting = undefined;
    });
  }

  async function reconnect(): Promise<void> {
    // A connection attempt costs little, and every second without LISTEN delays what it wakes.
    const backoff = new Backoff(options.backoff ?? { initialMs: 250, maxMs: 2_000 });
    while (!stopping.signal.aborted) {
      try {
        const client = await connect();
        if (stopping.signal.aborted) return void (await client.end().catch(() => undefined));
        current = client;
        logger.info({ channel, failures: backoff.failures }, 'listening again');
        options.onListening();
        return;
      } catch {
        await sleep(backoff.next(), stopping.signal);
      }
    }
  }

  return {
    async stop() {
      stopping.abort();
      await reconnecting;
      await current?.end().catch(() => undefined);
    },
  };
}

import { connect } from 'node:net';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { buildUser } from '../../../test/factories';
import { endsWithin, useLiveWorld } from './live.api-world';
import { MAX_STREAMS_PER_USER } from './live.service';
import { isReady } from './live.test-support';

/** The live streams' limits under abuse: racing opens, dead share links, hostile Last-Event-ID headers. */
const { world, baseUrl, stream, ownerHeaders, writeDirectly } = useLiveWorld();

/** The raw answer's status line to a request written by hand (what fetch refuses to send). */
function rawStatusLine(url: string, request: string): Promise<string> {
  const { hostname, port } = new URL(url);
  return new Promise((resolve, reject) => {
    const socket = connect(Number(port), hostname, () => socket.write(request));
    let received = '';
    socket.on('data', (chunk) => {
      received += chunk.toString('latin1');
      if (received.includes('\r\n')) {
        socket.destroy();
        resolve(received.slice(0, received.indexOf('\r\n')));
      }
    });
    socket.on('error', reject);
  });
}

describe('what an attacker might try', () => {
  it('holds the per-user limit when many streams race to open', async () => {
    const user = await buildUser(world.server);
    const headers = { authorization: user.headers.authorization };
    const streams = await Promise.all(
      Array.from({ length: MAX_STREAMS_PER_USER + 15 }, () => stream('/api/v1/live/', headers)),
    );
    const statuses = streams.map((opened) => opened.status);
    expect(statuses.filter((status) => status === 200)).toHaveLength(MAX_STREAMS_PER_USER);
    expect(statuses.filter((status) => status === 429)).toHaveLength(15);
    for (const opened of streams) opened.close();
  });

  it('ends a shared stream when its link stops working: a new token, or the monitor removed', async () => {
    const id = await world.createMonitor(['Solo']);
    const tokenOf = async (monitorId: number) =>
      (
        await world.server.app.inject({
          method: 'GET',
          url: `/api/v1/monitors/${monitorId}/`,
          headers: world.owner.headers,
        })
      ).json().token as string;
    const shared = await stream(`/api/v1/live/shared/${await tokenOf(id)}`);
    await shared.next(isReady);
    await writeDirectly(sql`UPDATE monitors SET token = ${`replaced-${id}`} WHERE id = ${id}`);
    expect(await endsWithin(shared)).toBe('ended');

    const removedLater = await stream(`/api/v1/live/shared/replaced-${id}`);
    await removedLater.next(isReady);
    const removed = await world.server.app.inject({
      method: 'DELETE',
      url: `/api/v1/monitors/${id}/`,
      headers: world.owner.headers,
    });
    expect(removed.statusCode).toBeLessThan(300);
    expect(await endsWithin(removedLater)).toBe('ended');
    expect((await stream(`/api/v1/live/shared/replaced-${id}`)).status).toBe(404);
  });

  it('answers a huge or malformed Last-Event-ID with a reset, and a NUL byte with 400', async () => {
    for (const value of ['9'.repeat(400), '99999999999999999999', '-1', '1e9', '0x10', '1.5']) {
      const opened = await stream('/api/v1/live/', { ...ownerHeaders(), 'last-event-id': value });
      expect(opened.status).toBe(200);
      await opened.next((event) => event.event === 'reset');
      opened.close();
    }
    const auth = world.owner.headers.authorization;
    const status = await rawStatusLine(
      baseUrl(),
      `GET /api/v1/live/ HTTP/1.1\r\nHost: x\r\nAccept: text/event-stream\r\nAuthorization: ${auth}\r\nLast-Event-ID: 1\u00002\r\n\r\n`,
    );
    expect(status).toMatch(/^HTTP\/1\.1 400/);
    // The server is still there for everyone else.
    const after = await stream('/api/v1/live/', ownerHeaders());
    await after.next(isReady);
  });
});

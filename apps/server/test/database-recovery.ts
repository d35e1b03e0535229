import type pg from 'pg';
import { expect } from 'vitest';
import type { SmtpInbox } from './fakes/smtp-inbox';
import { LOADED_WAIT_MS } from './loaded-machine';
import {
  type CheckedTarget,
  connectClient,
  createMonitorThrough,
  healthStatus,
  insertApiUser,
  insertRemoteProber,
  proberIdNamed,
  sleep,
  storedRecords,
} from './process-world';
import type { ServerProcess } from './server-process';

/** Polls /healthz until it answers `status`; the time it did. Fails after `timeoutMs`. */
export async function waitForHealth(serverUrl: string, status: number, timeoutMs: number): Promise<number> {
  const deadline = Date.now() + timeoutMs;
  let last = 0;
  while (Date.now() < deadline) {
    last = await healthStatus(serverUrl);
    if (last === status) return Date.now();
    await sleep(100);
  }
  throw new Error(`/healthz answered ${last}, not ${status}, for ${timeoutMs} ms`);
}

/** Polls `probe` until it is true; the time it was. Fails after `timeoutMs`. */
export async function waitUntil(what: string, probe: () => Promise<boolean>, timeoutMs: number): Promise<number> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (await probe().catch(() => false)) return Date.now();
    await sleep(100);
  }
  throw new Error(`${what}: not within ${timeoutMs} ms`);
}

/**
 * A standalone agent's long poll is answered within a second or so of a NOTIFY for its prober,
 * as it is only while the server LISTENs: otherwise it waits for the server's next re-read, every
 * 5 s. Tried until it holds (the LISTEN connection may come back after /healthz does).
 */
async function expectNotifyHeard(server: ServerProcess, db: pg.Client): Promise<void> {
  const remote = await insertRemoteProber(db, `remote-${Date.now()}`);
  const agent = { authorization: `Prober ${remote.key}` };
  await waitUntil(
    'a NOTIFY answers the long poll at once',
    async () => {
      const { rows } = await db.query<{ version: string }>(
        'SELECT assignment_version AS version FROM probers WHERE id = $1',
        [remote.id],
      );
      const poll = fetch(`${server.url}/api/agent/v1/assignments?version=${rows[0]?.version}&wait=30`, {
        headers: agent,
      });
      await sleep(300);
      const announcedAt = Date.now();
      await db.query('UPDATE probers SET assignment_version = assignment_version + 1 WHERE id = $1', [remote.id]);
      await db.query(`SELECT pg_notify('prober_assignments', $1)`, [String(remote.id)]);
      const answer = await poll;
      return answer.status === 200 && Date.now() - announcedAt < 1_500;
    },
    LOADED_WAIT_MS,
  );
}

/**
 * What a server must do again, with no restart of its own, once its database is back: answer the
 * API, run a job (a verification mail reaches the inbox), hear NOTIFY again, and have the
 * built-in prober check a monitor created through the API now.
 */
export async function expectServerRecovered(world: {
  server: ServerProcess;
  databaseUrl: string;
  inbox: SmtpInbox;
  target: CheckedTarget;
}): Promise<void> {
  const { server } = world;
  const email = `after-restart-${Date.now()}@example.test`;
  const register = await fetch(`${server.url}/api/v1/users/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password: 'long enough' }),
  });
  expect(register.status, server.output().slice(-3000)).toBe(200);
  await world.inbox.waitFor(email, /Verify your email/);

  const db = await connectClient(world.databaseUrl);
  try {
    await expectNotifyHeard(server, db);
    const user = await insertApiUser(db);
    const builtin = await proberIdNamed(db, 'Local');
    const path = `/after-restart-${Date.now()}`;
    const monitorId = await createMonitorThrough(server.url, user, {
      url: `${world.target.url}${path}`,
      probers: [builtin],
    });
    await waitUntil(
      'the built-in prober stores a result of the new monitor',
      async () => (await storedRecords(db, monitorId)).some((record) => record.prober_id === builtin),
      LOADED_WAIT_MS,
    );
    expect(world.target.hits(path).length).toBeGreaterThanOrEqual(1);
  } finally {
    await db.end();
  }
}

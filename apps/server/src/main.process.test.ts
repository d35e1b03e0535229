import fs from 'node:fs/promises';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from '../test/free-port';
import { LOADED_WAIT_MS } from '../test/loaded-machine';
import { startServerProcess } from '../test/server-process';

/** The real process on an embedded PostgreSQL: start, graceful stop, restart, and recovery after kill -9. */
let dataDir: string;
// Chosen once, so every restart in this file finds its data on the same ports.
let ports: { http: number; postgres: number };
beforeAll(async () => {
  dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'paydar-process-'));
  ports = { http: await freePort(), postgres: await freePort() };
});
afterAll(async () => {
  await fs.rm(dataDir, { recursive: true, force: true });
});

const environment = () => ({
  PORT: String(ports.http),
  DATA_DIR: dataDir,
  EMBEDDED_POSTGRES_PORT: String(ports.postgres),
  RATE_LIMITS_ENABLED: 'false',
});
const post = (url: string, body: unknown) =>
  fetch(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });

function postmasterPid(): Promise<number> {
  return fs
    .readFile(path.join(dataDir, 'postgres', 'postmaster.pid'), 'utf8')
    .then((content) => Number(content.split('\n')[0]));
}
const isAlive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

describe('the server process', () => {
  it('finishes in-flight requests on SIGTERM, stops the embedded PostgreSQL, and keeps the data for the next start', async () => {
    const first = await startServerProcess(environment());
    const pgPid = await postmasterPid();
    const inFlight = Array.from({ length: 4 }, (_, index) =>
      post(`${first.url}/api/v1/users/register`, { email: `shutdown-${index}@example.test`, password: 'long enough' }),
    );
    // SIGTERM once the server has received all four, while they are still hashing passwords.
    await expect
      .poll(() => first.output().split('"incoming request"').length - 1, { interval: 5 })
      .toBeGreaterThanOrEqual(5);
    first.child.kill('SIGTERM');
    const statuses = await Promise.all(inFlight.map((request) => request.then((response) => response.status)));
    expect(statuses).toEqual([200, 200, 200, 200]);
    expect(await first.exited, first.output()).toBe(0);
    expect(first.output()).toContain('stopped cleanly');
    expect(first.output()).toContain('embedded PostgreSQL stopped');
    expect(isAlive(pgPid)).toBe(false);

    const second = await startServerProcess(environment());
    const login = await post(`${second.url}/api/v1/users/login`, {
      email: 'shutdown-0@example.test',
      password: 'long enough',
    });
    expect(login.status).toBe(200);
    // Without SMTP_URL each verification mail, link and all, is written to the log — by the
    // first process, or by the second if the first stopped before its job ran: never lost.
    const mailed = /mail \(no SMTP_URL set\)[^"]*\/verify_email\?token=[\w-]+&email=shutdown-(\d)%40example\.test/g;
    await expect
      .poll(() => new Set([...(first.output() + second.output()).matchAll(mailed)].map((match) => match[1])).size, {
        timeout: LOADED_WAIT_MS,
      })
      .toBe(4);
    second.child.kill('SIGINT');
    expect(await second.exited).toBe(0);
  });

  it('starts again after being killed with SIGKILL, stopping the PostgreSQL it left behind', async () => {
    const killed = await startServerProcess(environment());
    const orphan = await postmasterPid();
    killed.child.kill('SIGKILL');
    await killed.exited;
    expect(isAlive(orphan)).toBe(true);

    const restarted = await startServerProcess(environment());
    expect(isAlive(orphan)).toBe(false);
    const login = await post(`${restarted.url}/api/v1/users/login`, {
      email: 'shutdown-1@example.test',
      password: 'long enough',
    });
    expect(login.status).toBe(200);
    restarted.child.kill('SIGTERM');
    expect(await restarted.exited).toBe(0);
  });

  it('stops cleanly on SIGHUP too (a closed terminal), taking the embedded PostgreSQL with it', async () => {
    const server = await startServerProcess(environment());
    const pgPid = await postmasterPid();
    server.child.kill('SIGHUP');
    expect(await server.exited, server.output()).toBe(0);
    expect(server.output()).toContain('embedded PostgreSQL stopped');
    expect(isAlive(pgPid)).toBe(false);
  });

  it('stops the embedded PostgreSQL it started when its HTTP port is taken', async () => {
    // Answers 503 to the start-up's health polls, so they go on until the server gives up.
    const squatter = http.createServer((_request, response) => response.writeHead(503).end());
    await new Promise<void>((resolve) => squatter.listen(ports.http, '127.0.0.1', resolve));
    try {
      await expect(startServerProcess(environment())).rejects.toThrow(/EADDRINUSE/);
      // A clean stop removes postmaster.pid; one left behind must name a dead process.
      const left = Number(
        (await fs.readFile(path.join(dataDir, 'postgres', 'postmaster.pid'), 'utf8').catch(() => '')).split('\n')[0],
      );
      expect(left && isAlive(left)).toBeFalsy();
    } finally {
      await new Promise((resolve) => squatter.close(resolve));
    }
  });
});

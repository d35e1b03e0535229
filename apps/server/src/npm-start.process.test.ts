import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from '../test/free-port';
import { LOADED_WAIT_MS } from '../test/loaded-machine';
import { descendants, processTable, stillRunning } from '../test/process-tree';
import { endTestProcess, spawnTestProcess } from '../test/test-processes';
import { generateSecret, hashSecret } from './modules/accounts/secrets';

/**
 * `npm start` exactly as the README gives it, stopped the way a supervisor or container runtime
 * stops it: SIGTERM to the one pid it started (npm's), not to the process group. The server under
 * npm must receive it, finish what it is answering, stop the embedded PostgreSQL and leave
 * nothing running. The web app is built as part of the command, so this takes a while.
 */
const repositoryRoot = path.resolve(import.meta.dirname, '../../..');
let dataDir: string;
let ports: { http: number; postgres: number };
let npm: ReturnType<typeof spawnTestProcess> | undefined;
let tree: number[] = [];
let output = '';

beforeAll(async () => {
  dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'paydar-npm-start-'));
  ports = { http: await freePort(), postgres: await freePort() };
});
afterAll(async () => {
  // A failed expectation must not leave npm, the server or PostgreSQL behind: their groups are killed.
  if (npm) await endTestProcess(npm);
  await fs.rm(dataDir, { recursive: true, force: true });
});

async function waitUntilHealthy(url: string, exited: Promise<unknown>): Promise<void> {
  let gone = false;
  void exited.then(() => {
    gone = true;
  });
  for (const deadline = Date.now() + 240_000; Date.now() < deadline && !gone; ) {
    if (
      await fetch(`${url}/healthz`).then(
        (response) => response.ok,
        () => false,
      )
    )
      return;
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  throw new Error(`npm start did not become healthy:\n${output}`);
}

/** A standalone prober's key, stored straight in the embedded database (the password is DATA_DIR's). */
async function addProber(): Promise<{ key: string; version: number }> {
  const password = (await fs.readFile(path.join(dataDir, 'postgres-password'), 'utf8')).trim();
  const db = new pg.Client({ connectionString: `postgres://postgres:${password}@127.0.0.1:${ports.postgres}/paydar` });
  await db.connect();
  try {
    const key = generateSecret();
    const { rows } = await db.query<{ assignment_version: string }>(
      `INSERT INTO probers (name, country_code, datacenter, key_hash) VALUES ('Remote', 'DE', 'x', $1)
       RETURNING assignment_version`,
      [hashSecret(key)],
    );
    return { key, version: Number(rows[0]?.assignment_version) };
  } finally {
    await db.end();
  }
}

describe('npm start', () => {
  it('passes SIGTERM sent to its own pid to the server, which finishes its requests and leaves nothing running', async () => {
    const url = `http://127.0.0.1:${ports.http}`;
    npm = spawnTestProcess('npm', ['start'], {
      cwd: repositoryRoot,
      env: {
        ...process.env,
        PORT: String(ports.http),
        HOST: '127.0.0.1',
        DATA_DIR: dataDir,
        EMBEDDED_POSTGRES_PORT: String(ports.postgres),
        LOG_LEVEL: 'info',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const append = (chunk: Buffer) => {
      output += chunk.toString();
    };
    npm.stdout?.on('data', append);
    npm.stderr?.on('data', append);
    const exited = new Promise<number | null>((resolve) => npm?.once('exit', (code) => resolve(code)));
    await waitUntilHealthy(url, exited);

    // A long poll that holds its answer for 8 s unless the prober's assignments change: the
    // slow request in flight when the signal comes.
    const prober = await addProber();
    const longPoll = fetch(`${url}/api/agent/v1/assignments?version=${prober.version}&wait=8`, {
      headers: { authorization: `Prober ${prober.key}` },
    });
    await expect
      .poll(() => output.includes('/api/agent/v1/assignments'), { timeout: LOADED_WAIT_MS, interval: 20 })
      .toBe(true);

    tree = descendants(npm.pid as number);
    const postmaster = Number(
      (await fs.readFile(path.join(dataDir, 'postgres', 'postmaster.pid'), 'utf8')).split('\n')[0],
    );
    expect(tree).toContain(postmaster);
    process.kill(npm.pid as number, 'SIGTERM');

    const answer = await longPoll;
    expect(answer.status, output).toBe(204);
    expect(await exited, output).toBe(0);
    // 204 is "no change within the wait": answered in full, after the shutdown began.
    expect(output.lastIndexOf('"request completed"')).toBeGreaterThan(output.indexOf('shutting down'));
    expect(output).toContain('"signal":"SIGTERM"');
    expect(output).toContain('embedded PostgreSQL stopped');
    expect(output).toContain('stopped cleanly');

    // Helpers of the start (tsx's esbuild) see its end a moment after npm does: a few seconds' grace.
    await expect.poll(() => stillRunning(tree), { timeout: LOADED_WAIT_MS }).toEqual([]);
    const left = processTable().filter(
      (entry) => entry.args.includes(dataDir) || entry.args.includes(`-p ${ports.postgres}`),
    );
    expect(left).toEqual([]);
  });
});

import { execFile } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import pino from 'pino';
import { afterEach, describe, expect, it } from 'vitest';
import { binariesThePostgresUserCanRun } from './embedded-binaries';
import { RELOCATED_CLUSTERS_DIRECTORY } from './embedded-home';

const run = promisify(execFile);

/**
 * A clone in /root keeps node_modules, PostgreSQL's binaries with it, out of the postgres user's
 * reach. A stand-in package (its `postgres` a shell script that says where its library is) in a
 * 0700 directory shows the copy that user can run.
 */
const asRoot = process.getuid?.() === 0;
const created: string[] = [];
afterEach(async () => {
  for (const directory of created.splice(0)) await fs.rm(directory, { recursive: true, force: true });
  await fs.rmdir(RELOCATED_CLUSTERS_DIRECTORY).catch(() => undefined);
});

async function postgresUser() {
  const { stdout: uid } = await run('id', ['-u', 'postgres']);
  const { stdout: gid } = await run('id', ['-g', 'postgres']);
  return { uid: Number(uid), gid: Number(gid) };
}

async function closedPackage(version: string) {
  const closed = await fs.mkdtemp(path.join(os.tmpdir(), 'paydar-closed-binaries-'));
  created.push(closed);
  const native = path.join(closed, 'linux-x64', 'native');
  await fs.mkdir(path.join(native, 'bin'), { recursive: true });
  await fs.mkdir(path.join(native, 'lib'));
  await fs.writeFile(path.join(closed, 'linux-x64', 'package.json'), JSON.stringify({ version }));
  await fs.writeFile(path.join(native, 'lib', 'libpq.so.5.18'), 'library\n');
  await fs.symlink('libpq.so.5.18', path.join(native, 'lib', 'libpq.so.5'));
  for (const name of ['postgres', 'initdb']) {
    await fs.writeFile(path.join(native, 'bin', name), '#!/bin/sh\ncat "$(dirname "$0")/../lib/libpq.so.5"\n', {
      mode: 0o755,
    });
  }
  return { initdb: path.join(native, 'bin', 'initdb'), postgres: path.join(native, 'bin', 'postgres') };
}

describe.runIf(asRoot)('PostgreSQL binaries the postgres user cannot reach', () => {
  it('are copied once to /var/lib/paydar/postgres-<version>, where that user runs them', async () => {
    const version = `0.0.0-test-${process.pid}`;
    const copy = path.join(RELOCATED_CLUSTERS_DIRECTORY, `postgres-${version}`);
    created.push(copy);
    const owner = await postgresUser();
    const shipped = await closedPackage(version);
    await expect(run(shipped.postgres, [], owner)).rejects.toThrow();

    const binaries = await binariesThePostgresUserCanRun(shipped, owner, pino({ level: 'silent' }));
    expect(binaries).toEqual({
      initdb: path.join(copy, 'bin', 'initdb'),
      postgres: path.join(copy, 'bin', 'postgres'),
    });
    expect((await run(binaries.postgres, [], owner)).stdout).toBe('library\n');
    expect(await fs.readlink(path.join(copy, 'lib', 'libpq.so.5'))).toBe('libpq.so.5.18');

    // The next start uses the copy as it is.
    await fs.writeFile(path.join(copy, 'lib', 'libpq.so.5.18'), 'kept\n');
    await binariesThePostgresUserCanRun(shipped, owner, pino({ level: 'silent' }));
    expect((await run(binaries.postgres, [], owner)).stdout).toBe('kept\n');
  });

  it('are used where they are when the postgres user can reach them', async () => {
    const shipped = await closedPackage('0.0.0-open');
    await fs.chmod(path.resolve(shipped.postgres, '../../../..'), 0o755);
    expect(await binariesThePostgresUserCanRun(shipped, await postgresUser(), pino({ level: 'silent' }))).toEqual(
      shipped,
    );
  });
});

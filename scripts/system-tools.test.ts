import { spawnSync } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';

/**
 * The real script on a PATH of fakes only: no ping, no Chromium, and an `apt-get` and `id` that
 * stand in for the system, recording what they were asked. The fake apt-get "installs" by
 * creating the programs where the script looks for them afterwards.
 */
const script = path.join(import.meta.dirname, 'system-tools.sh');
let directory: string;
let bin: string;
let chromium: string;
let calls: string;

async function fake(name: string, body: string) {
  await fs.writeFile(path.join(bin, name), `#!/bin/sh\n${body}\n`, { mode: 0o755 });
}
const fakeId = (uid: number) => fake('id', `echo "id $*" >> '${calls}'\necho ${uid}`);
const fakeAptGet = () =>
  fake(
    'apt-get',
    [
      `echo "apt-get $*" >> '${calls}'`,
      'if [ "$1" = install ]; then',
      `  printf '#!/bin/sh\\n' > '${chromium}'; /bin/chmod +x '${chromium}'`,
      `  printf '#!/bin/sh\\n' > '${bin}/ping'; /bin/chmod +x '${bin}/ping'`,
      'fi',
    ].join('\n'),
  );

function runScript() {
  const result = spawnSync('/bin/bash', [script], {
    env: { PATH: bin, CHROMIUM_PATH: chromium },
    encoding: 'utf8',
  });
  return { status: result.status, stderr: result.stderr };
}
const recorded = () =>
  fs.readFile(calls, 'utf8').then(
    (text) => text.split('\n').filter(Boolean),
    () => [],
  );

beforeEach(async () => {
  directory = await fs.mkdtemp(path.join(os.tmpdir(), 'paydar-system-tools-'));
  bin = path.join(directory, 'bin');
  await fs.mkdir(bin);
  chromium = path.join(directory, 'chromium');
  calls = path.join(directory, 'calls');
});
afterEach(async () => {
  await fs.rm(directory, { recursive: true, force: true });
});

describe('scripts/system-tools.sh', () => {
  it('installs Chromium and ping with apt-get when run as root', async () => {
    await fakeId(0);
    await fakeAptGet();
    const { status, stderr } = runScript();
    expect(status, stderr).toBe(0);
    expect(await recorded()).toEqual(['id -u', 'apt-get update -qq', 'apt-get install -y -qq chromium iputils-ping']);
  });

  it('stops at once with the exact command when not root, installing nothing', async () => {
    await fakeId(1000);
    await fakeAptGet();
    const { status, stderr } = runScript();
    expect(status).toBe(1);
    expect(stderr).toContain('  sudo apt-get install -y chromium iputils-ping\n');
    expect(await recorded()).toEqual(['id -u']);
  });

  it('names only what is missing', async () => {
    await fakeId(1000);
    await fakeAptGet();
    await fs.writeFile(chromium, '#!/bin/sh\n', { mode: 0o755 });
    const { status, stderr } = runScript();
    expect(status).toBe(1);
    expect(stderr).toContain('  sudo apt-get install -y iputils-ping\n');
  });

  it('fails when the installation did not bring the programs', async () => {
    await fakeId(0);
    await fake('apt-get', `echo "apt-get $*" >> '${calls}'`);
    const { status, stderr } = runScript();
    expect(status).toBe(1);
    expect(stderr).toContain('Still missing after apt-get install: chromium iputils-ping');
  });

  it('does nothing, and asks nothing, when both are there', async () => {
    await fakeId(0);
    await fakeAptGet();
    await fs.writeFile(chromium, '#!/bin/sh\n', { mode: 0o755 });
    await fs.writeFile(path.join(bin, 'ping'), '#!/bin/sh\n', { mode: 0o755 });
    expect(runScript().status).toBe(0);
    expect(await recorded()).toEqual([]);
  });
});

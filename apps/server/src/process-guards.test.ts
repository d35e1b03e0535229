import { spawn } from 'node:child_process';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { freePort } from '../test/free-port';

const fixture = path.resolve(import.meta.dirname, '../test/fixtures/unhandled-rejection.ts');

function run(...args: string[]): Promise<{ code: number | null; output: string }> {
  const child = spawn(process.execPath, ['--import', 'tsx', fixture, ...args], { stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => {
    output += chunk.toString();
  });
  return new Promise((resolve) => child.once('exit', (code) => resolve({ code, output })));
}

describe('an unhandled rejection in the server process', () => {
  it('is survived when the database cannot be reached (pg-boss leaves those unhandled)', async () => {
    const outcome = await run('database', String(await freePort()));
    expect(outcome).toEqual({ code: 0, output: 'alive\n' });
  });

  it('still ends the process when it is anything else', async () => {
    const outcome = await run('bug');
    expect(outcome.code).toBe(1);
    expect(outcome.output).toBe('');
  });
});

import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { processUsage } from './cpu';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * CPU per get of paced-gets-client.mjs (a bare Node process, fresh connection per get) at
 * `perSecond` gets a second, over `windowMs` after `warmMs` of warming up: whole-process CPU from
 * /proc, as the server's is measured — the floor a check at that rate cannot go under.
 */
export async function pacedGetFloorMs(url: string, perSecond: number, warmMs: number, windowMs: number) {
  const client = fileURLToPath(new URL('./paced-gets-client.mjs', import.meta.url));
  const child = spawn(process.execPath, [client, JSON.stringify({ url, perSecond })], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  let last = { finished: 0, failed: 0 };
  child.stdout.on('data', (chunk: Buffer) => {
    const lines = chunk.toString().trim().split('\n');
    last = JSON.parse(lines[lines.length - 1] as string);
  });
  try {
    await sleep(warmMs);
    const cpu0 = processUsage(child.pid as number).cpuSeconds;
    const gets0 = last.finished;
    await sleep(windowMs);
    const cpu = processUsage(child.pid as number).cpuSeconds - cpu0;
    const gets = last.finished - gets0;
    if (last.failed || !gets) throw new Error(`paced gets: ${last.failed} failed, ${gets} finished`);
    return { ms: (cpu / gets) * 1000, gets };
  } finally {
    child.kill('SIGTERM');
    await new Promise((resolve) => child.once('exit', resolve));
  }
}

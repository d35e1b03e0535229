import { describe, expect, it } from 'vitest';
import { connectTcp } from './connect';
import { CheckError } from './errors';
import { newProbe } from './probe';
import { closedPort } from './test-support/servers';

const context = () => ({
  signal: new AbortController().signal,
  timeoutMs: 2000,
  allowPrivateTargets: true,
  pingPath: 'ping',
});

describe('connecting to the addresses of a target', () => {
  it('says there was no address when it was given none', async () => {
    const failure = await connectTcp([], 80, context(), newProbe()).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(CheckError);
    expect((failure as Error).message).toBe('no address to connect to');
  });

  it('gives the last connection error, not the empty-list one, when every address refuses', async () => {
    const port = await closedPort();
    const failure = await connectTcp(['127.0.0.1'], port, context(), newProbe()).catch((error: unknown) => error);
    expect((failure as NodeJS.ErrnoException).code).toBe('ECONNREFUSED');
  });
});

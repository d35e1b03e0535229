import { checkResult } from '@paydar/contracts/agent';
import { findUnsafeValue } from '@paydar/contracts/edge-values';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { runCheck } from './check';
import { checkOptions, httpSpec, startHttpServer, startHttpsServer } from './test-support/servers';

let selfSigned: Awaited<ReturnType<typeof startHttpsServer>>;
let expired: Awaited<ReturnType<typeof startHttpsServer>>;
let requests = 0;
const handler = (_req: unknown, res: { end: (body: string) => void }) => {
  requests++;
  res.end('ok');
};

beforeAll(async () => {
  selfSigned = await startHttpsServer('self-signed', handler);
  expired = await startHttpsServer('expired', handler);
});
afterAll(async () => {
  await selfSigned.close();
  await expired.close();
});

describe('HTTPS check against local TLS servers', () => {
  it('measures the TLS handshake of a self-signed server and names the certificate problem', async () => {
    const result = await runCheck(httpSpec(`https://localhost:${selfSigned.port}/`), checkOptions);
    expect(result.success).toBe(false);
    expect(result.error).toBe('self-signed certificate');
    expect(result.phases.resolve).toBeGreaterThanOrEqual(0);
    expect(result.phases.connect).toBeGreaterThan(0);
    expect(result.phases.tls).toBeGreaterThan(0);
    // No request goes over a connection whose certificate did not verify.
    expect(result.phases.response).toBeNull();
    expect(result.status_code).toBeNull();
    expect(requests).toBe(0);
    expect(result.extra_info.tls).toMatchObject({
      valid_to: '2126-10-30T03:45:17.000Z',
      issuer_cn: 'localhost',
      issuer_o: 'Paydar Test',
      subject_cn: 'localhost',
    });
  });

  it('reports an expired certificate with its dates', async () => {
    const result = await runCheck(httpSpec(`https://127.0.0.1:${expired.port}/`), checkOptions);
    expect(result.success).toBe(false);
    expect(result.error).toBe('certificate expired');
    expect(result.phases.tls).toBeGreaterThan(0);
    expect(result.extra_info.tls).toMatchObject({
      valid_from: '2020-01-01T00:00:00.000Z',
      valid_to: '2020-01-02T00:00:00.000Z',
      issuer_o: 'Paydar Expired',
    });
  });

  it('reports certificate names holding control characters cleaned, within the agent API rule', async () => {
    const hostile = await startHttpsServer('control-chars', handler);
    const result = await runCheck(httpSpec(`https://localhost:${hostile.port}/`), checkOptions);
    await hostile.close();
    expect(result.error).toBe('self-signed certificate');
    expect(result.extra_info.tls).toMatchObject({ subject_cn: 'evil[31mname', issuer_o: 'BadOrg' });
    expect(findUnsafeValue(result)).toBeNull();
    expect(checkResult.safeParse(result).success).toBe(true);
  });

  it('does not resume TLS sessions: every check does a full handshake', async () => {
    const before = selfSigned.resumed.length;
    for (let i = 0; i < 3; i++) {
      const result = await runCheck(httpSpec(`https://localhost:${selfSigned.port}/`), checkOptions);
      expect(result.phases.tls).toBeGreaterThan(0);
    }
    await vi.waitFor(() => expect(selfSigned.resumed.slice(before)).toEqual([false, false, false]));
  });

  it('names a TLS failure against a server that does not speak TLS', async () => {
    const plain = await startHttpServer((_req, res) => res.end('plain'));
    const result = await runCheck(httpSpec(`https://127.0.0.1:${plain.port}/`, {}, 2000), checkOptions);
    await plain.close();
    expect(result.success).toBe(false);
    expect(result.error).toMatch(/^TLS handshake failed/);
    expect(result.phases.tls).toBeNull();
  });
});

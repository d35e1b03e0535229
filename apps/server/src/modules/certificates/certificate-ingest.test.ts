import { describe, expect, it } from 'vitest';
import type { ProbeRecordInput } from '../ingest/probe-records.repository';
import { certificateOf } from './certificate-ingest';

const time = Date.parse('2026-11-27T12:00:00Z');
const tls = {
  valid_from: '2026-11-01T00:00:00.000Z',
  valid_to: '2026-12-04T11:00:00.000Z',
  issuer_cn: 'R11',
  issuer_o: "Let's Encrypt",
  subject_cn: 'shop.example',
  sans: ['DNS:shop.example'],
  fingerprint256: 'AB:CD',
  serial: '01',
  protocol: 'TLSv1.3',
};

function record(extraInfo: Record<string, unknown>): ProbeRecordInput {
  return {
    monitorId: 7,
    proberId: 1,
    time,
    success: true,
    statusCode: 200,
    durationMs: 100,
    resolveMs: 1,
    connectMs: 2,
    tlsMs: 3,
    responseMs: 50,
    error: null,
    extraInfo,
    apdexClass: 0,
    bucket: 1,
  };
}

describe('certificateOf: the certificate of a check’s final HTTPS hop', () => {
  it('takes the final hop’s host, a key from the fingerprint, and whole days left at the check’s time', () => {
    expect(certificateOf(record({ url: 'https://shop.example:8443/health', tls }))).toMatchObject({
      monitorId: 7,
      key: 'sha256:AB:CD',
      host: 'shop.example',
      seenAt: time,
      daysLeft: 6,
    });
  });

  it('keys a certificate from an older agent (no fingerprint) by its dates and names', () => {
    const { fingerprint256: _f, serial: _s, sans: _n, ...old } = tls;
    expect(certificateOf(record({ url: 'https://shop.example/', tls: old }))?.key).toBe(
      'names:2026-12-04T11:00:00.000Z||R11|shop.example',
    );
  });

  it('takes none when the final hop is plain HTTP (a redirect from https left an earlier hop’s certificate)', () => {
    expect(certificateOf(record({ url: 'http://shop.example/', tls }))).toBeUndefined();
  });

  it.each([
    ['no certificate', { url: 'https://shop.example/' }],
    ['no valid_to', { url: 'https://shop.example/', tls: { ...tls, valid_to: null } }],
    ['a date that is not one', { url: 'https://shop.example/', tls: { ...tls, valid_to: 'soon' } }],
    ['too many SANs', { url: 'https://shop.example/', tls: { ...tls, sans: Array(51).fill('DNS:x') } }],
    ['no URL', { tls }],
  ])('skips %s without failing', (_case, extra) => {
    expect(certificateOf(record(extra))).toBeUndefined();
  });
});

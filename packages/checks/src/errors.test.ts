import { describe, expect, it } from 'vitest';
import { CheckError, describeError, failureClass, formatSeconds, ProberFault } from './errors';

describe('describeError', () => {
  it.each([
    ['ECONNREFUSED', 'connection refused'],
    ['EHOSTUNREACH', 'no route to host'],
    ['ENETUNREACH', 'network unreachable'],
    ['ENOTFOUND', 'NXDOMAIN'],
    ['CERT_HAS_EXPIRED', 'certificate expired'],
    ['DEPTH_ZERO_SELF_SIGNED_CERT', 'self-signed certificate'],
    ['ERR_TLS_CERT_ALTNAME_INVALID', 'certificate has wrong host'],
    ['UNABLE_TO_VERIFY_LEAF_SIGNATURE', 'certificate issuer unknown'],
    ['HPE_INVALID_CONSTANT', 'invalid HTTP response'],
    ['ERR_SSL_SOMETHING_NEW', 'TLS handshake failed'],
  ])('%s → %s', (code, text) => {
    expect(describeError(Object.assign(new Error('x'), { code }))).toBe(text);
    expect(describeError(code)).toBe(text);
  });

  it('keeps a CheckError as written and says what an unknown error was', () => {
    expect(describeError(new CheckError('HTTP 503 Service Unavailable'))).toBe('HTTP 503 Service Unavailable');
    expect(describeError(Object.assign(new Error('socket hang up'), { code: 'ECONNRESET' }))).toBe(
      'connection closed before the response',
    );
    expect(describeError(Object.assign(new Error('odd'), { code: 'EODD' }))).toBe('EODD: odd');
    expect(describeError(new Error('plain'))).toBe('plain');
  });

  it.each([
    [30_000, '30 s'],
    [1500, '1.5 s'],
    [300, '0.3 s'],
  ])('formatSeconds(%d) is %s', (ms, text) => {
    expect(formatSeconds(ms)).toBe(text);
  });
});

describe('failureClass', () => {
  it.each([
    [new ProberFault('ping is not installed'), 'prober'],
    [Object.assign(new Error('too many open files'), { code: 'EMFILE' }), 'prober'],
    [Object.assign(new Error('no buffer space'), { code: 'ENOBUFS' }), 'prober'],
    [Object.assign(new Error('no local port'), { code: 'EADDRNOTAVAIL' }), 'prober'],
    [Object.assign(new Error('refused'), { code: 'ECONNREFUSED' }), 'target'],
    [Object.assign(new Error('no such name'), { code: 'ENOTFOUND' }), 'target'],
    [new CheckError('timeout after 30 s'), 'target'],
    [new Error('HTTP 503'), 'target'],
  ])('%s → %s', (err, expected) => {
    expect(failureClass(err)).toBe(expected);
  });
});

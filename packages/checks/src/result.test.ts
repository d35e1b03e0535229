import { type CheckResult, checkResult, RESULT_LIMITS } from '@paydar/contracts/agent';
import { describe, expect, it } from 'vitest';
import { finalizeResult } from './result';

const base: CheckResult = {
  monitor_id: 1,
  time: '2026-01-01T00:00:00.000Z',
  success: true,
  status_code: 200,
  error: null,
  phases: { resolve: 1, connect: 2, tls: null, response: 3, duration: 6 },
  extra_info: {},
};
const finalize = (overrides: Partial<CheckResult>) => finalizeResult({ ...base, ...overrides });

describe('finalizeResult', () => {
  it('leaves a clean result as it is', () => {
    const result = finalize({ extra_info: { answers: [{ name: 'a.test', ttl: 60, data: 'x' }], ok: true } });
    expect(result).toEqual({ ...base, extra_info: { answers: [{ name: 'a.test', ttl: 60, data: 'x' }], ok: true } });
  });

  it('removes NUL and control characters from the error and from every string and key of extra_info', () => {
    const result = finalize({
      error: 'HTTP 503 Bad\u0000\u001b[31m',
      extra_info: { tls: { subject_cn: 'a\u0007b' }, answers: [{ data: 'v\u0000' }], 'k\u0000': 'lone \ud800' },
    });
    expect(result.error).toBe('HTTP 503 Bad[31m');
    expect(result.extra_info).toEqual({ tls: { subject_cn: 'ab' }, answers: [{ data: 'v' }], k: 'lone \ufffd' });
    expect(checkResult.safeParse(result).success).toBe(true);
  });

  it('bounds the error, strings, arrays and the whole of extra_info', () => {
    const result = finalize({
      error: 'e'.repeat(5_000),
      extra_info: { long: 'x'.repeat(10_000), many: Array.from({ length: 1_000 }, (_, i) => i) },
    });
    expect(result.error).toHaveLength(RESULT_LIMITS.errorLength);
    expect(result.extra_info.long).toHaveLength(RESULT_LIMITS.textLength);
    expect(result.extra_info.many).toHaveLength(RESULT_LIMITS.arrayLength);
    const huge = finalize({
      extra_info: {
        answers: Array.from({ length: 100 }, () => ({ name: 'n'.repeat(2_000), data: 'd'.repeat(2_000) })),
      },
    });
    expect(JSON.stringify(huge.extra_info).length).toBeLessThanOrEqual(RESULT_LIMITS.extraInfoLength);
    expect(checkResult.safeParse(huge).success).toBe(true);
  });

  it('keeps numbers finite and phases within 0 and a day', () => {
    const result = finalize({
      phases: { resolve: -1, connect: Number.NaN, tls: Number.POSITIVE_INFINITY, response: 1e39, duration: -5 },
      extra_info: { ttl: Number.NaN },
    });
    expect(result.phases).toEqual({
      resolve: 0,
      connect: null,
      tls: null,
      response: RESULT_LIMITS.phaseMs,
      duration: 0,
    });
    expect(result.extra_info).toEqual({ ttl: null });
    expect(checkResult.safeParse(result).success).toBe(true);
  });

  it.each([[40_000], [999], [99], [200.5]])('drops status code %d, outside HTTP', (status) => {
    expect(finalize({ status_code: status }).status_code).toBeNull();
  });
});

import { describe, expect, it } from 'vitest';
import { certificateDaysLeft, isCertificateUrgent } from './certificate-expiry';

const now = Date.parse('2026-11-27T12:00:00Z');
const HOUR = 3_600_000;

describe('certificateDaysLeft', () => {
  it.each([
    ['2026-12-27T12:00:00Z', 30],
    ['2026-12-04T11:00:00Z', 6],
    ['2026-12-04T12:00:00Z', 7],
    ['2026-11-27T13:00:00Z', 0],
    ['2026-11-27T11:00:00Z', -1],
  ])('%s is %i days away', (validTo, days) => {
    expect(certificateDaysLeft(validTo, now)).toBe(days);
  });

  it('takes dates, strings and epoch milliseconds alike', () => {
    expect(certificateDaysLeft(new Date(now + 49 * HOUR), new Date(now))).toBe(2);
    expect(certificateDaysLeft(now + 49 * HOUR, now)).toBe(2);
  });
});

describe('isCertificateUrgent', () => {
  it('is urgent at or under the smallest threshold only', () => {
    expect(isCertificateUrgent(2, [30, 14, 7, 1])).toBe(false);
    expect(isCertificateUrgent(1, [30, 14, 7, 1])).toBe(true);
    expect(isCertificateUrgent(-1, [])).toBe(false);
  });
});

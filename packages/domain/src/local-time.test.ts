import { describe, expect, it } from 'vitest';
import { alertTime, localDateTime } from './local-time';

describe('localDateTime', () => {
  it.each([
    ['2026-11-26T11:05:12.000Z', 'Asia/Tehran', '2026-11-26 14:35:12'],
    ['2026-11-26T11:05:12.000Z', 'UTC', '2026-11-26 11:05:12'],
    ['2026-11-26T11:05:12.000Z', 'Europe/Berlin', '2026-11-26 12:05:12'],
    ['2026-07-01T11:05:12.000Z', 'Europe/Berlin', '2026-07-01 13:05:12'],
    ['2026-11-26T22:30:00.000Z', 'Asia/Tehran', '2026-11-27 02:00:00'],
    ['2026-11-26T00:00:00.000Z', 'America/Los_Angeles', '2026-11-25 16:00:00'],
    ['2026-11-26T11:00:00.000Z', 'Asia/Kathmandu', '2026-11-26 16:45:00'],
    ['2026-11-25T23:59:59.000Z', 'UTC', '2026-11-25 23:59:59'],
  ])('%s in %s is %s', (instant, zone, shown) => {
    expect(localDateTime(instant, zone)).toBe(shown);
  });

  it('writes midnight as 00, never 24', () => {
    expect(localDateTime('2026-11-25T20:30:00.000Z', 'Asia/Tehran')).toBe('2026-11-26 00:00:00');
  });

  it('gives nothing for an instant that is not one', () => {
    expect(localDateTime('not a time', 'UTC')).toBe('');
  });
});

describe('alertTime', () => {
  it.each([
    ['Asia/Tehran', '2026-11-26 14:35:12 (Asia/Tehran)'],
    ['Europe/London', '2026-11-26 11:05:12 (Europe/London)'],
    [undefined, '2026-11-26 11:05:12 (UTC)'],
    ['Mars/Olympus_Mons', '2026-11-26 11:05:12 (UTC)'],
  ])('in %s reads %s', (zone, shown) => {
    expect(alertTime('2026-11-26T11:05:12.000Z', zone)).toBe(shown);
  });
});

// @vitest-environment jsdom

import { describe, expect, it } from 'vitest';
import { dayAvailability } from './day-availability';

const DAY = 86_400_000;
const now = Date.parse('2026-11-26T13:00:00Z');
const twoDaysAgo = Date.parse('2026-11-24T00:00:00Z');

describe('dayAvailability', () => {
  it.each([
    [
      'created the day after: nothing to ask (the server would answer 400)',
      '2026-11-25T08:00:00Z',
      90,
      'before-creation',
    ],
    ['created during that day: its checks are there', '2026-11-24T23:59:00Z', 90, 'ok'],
    ['created long before', '2026-01-01T00:00:00Z', 90, 'ok'],
    ['a plan keeping one day: the server would answer 403', '2026-01-01T00:00:00Z', 1, 'beyond-history'],
    ['the plan still loading', '2026-01-01T00:00:00Z', undefined, 'unknown'],
  ] as const)('%s', (_case, creationTime, historyDays, expected) => {
    expect(dayAvailability({ date: twoDaysAgo, creationTime, historyDays, now, timeZone: 'UTC' })).toBe(expected);
  });

  it('says before-creation even while the plan is unknown', () => {
    const creationTime = new Date(now - DAY).toISOString();
    expect(dayAvailability({ date: twoDaysAgo, creationTime, historyDays: undefined, now, timeZone: 'UTC' })).toBe(
      'before-creation',
    );
  });

  it("counts the creation day in the viewer's dates: created 21:00 UTC the 23rd is the 24th in Tehran", () => {
    const creationTime = '2026-11-23T21:00:00Z';
    const of = (timeZone: string) =>
      dayAvailability({ date: twoDaysAgo, creationTime, historyDays: 90, now, timeZone });
    expect(of('Asia/Tehran')).toBe('ok');
    expect(of('America/New_York')).toBe('ok');
    const dayBefore = { date: twoDaysAgo - DAY, creationTime, historyDays: 90, now };
    expect(dayAvailability({ ...dayBefore, timeZone: 'Asia/Tehran' })).toBe('before-creation');
    expect(dayAvailability({ ...dayBefore, timeZone: 'UTC' })).toBe('ok');
  });
});

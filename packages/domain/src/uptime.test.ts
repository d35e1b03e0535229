import { describe, expect, it } from 'vitest';
import type { DowntimeInterval } from './downtimes';
import { type UptimeSummary, uptimePercent, uptimeSummary } from './uptime';

const at = (iso: string) => Date.parse(iso);
const d = (from: string, to: string | null): DowntimeInterval => ({ from: at(from), to: to === null ? null : at(to) });
const day = { start: at('2024-03-05T00:00:00Z'), end: at('2024-03-06T00:00:00Z') };
const later = at('2024-03-09T00:00:00Z');

describe('uptimeSummary', () => {
  it.each<[string, DowntimeInterval[], number, string | null, UptimeSummary]>([
    ['no downtime, a past day', [], later, null, { windowSeconds: 86_400, downtimeSeconds: 0, uptimePercent: 100 }],
    [
      'a scripted 7-minute outage',
      [d('2024-03-05T10:00:00Z', '2024-03-05T10:07:00Z')],
      later,
      null,
      { windowSeconds: 86_400, downtimeSeconds: 420, uptimePercent: (85_980 / 86_400) * 100 },
    ],
    [
      'today: the window ends at now',
      [d('2024-03-05T05:00:00Z', '2024-03-05T05:30:00Z')],
      at('2024-03-05T06:00:00Z'),
      null,
      { windowSeconds: 21_600, downtimeSeconds: 1800, uptimePercent: (19_800 / 21_600) * 100 },
    ],
    [
      'today, an ongoing downtime counts up to now',
      [d('2024-03-05T05:00:00Z', null)],
      at('2024-03-05T06:00:00Z'),
      null,
      { windowSeconds: 21_600, downtimeSeconds: 3600, uptimePercent: (18_000 / 21_600) * 100 },
    ],
    [
      'down the whole window',
      [d('2024-03-04T00:00:00Z', null)],
      later,
      null,
      { windowSeconds: 86_400, downtimeSeconds: 86_400, uptimePercent: 0 },
    ],
    [
      'downtimes outside the window do not count',
      [d('2024-03-04T10:00:00Z', '2024-03-04T12:00:00Z'), d('2024-03-06T00:00:00Z', '2024-03-06T01:00:00Z')],
      later,
      null,
      { windowSeconds: 86_400, downtimeSeconds: 0, uptimePercent: 100 },
    ],
    [
      'monitoring began mid-window',
      [d('2024-03-05T18:00:00Z', '2024-03-05T21:00:00Z')],
      later,
      '2024-03-05T12:00:00Z',
      { windowSeconds: 43_200, downtimeSeconds: 10_800, uptimePercent: 75 },
    ],
    [
      'monitoring began after the window',
      [],
      later,
      '2024-03-07T00:00:00Z',
      { windowSeconds: 0, downtimeSeconds: 0, uptimePercent: null },
    ],
    [
      'a window that has not begun',
      [],
      at('2024-03-04T23:00:00Z'),
      null,
      { windowSeconds: 0, downtimeSeconds: 0, uptimePercent: null },
    ],
  ])('%s', (_name, downtimes, now, since, summary) => {
    expect(uptimeSummary(downtimes, day, now, { monitoredSince: since === null ? null : at(since) })).toEqual(summary);
  });
});

describe('uptimePercent', () => {
  it('is the summary’s percentage', () => {
    expect(uptimePercent([d('2024-03-05T00:00:00Z', '2024-03-05T06:00:00Z')], day, later)).toBe(75);
  });
});

/**
 * Paused time (a disabled monitor) is neither up nor down: it leaves the observed window, and any
 * downtime inside it does not count. The 12 → 33 minute case is issue 13's: a monitor down since
 * 10:00, paused at 10:12 and looked at at 10:33.
 */
describe('uptimeSummary with paused spans', () => {
  it.each<[string, DowntimeInterval[], DowntimeInterval[], number, UptimeSummary]>([
    [
      'down 12 minutes, then paused: the paused 21 minutes are left out',
      [d('2024-03-05T10:00:00Z', '2024-03-05T10:12:00Z')],
      [d('2024-03-05T10:12:00Z', null)],
      at('2024-03-05T10:33:00Z'),
      { windowSeconds: 720, downtimeSeconds: 720, uptimePercent: 0 },
    ],
    [
      'up an hour, paused an hour, up again: 100 % over the two observed hours',
      [],
      [d('2024-03-05T11:00:00Z', '2024-03-05T12:00:00Z')],
      at('2024-03-05T13:00:00Z'),
      { windowSeconds: 7200, downtimeSeconds: 0, uptimePercent: 100 },
    ],
    [
      'a downtime reaching into a pause counts only outside it',
      [d('2024-03-05T10:30:00Z', '2024-03-05T11:30:00Z')],
      [d('2024-03-05T11:00:00Z', '2024-03-05T12:00:00Z')],
      at('2024-03-05T13:00:00Z'),
      { windowSeconds: 7200, downtimeSeconds: 1800, uptimePercent: 75 },
    ],
    [
      'a pause begun before the window and a second one overlapping it count once',
      [],
      [d('2024-03-04T20:00:00Z', '2024-03-05T10:30:00Z'), d('2024-03-05T10:00:00Z', '2024-03-05T11:00:00Z')],
      at('2024-03-05T13:00:00Z'),
      { windowSeconds: 7200, downtimeSeconds: 0, uptimePercent: 100 },
    ],
    [
      'paused the whole time observed: no uptime rather than 100 %',
      [],
      [d('2024-03-05T10:00:00Z', null)],
      at('2024-03-05T13:00:00Z'),
      { windowSeconds: 0, downtimeSeconds: 0, uptimePercent: null },
    ],
  ])('%s', (_name, downtimes, paused, now, summary) => {
    expect(uptimeSummary(downtimes, day, now, { monitoredSince: at('2024-03-05T10:00:00Z'), paused })).toEqual(summary);
  });
});

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

import { readerDays } from '@paydar/domain/local-day';
import { describe, expect, it } from 'vitest';
import { metricWindows } from './metric-windows';

const at = (iso: string) => Date.parse(iso);
const now = at('2024-03-20T15:30:00Z');
const base = { now, day: null, days: readerDays(), historyDays: 30, months: 6 };
const tehran = readerDays('Asia/Tehran');
const dayOf = (iso: string, days = readerDays()) => days.spanOf(at(`${iso}T00:00:00Z`));

describe('metricWindows', () => {
  it.each([
    {
      name: 'live: today, and the 24 hours up to the last check',
      request: { ...base, lastCheckAt: at('2024-03-20T15:29:45Z') },
      day: ['2024-03-20T00:00:00Z', '2024-03-21T00:00:00Z'],
      hours: ['2024-03-19T16:00:00Z', '2024-03-20T16:00:00Z'],
    },
    {
      name: 'live, a monitor that stopped reporting yesterday: the hours end at its last check',
      request: { ...base, lastCheckAt: at('2024-03-19T08:10:00Z') },
      day: ['2024-03-20T00:00:00Z', '2024-03-21T00:00:00Z'],
      hours: ['2024-03-18T09:00:00Z', '2024-03-19T09:00:00Z'],
    },
    {
      name: 'live, last check past the plan history: the hours end now',
      request: { ...base, historyDays: 7, lastCheckAt: at('2024-03-01T08:10:00Z') },
      day: ['2024-03-20T00:00:00Z', '2024-03-21T00:00:00Z'],
      hours: ['2024-03-19T16:00:00Z', '2024-03-20T16:00:00Z'],
    },
    {
      name: "live in the reader's zone: today is Tehran's day, 20:30 UTC to 20:30 UTC",
      request: {
        ...base,
        lastCheckAt: at('2024-03-20T15:29:45Z'),
        days: tehran,
      },
      day: ['2024-03-19T20:30:00Z', '2024-03-20T20:30:00Z'],
      // Tehran's local hours (they begin at :30 UTC), the last one 18:00–19:00 local holding the check.
      hours: ['2024-03-19T15:30:00Z', '2024-03-20T15:30:00Z'],
    },
    {
      name: "live at 00:10 in Kathmandu (+05:45): today began 10 minutes ago, the hours are Nepal's",
      request: {
        ...base,
        now: at('2024-03-20T18:25:00Z'),
        lastCheckAt: at('2024-03-20T18:25:00Z'),
        days: readerDays('Asia/Kathmandu'),
      },
      day: ['2024-03-20T18:15:00Z', '2024-03-21T18:15:00Z'],
      hours: ['2024-03-19T19:15:00Z', '2024-03-20T19:15:00Z'],
    },
    {
      name: "a chosen day is the reader's: Tehran's 5 March, its hours from its own midnight",
      request: { ...base, days: tehran, day: dayOf('2024-03-05', tehran), lastCheckAt: now },
      day: ['2024-03-04T20:30:00Z', '2024-03-05T20:30:00Z'],
      hours: ['2024-03-04T20:30:00Z', '2024-03-05T20:30:00Z'],
    },
    {
      name: "a chosen day in Berlin's spring change: its 23 hours, none of the next day's",
      request: {
        ...base,
        days: readerDays('Europe/Berlin'),
        day: dayOf('2024-03-31', readerDays('Europe/Berlin')),
        now: at('2024-04-02T10:00:00Z'),
        lastCheckAt: now,
      },
      day: ['2024-03-30T23:00:00Z', '2024-03-31T22:00:00Z'],
      hours: ['2024-03-30T23:00:00Z', '2024-03-31T22:00:00Z'],
    },
    {
      name: 'a chosen day: its own hours',
      request: { ...base, day: dayOf('2024-03-05'), lastCheckAt: now },
      day: ['2024-03-05T00:00:00Z', '2024-03-06T00:00:00Z'],
      hours: ['2024-03-05T00:00:00Z', '2024-03-06T00:00:00Z'],
    },
  ])('$name', ({ request, day, hours }) => {
    const windows = metricWindows(request);
    expect(windows.day).toEqual({ from: at(day[0] as string), to: at(day[1] as string) });
    expect(windows.hours).toEqual({ from: at(hours[0] as string), to: at(hours[1] as string) });
  });

  it.each([
    { historyDays: 7, months: 6, from: '2024-03-13T00:00:00Z' },
    { historyDays: 90, months: 6, from: '2023-12-21T00:00:00Z' },
    { historyDays: 730, months: 6, from: '2023-10-01T00:00:00Z' },
    { historyDays: 730, months: 1, from: '2024-03-01T00:00:00Z' },
    { historyDays: 0, months: 6, from: '2024-03-20T00:00:00Z' },
  ])('monthly metrics of $months months on a $historyDays-day plan start $from', ({ historyDays, months, from }) => {
    const windows = metricWindows({ ...base, historyDays, months, lastCheckAt: now });
    expect(windows.months).toEqual({ from: at(from), to: at('2024-03-21T00:00:00Z') });
    expect(windows.all.from).toBeLessThanOrEqual(windows.months.from);
    expect(windows.all.to).toBe(at('2024-03-21T00:00:00Z'));
  });

  it("counts the months and the plan's history in the reader's days", () => {
    const windows = metricWindows({ ...base, days: tehran, historyDays: 7, months: 1, lastCheckAt: now });
    expect(windows.months).toEqual({ from: at('2024-03-12T20:30:00Z'), to: at('2024-03-20T20:30:00Z') });
  });
});

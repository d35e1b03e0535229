// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { chooseDay } from './day-choice';

const NOW = Date.parse('2024-03-20T12:00:00Z');

describe('chooseDay: calendar bounds and the plan history (spec §2, §4)', () => {
  const context = { now: NOW, creationTime: '2024-01-01T08:00:00Z', historyDays: 7, timeZone: 'UTC' };
  const day = (iso: string) => Date.parse(`${iso}T00:00:00Z`);
  it.each([
    ['2024-03-20', { kind: 'load', day: 'today' }],
    ['2024-03-13', { kind: 'load', day: day('2024-03-13') }],
    ['2024-03-12', { kind: 'beyond-history' }],
    ['2024-03-21', { kind: 'out-of-range' }],
    ['2023-12-31', { kind: 'out-of-range' }],
  ])('%s → %o', (iso, choice) => {
    expect(chooseDay(day(iso), context)).toEqual(choice);
  });

  it("counts today and the history in the reader's dates: at 22:00 UTC it is tomorrow in Tehran", () => {
    const lateEvening = { ...context, now: Date.parse('2024-03-20T22:00:00Z'), timeZone: 'Asia/Tehran' };
    expect(chooseDay(day('2024-03-21'), lateEvening)).toEqual({ kind: 'load', day: 'today' });
    expect(chooseDay(day('2024-03-20'), lateEvening)).toEqual({ kind: 'load', day: day('2024-03-20') });
    expect(chooseDay(day('2024-03-13'), lateEvening)).toEqual({ kind: 'beyond-history' });
    expect(chooseDay(day('2024-03-21'), { ...lateEvening, timeZone: 'UTC' })).toEqual({ kind: 'out-of-range' });
  });

  it('leaves the history to the server when the plan is not known (shared views)', () => {
    expect(chooseDay(day('2024-02-01'), { ...context, historyDays: null })).toEqual({
      kind: 'load',
      day: day('2024-02-01'),
    });
  });
});

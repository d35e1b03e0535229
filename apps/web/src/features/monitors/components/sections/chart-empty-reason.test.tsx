// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { type EmptyReasonInput, emptyReason } from './chart-empty-reason';

const base: EmptyReasonInput = {
  shown: 0,
  checks: 0,
  today: true,
  everChecked: true,
  paused: false,
  inMaintenance: false,
};

describe('emptyReason', () => {
  it.each<[string, Partial<EmptyReasonInput>, string | null]>([
    ['something to draw', { shown: 3, checks: 3 }, null],
    ['never checked', { everChecked: false }, 'No checks yet'],
    ['never checked, paused', { everChecked: false, paused: true }, 'No checks yet'],
    ['down all day', { checks: 40 }, 'No successful check today'],
    ['down all of a past day', { checks: 40, today: false }, 'No successful check on this day'],
    ['failed, then paused', { checks: 4, paused: true }, 'No successful check today'],
    ['paused, no check', { paused: true }, 'Paused'],
    ['paused and in maintenance', { paused: true, inMaintenance: true }, 'Paused'],
    ['in maintenance, no check', { inMaintenance: true }, 'In maintenance'],
    ['a past day in maintenance', { inMaintenance: true, today: false }, 'In maintenance'],
    ['no check today, running', {}, 'No checks today'],
    ['no check on a past day', { today: false }, 'No checks on this day'],
  ])('%s', (_name, input, reason) => {
    expect(emptyReason({ ...base, ...input })).toBe(reason);
  });
});

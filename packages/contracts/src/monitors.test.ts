import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { monitorInput } from './monitors';
import { APDEX_OPTIONS_SECONDS, HEARTBEAT_PERIOD_OPTIONS_SECONDS } from './monitors-options';

/** What the API document says of a field (the same conversion @fastify/swagger is given). */
const documented = (field: z.ZodType) => z.toJSONSchema(field, { io: 'input', target: 'draft-2020-12' });

describe('the document says which periods and apdex thresholds are taken (issue 37)', () => {
  it.each([
    ['period', monitorInput.shape.period, HEARTBEAT_PERIOD_OPTIONS_SECONDS],
    ['apdex', monitorInput.shape.apdex, APDEX_OPTIONS_SECONDS],
  ] as const)('%s: its enum is exactly what the schema takes', (_, field, options) => {
    expect(documented(field).enum).toEqual([...options]);
    const candidates = new Set<number>([0, 0.1, 0.3, 1.5, 4, 7200, 86_401, 604_801]);
    for (let value = 1; value <= 3700; value++) candidates.add(value);
    for (const option of options)
      for (const near of [option - 1, option, option + 0.5, option + 1]) candidates.add(near);
    const taken = [...candidates].filter((value) => field.safeParse(value).success && value !== undefined);
    expect(taken.sort((a, b) => a - b)).toEqual([...options]);
  });
});

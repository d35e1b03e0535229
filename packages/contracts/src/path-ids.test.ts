import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { PATH_ID_MESSAGE, pathId } from './path-ids';

const params = z.object({ id: pathId('The monitor’s id.') });

describe('pathId', () => {
  it.each([
    ['8', 8],
    ['1', 1],
    ['2147483647', 2_147_483_647],
    ['1234567890', 1_234_567_890],
  ])('takes %j as %d', (text, id) => {
    expect(params.parse({ id: text })).toEqual({ id });
  });

  it.each([
    ' 8',
    '8 ',
    '+8',
    '-8',
    '08',
    '0',
    '8.0',
    '8.5',
    '1e1',
    '0x8',
    '',
    '٨',
    '2147483648',
    '9999999999',
    '99999999999',
    '12345678901234567890',
  ])('refuses %j, naming the field', (text) => {
    const result = params.safeParse({ id: text });
    expect(result.success).toBe(false);
    expect(result.error?.issues).toEqual([expect.objectContaining({ path: ['id'], message: PATH_ID_MESSAGE })]);
  });

  it('is documented as an int4 integer', () => {
    expect(z.toJSONSchema(params, { io: 'input' }).properties?.id).toEqual({
      type: 'integer',
      minimum: 1,
      maximum: 2_147_483_647,
      description: 'The monitor’s id.',
    });
  });
});

import { describe, expect, it } from 'vitest';
import { buildMonitor } from '@/testing/monitor-builders';
import {
  defaultHttpAssertionValues,
  httpAssertionErrors,
  httpAssertionInputOf,
  httpAssertionValuesOf,
  newAssertionRow,
} from './http-assertions-values';

describe('response checks of the monitor form', () => {
  it('starts on today’s behaviour and sends it as the API’s defaults', () => {
    expect(httpAssertionInputOf(defaultHttpAssertionValues())).toEqual({
      http_accepted_statuses: '200-399',
      http_follow_redirects: true,
      timeout: null,
      http_assertions: [],
    });
  });

  it('sends only each kind’s own fields, and no value for exists', () => {
    const values = {
      ...defaultHttpAssertionValues(),
      timeout: 12,
      http_assertions: [
        { ...newAssertionRow('keyword'), value: 'Error', path: 'left over' },
        { ...newAssertionRow('json'), path: 'status', operator: 'exists' as const, value: 'typed before' },
        { ...newAssertionRow('header'), name: 'X-Build', value: 'v42' },
      ],
    };
    expect(httpAssertionInputOf(values).http_assertions).toEqual([
      { type: 'keyword', mode: 'absent', value: 'Error', case_sensitive: false },
      { type: 'json', path: 'status', operator: 'exists', value: '' },
      { type: 'header', name: 'X-Build', value: 'v42' },
    ]);
    expect(httpAssertionInputOf(values).timeout).toBe(12);
  });

  it('names each bad field with the server’s message, the timeout bounded by the period', () => {
    const errors = httpAssertionErrors(
      {
        ...defaultHttpAssertionValues(),
        http_accepted_statuses: '500-400',
        timeout: 20,
        http_assertions: [{ ...newAssertionRow('json'), path: 'a..b', value: 'x' }, newAssertionRow('keyword')],
      },
      15,
    );
    expect(errors).toEqual({
      http_accepted_statuses: 'The range 500-400 ends before it starts.',
      timeout: 'Enter whole seconds from 1 to 15 (the period).',
      'http_assertions.0.path': 'Write the path as names and indexes, like data.items[0].status.',
      'http_assertions.1.value': 'Enter the keyword.',
    });
  });

  it('reads a saved monitor back into rows', () => {
    const values = httpAssertionValuesOf(
      buildMonitor({
        http_accepted_statuses: '200, 301',
        timeout: 9,
        http_follow_redirects: false,
        http_assertions: [{ type: 'json', path: 'ok', operator: 'equals', value: 'true' }],
      }),
    );
    expect(values).toMatchObject({ http_accepted_statuses: '200, 301', timeout: 9, http_follow_redirects: false });
    expect(values.http_assertions[0]).toMatchObject({ type: 'json', path: 'ok', operator: 'equals', value: 'true' });
  });
});

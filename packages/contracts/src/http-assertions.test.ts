import { describe, expect, it } from 'vitest';
import { parseStatusRanges } from './http-assertions';
import { formatJsonPath, parseJsonPath, readJsonPath } from './json-path';
import { monitorInput } from './monitors';

const base = { period: 60, apdex: 0.5, probers: [1], url: 'https://example.com' };

/** The first issue of a monitor input as the API names it: `{field: message}`. */
function refusal(input: Record<string, unknown>) {
  const parsed = monitorInput.safeParse({ ...base, ...input });
  if (parsed.success) return null;
  const issue = parsed.error.issues[0];
  return { field: issue?.path.join('.'), message: issue?.message };
}

describe('accepted status codes', () => {
  it.each([
    [
      '200-299, 301',
      '200-299, 301',
      [
        [200, 299],
        [301, 301],
      ],
    ],
    [
      ' 200 - 204 ,,204',
      '200-204, 204',
      [
        [200, 204],
        [204, 204],
      ],
    ],
    ['503', '503', [[503, 503]]],
  ])('reads %j', (text, written, ranges) => {
    expect(parseStatusRanges(text)).toEqual({ ok: true, text: written, ranges });
  });

  it.each([
    ['', 'Enter at least one status code, like 200-299.'],
    ['299-200', 'The range 299-200 ends before it starts.'],
    ['99', 'Status codes are from 100 to 599.'],
    ['200-600', 'Status codes are from 100 to 599.'],
    ['2e2', '"2e2" is not a status code or a range like 200-299.'],
    ['99999999999999999999', '"99999999999999999999" is not a status code or a range like 200-299.'],
    ['200\u0000', '"200\u0000" is not a status code or a range like 200-299.'],
    [Array.from({ length: 21 }, (_, i) => 200 + i).join(','), 'Enter at most 20 codes and ranges.'],
  ])('refuses %j', (text, message) => {
    expect(parseStatusRanges(text)).toEqual({ ok: false, message });
  });

  it('is written the one way on the monitor, and defaults to 200-399', () => {
    expect(monitorInput.parse({ ...base, http_accepted_statuses: '200-299,301' }).http_accepted_statuses).toBe(
      '200-299, 301',
    );
    expect(monitorInput.parse(base).http_accepted_statuses).toBe('200-399');
    expect(refusal({ http_accepted_statuses: '500-400' })).toEqual({
      field: 'http_accepted_statuses',
      message: 'The range 500-400 ends before it starts.',
    });
  });
});

describe('JSON paths', () => {
  it.each([
    ['data.items[0].status', ['data', 'items', 0, 'status']],
    ['$.status', ['status']],
    ['$[0]', [0]],
    ['meta["content-type"]', ['meta', 'content-type']],
    ["a['b c'].d", ['a', 'b c', 'd']],
  ])('reads %j', (path, segments) => {
    expect(parseJsonPath(path)).toEqual({ ok: true, segments });
  });

  it.each(['', '$', 'a..b', 'a.', 'a[x]', 'a[0', 'a b', '.'.repeat(3), 'a'.repeat(257)])('refuses %j', (path) => {
    expect(parseJsonPath(path).ok).toBe(false);
  });

  it('writes a path back for error texts', () => {
    expect(formatJsonPath(['data', 'items', 0, 'odd key'])).toBe('$.data.items[0]["odd key"]');
  });

  it('reads own values only', () => {
    expect(readJsonPath({ a: [{ b: 1 }] }, ['a', 0, 'b'])).toBe(1);
    expect(readJsonPath({}, ['constructor'])).toBeUndefined();
    expect(readJsonPath([1], ['length'])).toBeUndefined();
    expect(readJsonPath({ a: null }, ['a'])).toBeNull();
  });
});

describe('assertions on a monitor', () => {
  it('accepts each kind and fills the defaults', () => {
    const parsed = monitorInput.parse({
      ...base,
      http_assertions: [
        { type: 'keyword', mode: 'absent', value: 'Error' },
        { type: 'json', path: 'status', operator: 'exists' },
        { type: 'header', name: 'Content-Type', value: 'application/json' },
      ],
    });
    expect(parsed.http_assertions).toEqual([
      { type: 'keyword', mode: 'absent', value: 'Error', case_sensitive: false },
      { type: 'json', path: 'status', operator: 'exists', value: '' },
      { type: 'header', name: 'Content-Type', value: 'application/json' },
    ]);
    expect(parsed.http_follow_redirects).toBe(true);
    expect(parsed.timeout).toBeUndefined();
  });

  it.each([
    [
      { http_assertions: Array.from({ length: 11 }, () => ({ type: 'keyword', mode: 'present', value: 'a' })) },
      'http_assertions',
      'A monitor has at most 10 assertions.',
    ],
    [
      { http_assertions: [{ type: 'keyword', mode: 'present', value: 'a\u0000b' }] },
      'http_assertions.0.value',
      'Must not contain NUL characters.',
    ],
    [
      { http_assertions: [{ type: 'keyword', mode: 'present', value: 'x'.repeat(257) }] },
      'http_assertions.0.value',
      'Write at most 256 characters.',
    ],
    [
      { http_assertions: [{ type: 'keyword', mode: 'present', value: '' }] },
      'http_assertions.0.value',
      'Enter the keyword.',
    ],
    [
      { http_assertions: [{ type: 'json', path: 'a..b', operator: 'exists' }] },
      'http_assertions.0.path',
      'Write the path as names and indexes, like data.items[0].status.',
    ],
    [
      { http_assertions: [{ type: 'json', path: 'a', operator: 'contains' }] },
      'http_assertions.0.value',
      'Enter the text the value must contain.',
    ],
    [
      { http_assertions: [{ type: 'header', name: 'bad name', value: 'x' }] },
      'http_assertions.0.name',
      "A header name is letters, digits and ! # $ % & ' * + - . ^ _ ` | ~ only.",
    ],
    [
      { http_assertions: [{ type: 'script', value: 'x' }] },
      'http_assertions.0.type',
      "Choose an assertion type: 'keyword', 'json' or 'header'.",
    ],
    [{ timeout: 1e308 }, 'timeout', 'Enter whole seconds from 1 to 30.'],
    [{ timeout: 0 }, 'timeout', 'Enter whole seconds from 1 to 30.'],
    [{ timeout: 2.5 }, 'timeout', 'Enter whole seconds from 1 to 30.'],
    [{ http_follow_redirects: 'yes' }, 'http_follow_redirects', 'Invalid input: expected boolean, received string'],
  ])('refuses %j naming %s', (input, field, message) => {
    expect(refusal(input)).toEqual({ field, message });
  });

  it('lets a header assertion read a framing header that a monitor may not send', () => {
    const parsed = monitorInput.parse({
      ...base,
      http_assertions: [{ type: 'header', name: 'Content-Length', value: '2' }],
    });
    expect(parsed.http_assertions).toHaveLength(1);
  });
});

import { describe, expect, it } from 'vitest';
import { cleanText, edgeText, findUnsafeValue, INT4_MAX, int4Id, unsafeTextReason } from './edge-values';

describe('unsafeTextReason', () => {
  it.each([
    ['plain', null],
    ['tab\tline\nreturn\r', null],
    ['سلام 😀', null],
    ['a\u0000b', 'Must not contain NUL characters.'],
    ['bell\u0007', 'Must not contain control characters.'],
    ['escape\u001b[31m', 'Must not contain control characters.'],
    ['del\u007f', 'Must not contain control characters.'],
    ['lone \ud800 high', 'Must be valid Unicode text.'],
    ['lone \udfff low', 'Must be valid Unicode text.'],
    ['\ud83d', 'Must be valid Unicode text.'],
  ])('%j → %s', (text, reason) => {
    expect(unsafeTextReason(text)).toBe(reason);
  });
});

describe('findUnsafeValue', () => {
  it('names the path of the first bad string, number or key', () => {
    expect(findUnsafeValue({ a: [{ b: 'ok' }, { c: 'x\u0000' }] })).toEqual({
      field: 'a.1.c',
      message: 'Must not contain NUL characters.',
    });
    expect(findUnsafeValue({ n: Number.POSITIVE_INFINITY })?.field).toBe('n');
    expect(findUnsafeValue({ 'k\u0000': 1 })).toEqual({ field: 'k?', message: 'Must not contain NUL characters.' });
    expect(findUnsafeValue('\u0000')?.field).toBe('non_field_errors');
    expect(findUnsafeValue({ fine: ['a', 1, null, true, { x: -5 }] })).toBeNull();
  });

  it('stops at a bounded depth instead of recursing without end', () => {
    let deep: unknown = 'x';
    for (let level = 0; level < 10_000; level += 1) deep = [deep];
    expect(findUnsafeValue(deep)?.message).toBe('Nested too deeply.');
  });
});

describe('cleanText', () => {
  it('removes control characters, replaces lone surrogates and bounds the length', () => {
    expect(cleanText('v=spf1\u0000 include\u001b', 100)).toBe('v=spf1 include');
    expect(cleanText('a\ud800b', 100)).toBe('a\ufffdb');
    expect(cleanText('keeps\ttabs\nand lines', 100)).toBe('keeps\ttabs\nand lines');
    expect(cleanText('x'.repeat(50), 10)).toBe('x'.repeat(10));
  });

  it('never splits a surrogate pair at the bound', () => {
    expect(cleanText('ab😀', 3)).toBe('ab');
    expect(unsafeTextReason(cleanText('😀'.repeat(10), 7))).toBeNull();
  });
});

describe('schemas', () => {
  it('edgeText refuses unsafe text and text over its bound', () => {
    expect(edgeText(5).safeParse('hello').success).toBe(true);
    expect(edgeText(5).safeParse('hello!').success).toBe(false);
    const refused = edgeText(50).safeParse('a\u0000');
    expect(refused.success ? '' : refused.error.issues[0]?.message).toBe('Must not contain NUL characters.');
  });

  it('int4Id fits PostgreSQL integer', () => {
    expect(int4Id.safeParse(INT4_MAX).success).toBe(true);
    expect(int4Id.safeParse(INT4_MAX + 1).success).toBe(false);
    expect(int4Id.safeParse(0).success).toBe(false);
  });
});

import { describe, expect, it } from 'vitest';
import { AnswerCache, etagOf } from './metric-cache';

describe('AnswerCache', () => {
  it('computes a key once for readers arriving together, and keeps it for the next', async () => {
    const cache = new AnswerCache<{ n: number }>();
    let computed = 0;
    const compute = async () => {
      computed += 1;
      await new Promise((resolve) => setTimeout(resolve, 10));
      return { n: computed };
    };
    const answers = await Promise.all(Array.from({ length: 50 }, () => cache.versioned('m1|v1', compute).read()));
    expect(computed).toBe(1);
    expect(new Set(answers.map((answer) => answer.n))).toEqual(new Set([1]));
    await cache.versioned('m1|v1', compute).read();
    expect(computed).toBe(1);
    expect((await cache.versioned('m1|v2', compute).read()).n).toBe(2);
  });

  it('does not keep a failed computation', async () => {
    const cache = new AnswerCache<{ n: number }>();
    await expect(cache.versioned('k', () => Promise.reject(new Error('down'))).read()).rejects.toThrow('down');
    expect(await cache.versioned('k', async () => ({ n: 1 })).read()).toEqual({ n: 1 });
  });

  it('gives a quoted digest as ETag, the same for the same key, saying nothing of it', () => {
    expect(etagOf('12|today|v')).toBe(etagOf('12|today|v'));
    expect(etagOf('12|today|v')).not.toBe(etagOf('12|today|w'));
    expect(etagOf('12|today|v')).toMatch(/^"[\w-]{27}"$/);
  });
});

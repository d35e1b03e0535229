import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { AnswerCache, etagOf } from './metric-cache';

const counted = z.object({ n: z.number() });
const answerOf = async (answer: { read: () => Promise<{ json: string }> }) => JSON.parse((await answer.read()).json);

describe('AnswerCache', () => {
  it('computes a key once for readers arriving together, and keeps it for the next', async () => {
    const cache = new AnswerCache(counted, 'metric-answers');
    let computed = 0;
    const compute = async () => {
      computed += 1;
      await new Promise((resolve) => setTimeout(resolve, 10));
      return { n: computed };
    };
    const answers = await Promise.all(Array.from({ length: 50 }, () => answerOf(cache.versioned('m1|v1', compute))));
    expect(computed).toBe(1);
    expect(new Set(answers.map((answer) => answer.n))).toEqual(new Set([1]));
    await cache.versioned('m1|v1', compute).read();
    expect(computed).toBe(1);
    expect((await answerOf(cache.versioned('m1|v2', compute))).n).toBe(2);
  });

  it('does not keep a failed computation', async () => {
    const cache = new AnswerCache(counted, 'metric-answers');
    await expect(cache.versioned('k', () => Promise.reject(new Error('down'))).read()).rejects.toThrow('down');
    expect(await answerOf(cache.versioned('k', async () => ({ n: 1 })))).toEqual({ n: 1 });
  });

  it('keeps the JSON the schema makes, and each compression made once', async () => {
    const cache = new AnswerCache(z.object({ n: z.number(), text: z.string() }), 'metric-answers');
    const body = await cache.versioned('k', async () => ({ n: 1, text: 'x'.repeat(2000), extra: true })).read();
    // As Fastify's serializer would send it: keys the schema does not know are left out.
    expect(JSON.parse(body.json)).toEqual({ n: 1, text: 'x'.repeat(2000) });
    expect(body.bytes('br')).toBe(body.bytes('br'));
    expect(body.bytes('gzip').length).toBeLessThan(body.size);
  });

  it('gives a quoted digest as ETag, the same for the same key, saying nothing of it', () => {
    expect(etagOf('12|today|v')).toBe(etagOf('12|today|v'));
    expect(etagOf('12|today|v')).not.toBe(etagOf('12|today|w'));
    expect(etagOf('12|today|v')).toMatch(/^"[\w-]{27}"$/);
  });
});

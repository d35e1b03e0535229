import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { AnswerCache, etagOf } from './metric-cache';
import { RecentAnswers, STAND_IN_MAX_AGE_MS } from './recent-answers';

const schema = z.object({ version: z.number() });

/** A computation the test finishes by hand, counting how often it ran. */
function gate() {
  let release: () => void = () => undefined;
  let fail: (error: Error) => void = () => undefined;
  let runs = 0;
  const compute = (version: number) => () => {
    runs += 1;
    return new Promise<{ version: number }>((resolve, reject) => {
      release = () => resolve({ version });
      fail = reject;
    });
  };
  return { compute, release: () => release(), fail: (error: Error) => fail(error), runs: () => runs };
}

const bodyOf = async (read: () => Promise<{ json: string }>) => JSON.parse((await read()).json) as { version: number };

describe('RecentAnswers', () => {
  it('lets the first caller of a new version wait for it, and gives callers meanwhile the previous answer', async () => {
    const answers = new RecentAnswers(new AnswerCache(schema, 'status-page-answers'));
    const first = answers.answer('page-1', 'v1', 0, async () => ({ version: 1 }));
    expect(await bodyOf(first.read)).toEqual({ version: 1 });

    const slow = gate();
    const owner = answers.answer('page-1', 'v2', 1_000, slow.compute(2));
    expect(owner.etag).toBe(etagOf('v2'));
    const visitor = answers.answer('page-1', 'v2', 1_010, slow.compute(2));
    expect(visitor.etag).toBe(etagOf('v1'));
    expect(await bodyOf(visitor.read)).toEqual({ version: 1 });
    expect(slow.runs()).toBe(1);

    const ownerRead = bodyOf(owner.read);
    slow.release();
    expect(await ownerRead).toEqual({ version: 2 });
    // Once computed, everyone gets the new version.
    expect(answers.answer('page-1', 'v2', 1_020, slow.compute(2)).etag).toBe(etagOf('v2'));
    expect(slow.runs()).toBe(1);
  });

  it('makes everyone wait when there is no previous answer, or it is older than the stand-in limit', async () => {
    const answers = new RecentAnswers(new AnswerCache(schema, 'status-page-answers'));
    const slow = gate();
    const a = answers.answer('page-2', 'v1', 0, slow.compute(1));
    const b = answers.answer('page-2', 'v1', 5, slow.compute(1));
    expect(b.etag).toBe(etagOf('v1'));
    slow.release();
    await a.read();
    await b.read();
    expect(slow.runs()).toBe(1);

    const late = gate();
    const at = STAND_IN_MAX_AGE_MS + 1;
    answers.answer('page-2', 'v2', at, late.compute(2));
    expect(answers.answer('page-2', 'v2', at, late.compute(2)).etag).toBe(etagOf('v2'));
    late.release();
  });

  it('gives the waiting caller a failed computation’s error, crashes nothing, and computes again next time', async () => {
    const answers = new RecentAnswers(new AnswerCache(schema, 'status-page-answers'));
    await answers.answer('page-3', 'v1', 0, async () => ({ version: 1 })).read();
    const broken = gate();
    const owner = answers.answer('page-3', 'v2', 100, broken.compute(2));
    broken.fail(new Error('database went away'));
    await expect(owner.read()).rejects.toThrow('database went away');
    // Nobody awaited this one (its caller's ETag matched): no unhandled rejection reaches the process.
    const unawaited = gate();
    answers.answer('page-3', 'v3', 200, unawaited.compute(3));
    unawaited.fail(new Error('again'));
    await new Promise((resolve) => setTimeout(resolve, 10));

    const retry = answers.answer('page-3', 'v3', 300, async () => ({ version: 3 }));
    expect(retry.etag).toBe(etagOf('v3'));
    expect(await bodyOf(retry.read)).toEqual({ version: 3 });
  });
});

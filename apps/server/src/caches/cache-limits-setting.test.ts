import { describe, expect, it } from 'vitest';
import { loadConfig } from '../config';
import { parseCacheLimits } from './cache-limits-setting';

describe('CACHE_LIMITS', () => {
  it('takes name=limit pairs, with spaces and empty items around them', () => {
    expect(parseCacheLimits(' sessions = 20000 , monitor-lists=16777216,,')).toEqual({
      limits: { sessions: 20_000, 'monitor-lists': 16_777_216 },
    });
    expect(parseCacheLimits(undefined)).toEqual({ limits: {} });
    expect(parseCacheLimits('')).toEqual({ limits: {} });
  });

  it('names what is wrong: an unknown cache, no number, zero, a number past 2^53, a name given twice', () => {
    expect(parseCacheLimits('sesions=5')).toEqual({
      error: expect.stringMatching(/^"sesions" is not a cache; known: sessions, /),
    });
    expect(parseCacheLimits('sessions')).toEqual({ error: '"sessions" is not name=limit (e.g. sessions=20000)' });
    expect(parseCacheLimits('sessions=-1')).toEqual({ error: '"sessions=-1" is not name=limit (e.g. sessions=20000)' });
    expect(parseCacheLimits('sessions=0')).toEqual({
      error: expect.stringMatching(/^sessions: the limit must be a whole number from 1 to /),
    });
    expect(parseCacheLimits('sessions=99999999999999999999')).toEqual({
      error: expect.stringMatching(/^sessions: the limit must be/),
    });
    expect(parseCacheLimits('sessions=1,sessions=2')).toEqual({ error: 'sessions is given twice' });
    expect(parseCacheLimits('sessions=1\u0000<b>')).toEqual({
      error: '"sessions=1?<b>" is not name=limit (e.g. sessions=20000)',
    });
    expect(parseCacheLimits('constructor=1')).toEqual({
      error: expect.stringMatching(/^"constructor" is not a cache/),
    });
    expect(parseCacheLimits('__proto__=1')).toEqual({ error: '"__proto__=1" is not name=limit (e.g. sessions=20000)' });
  });

  it('is read by the configuration, which names the variable when it is wrong', () => {
    expect(loadConfig({ CACHE_LIMITS: 'badges=10' }).CACHE_LIMITS).toEqual({ badges: 10 });
    expect(loadConfig({}).CACHE_LIMITS).toEqual({});
    expect(() => loadConfig({ CACHE_LIMITS: 'badges=0' })).toThrow(
      /Invalid configuration:\n {2}CACHE_LIMITS: badges: the limit must be a whole number from 1 to/,
    );
  });
});

import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { applyCacheLimits, boundedCache, cacheCensus, cacheSpec, lazyCache } from './bounded-cache';
import { CACHE_CATALOGUE, CACHE_NAMES } from './cache-catalogue';

afterEach(() => applyCacheLimits({}));

const countOf = (name: string) => cacheCensus().find((count) => count.name === name);

describe('a bounded cache', () => {
  it('keeps at most its limit of entries, the least recently used going first', () => {
    applyCacheLimits({ badges: 2 });
    const cache = boundedCache<string, string>(cacheSpec('badges'));
    cache.set('a', '1');
    cache.set('b', '2');
    cache.get('a');
    cache.set('c', '3');
    expect([...cache.keys()].sort()).toEqual(['a', 'c']);
  });

  it('counted in bytes, keeps at most its limit of them and refuses a value larger than it', () => {
    applyCacheLimits({ 'incident-markdown': 100 });
    const cache = boundedCache<string, string>(cacheSpec('incident-markdown'), { sizeOf: (text) => text.length });
    cache.set('a', 'x'.repeat(60));
    cache.set('b', 'y'.repeat(30));
    expect(cache.calculatedSize).toBe(90);
    cache.set('c', 'z'.repeat(30));
    expect([...cache.keys()].sort()).toEqual(['b', 'c']);
    cache.set('huge', 'w'.repeat(101));
    expect(cache.has('huge')).toBe(false);
  });

  it('counted in bytes or days, needs to be told what a value weighs', () => {
    expect(() => boundedCache(cacheSpec('monitor-lists'))).toThrow(
      /monitor-lists is counted in bytes: it needs sizeOf/,
    );
  });

  it('made lazily, takes the limit set after its module was loaded', () => {
    const made = lazyCache<string, string>('etags');
    applyCacheLimits({ etags: 1 });
    made().set('a', '1');
    made().set('b', '2');
    expect(made().size).toBe(1);
    expect(made()).toBe(made());
  });
});

describe('the census of caches', () => {
  it('lists every cache of the catalogue with its limit, and sums what the caches of a name hold', () => {
    applyCacheLimits({ sessions: 50 });
    const before = countOf('sessions')?.entries ?? 0;
    const first = boundedCache<string, string>(cacheSpec('sessions'));
    const second = boundedCache<string, string>(cacheSpec('sessions'));
    first.set('a', '1');
    second.set('b', '2');
    second.set('c', '3');
    const census = cacheCensus();
    expect(census.map((count) => count.name)).toEqual(CACHE_NAMES);
    expect(countOf('sessions')).toMatchObject({ unit: 'entries', limit: 50, entries: before + 3, size: before + 3 });
    expect(countOf('badges')?.limit).toBe(CACHE_CATALOGUE.badges.limit);
    const days = boundedCache<string, Map<number, number>>(cacheSpec('past-days-apdex'), { sizeOf: (map) => map.size });
    days.set(
      'm',
      new Map([
        [1, 1],
        [2, 2],
        [3, 3],
      ]),
    );
    expect(countOf('past-days-apdex')).toMatchObject({ unit: 'days', size: 3, entries: 1 });
  });
});

describe('the server', () => {
  it('makes no in-memory cache but through caches/ (each is bounded by CACHE_LIMITS and counted)', () => {
    const source = path.resolve(import.meta.dirname, '..');
    const found = execFileSync('grep', ['-rln', '--include=*.ts', 'new LRUCache', source], { encoding: 'utf8' })
      .split('\n')
      .filter(Boolean)
      .map((file) => path.relative(source, file));
    expect(found.filter((file) => !file.endsWith('.test.ts'))).toEqual(['caches/bounded-cache.ts']);
  });
});

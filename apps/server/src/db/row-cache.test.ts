import { describe, expect, it } from 'vitest';
import type { ChangeEvent, ChangeFeed } from './change-feed';
import { createRowCache } from './row-cache';

/** A feed the test drives: changes are sent by hand, `current` says whether caches may answer. */
function fakeFeed() {
  const handlers = new Set<(event: ChangeEvent) => void>();
  let epoch = 0;
  const feed: ChangeFeed & { current: boolean; send(event: ChangeEvent): void } = {
    current: true,
    send(event: ChangeEvent) {
      epoch += 1;
      for (const handler of handlers) handler(event);
    },
    subscribe(handler: (event: ChangeEvent) => void) {
      handlers.add(handler);
      return () => handlers.delete(handler);
    },
    isCurrent: () => feed.current,
    settled: async () => feed.current,
    epoch: () => epoch,
    wrote: () => undefined,
    stop: async () => undefined,
  };
  return feed;
}

interface Row {
  id: number;
  owner: number;
}

function setup() {
  const feed = fakeFeed();
  const clock = { ms: 1_000_000 };
  const cache = createRowCache<Row>({
    changes: feed,
    now: () => new Date(clock.ms),
    ttlMs: 5_000,
    cache: { name: 'test-rows', unit: 'entries', limit: 100, what: 'rows of this test' },
    tagsOf: (row) => [`monitor:${row.id}`, `owner:${row.owner}`],
    clearOn: ['plan'],
  });
  let loads = 0;
  const read = (id: number, owner = 1) =>
    cache.get(`k${id}`, async () => {
      loads += 1;
      return { id, owner };
    });
  return { feed, clock, cache, read, loads: () => loads };
}

describe('a row cache', () => {
  it('answers from memory until a change names the row, by any of its tags', async () => {
    const { feed, read, loads } = setup();
    await read(1, 7);
    await read(2, 8);
    await read(1, 7);
    expect(loads()).toBe(2);
    feed.send({ kind: 'monitor', ids: new Set([1]) });
    await read(1, 7);
    await read(2, 8);
    expect(loads()).toBe(3);
    feed.send({ kind: 'owner', ids: new Set([8]) });
    await read(2, 8);
    expect(loads()).toBe(4);
  });

  it('forgets everything on a reset, on a change of every row, and on a kind it clears on', async () => {
    const { feed, read, loads } = setup();
    for (const event of [
      'reset',
      { kind: 'monitor', ids: 'all' },
      { kind: 'plan', ids: new Set([3]) },
    ] as ChangeEvent[]) {
      await read(1);
      const before = loads();
      feed.send(event);
      await read(1);
      expect(loads()).toBe(before + 1);
    }
  });

  it('does not keep what changed while it was being read', async () => {
    const { feed, cache } = setup();
    let loads = 0;
    const load = async () => {
      loads += 1;
      if (loads === 1) feed.send({ kind: 'user', ids: new Set([99]) });
      return { id: 1, owner: 1 };
    };
    await cache.get('k', load);
    await cache.get('k', load);
    expect(loads).toBe(2);
    await cache.get('k', load);
    expect(loads).toBe(2);
  });

  it('reads the database every time while the feed is not current, and keeps nothing', async () => {
    const { feed, read, loads } = setup();
    feed.current = false;
    await read(1);
    await read(1);
    expect(loads()).toBe(2);
    feed.current = true;
    await read(1);
    await read(1);
    expect(loads()).toBe(3);
  });

  it('reads again once a value is as old as the TTL, on the clock it was given', async () => {
    const { clock, read, loads } = setup();
    await read(1);
    clock.ms += 5_000;
    await read(1);
    expect(loads()).toBe(2);
  });

  it('reads a value again ahead of its TTL, sending the kept one until the new one is in', async () => {
    const { clock, cache, loads, read } = setup();
    await read(1, 7);
    clock.ms += 3_999;
    await read(1, 7);
    expect(loads()).toBe(1);
    clock.ms += 1;
    let release: () => void = () => undefined;
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    let renewals = 0;
    const renewal = async () => {
      renewals += 1;
      await gate;
      return { id: 1, owner: 8 };
    };
    // At 4 s of 5: the kept value at once, however many ask, and one read behind them.
    const answers = await Promise.all(Array.from({ length: 5 }, () => cache.get('k1', renewal)));
    expect(answers).toEqual(Array.from({ length: 5 }, () => ({ id: 1, owner: 7 })));
    expect(renewals).toBe(1);
    release();
    await gate;
    await new Promise((resolve) => setImmediate(resolve));
    expect(await cache.get('k1', renewal)).toEqual({ id: 1, owner: 8 });
    expect(renewals).toBe(1);
    expect(loads()).toBe(1);
  });

  it('never sends a value as old as the TTL: the caller waits for the read', async () => {
    const { clock, cache, read } = setup();
    await read(1, 7);
    clock.ms += 5_000;
    expect(await cache.get('k1', async () => ({ id: 1, owner: 9 }))).toEqual({ id: 1, owner: 9 });
  });

  it('shares one read among concurrent misses, and keeps no missing row', async () => {
    const { cache } = setup();
    let loads = 0;
    const slow = async () => {
      loads += 1;
      await new Promise((resolve) => setTimeout(resolve, 5));
      return { id: 1, owner: 1 };
    };
    await Promise.all(Array.from({ length: 20 }, () => cache.get('k', slow)));
    expect(loads).toBe(1);
    let misses = 0;
    const missing = async () => {
      misses += 1;
      return undefined;
    };
    expect(await cache.get('gone', missing)).toBeUndefined();
    expect(await cache.get('gone', missing)).toBeUndefined();
    expect(misses).toBe(2);
  });

  it('keeps at most maxSize of values by their size, and does not keep one larger than that', async () => {
    const feed = fakeFeed();
    const cache = createRowCache<{ id: number; bytes: number }>({
      changes: feed,
      now: () => new Date(1_000_000),
      ttlMs: 5_000,
      cache: { name: 'test-rows', unit: 'bytes', limit: 100, entries: 100, what: 'rows of this test' },
      sizeOf: (row) => row.bytes,
      tagsOf: (row) => [`monitor:${row.id}`],
    });
    let loads = 0;
    const read = (id: number, bytes: number) =>
      cache.get(`k${id}`, async () => {
        loads += 1;
        return { id, bytes };
      });
    expect(await read(1, 500)).toEqual({ id: 1, bytes: 500 });
    await read(1, 500);
    expect(loads).toBe(2);
    await read(2, 60);
    await read(2, 60);
    expect(loads).toBe(3);
    // 60 + 60 is over 100: the older goes, the newer stays.
    await read(3, 60);
    await read(3, 60);
    await read(2, 60);
    expect(loads).toBe(5);
    // A change naming the refused one finds nothing to drop, and the kept one stays.
    feed.send({ kind: 'monitor', ids: new Set([1]) });
    await read(2, 60);
    expect(loads).toBe(5);
  });
});

import { CACHE_CATALOGUE, type CacheName, isCacheName } from './cache-catalogue';

export type CacheLimits = Partial<Record<CacheName, number>>;

/** The largest limit taken: past it a number is no longer a whole number in a double. */
const MAX_LIMIT = Number.MAX_SAFE_INTEGER;

/**
 * `CACHE_LIMITS`, e.g. `sessions=20000,monitor-lists=16777216`: a limit per named cache
 * (cache-catalogue.ts), in the cache's unit. Unset or empty, every cache keeps its default.
 * Returns the error to show (naming the cache and the rule), or the limits.
 */
export function parseCacheLimits(text: string | undefined): { limits: CacheLimits } | { error: string } {
  const limits: CacheLimits = {};
  for (const part of (text ?? '').split(',')) {
    const item = part.trim();
    if (!item) continue;
    const match = /^([a-z-]+)\s*=\s*([0-9]+)$/.exec(item);
    if (!match) return { error: `"${shown(item)}" is not name=limit (e.g. sessions=20000)` };
    const [, name = '', digits = ''] = match;
    if (!isCacheName(name))
      return { error: `"${name}" is not a cache; known: ${Object.keys(CACHE_CATALOGUE).join(', ')}` };
    const limit = Number(digits);
    if (!Number.isSafeInteger(limit) || limit < 1 || limit > MAX_LIMIT)
      return { error: `${name}: the limit must be a whole number from 1 to ${MAX_LIMIT}` };
    if (name in limits) return { error: `${name} is given twice` };
    limits[name] = limit;
  }
  return { limits };
}

/** A bad item as shown in the error: short, and with no control characters. */
// biome-ignore lint/suspicious/noControlCharactersInRegex: replacing control characters is the point
const shown = (item: string) => item.slice(0, 60).replace(/[\u0000-\u001f\u007f]/g, '?');

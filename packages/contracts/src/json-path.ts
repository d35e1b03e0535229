/**
 * The JSON paths an HTTP assertion reads: `data.items[0].status`, `$.status`, `meta["content-type"]`.
 * Dots between names, `[n]` for an array index, `["key"]` (or `['key']`) for a name with dots or
 * spaces; a leading `$` or `$.` is allowed. Nothing else (no wildcards, filters or scripts): a tiny
 * parser we test, rather than a JSONPath library whose filter expressions evaluate code.
 */

export type JsonPathSegment = string | number;

export const JSON_PATH_LIMITS = { length: 256, segments: 32 } as const;

export type ParsedJsonPath = { ok: true; segments: JsonPathSegment[] } | { ok: false; message: string };

const NAME = /^[^.[\]\s"']+/;
const INDEX = /^\[(\d{1,9})\]/;
const QUOTED = /^\[(?:"([^"]*)"|'([^']*)')\]/;

/** The segment at the start of `rest` and how many characters it took, or null. */
function nextSegment(rest: string, first: boolean): { segment: JsonPathSegment; length: number } | null {
  const index = rest.match(INDEX);
  if (index) return { segment: Number(index[1]), length: index[0].length };
  const quoted = rest.match(QUOTED);
  if (quoted) return { segment: quoted[1] ?? quoted[2] ?? '', length: quoted[0].length };
  // A name follows a dot, or starts the path (with or without one).
  const dot = rest.startsWith('.') ? 1 : 0;
  if (!first && !dot) return null;
  const name = rest.slice(dot).match(NAME);
  return name ? { segment: name[0], length: dot + name[0].length } : null;
}

/** The path's segments, or why it is not a path we read. */
export function parseJsonPath(text: string): ParsedJsonPath {
  if (text.length > JSON_PATH_LIMITS.length) {
    return { ok: false, message: `A JSON path is at most ${JSON_PATH_LIMITS.length} characters.` };
  }
  let rest = text.trim().replace(/^\$(?=\.|\[|$)/, '');
  const segments: JsonPathSegment[] = [];
  const fail = (): ParsedJsonPath => ({
    ok: false,
    message: 'Write the path as names and indexes, like data.items[0].status.',
  });
  while (rest.length > 0) {
    const step = nextSegment(rest, segments.length === 0);
    if (!step) return fail();
    segments.push(step.segment);
    rest = rest.slice(step.length);
  }
  if (segments.length === 0) return { ok: false, message: 'Name a value in the body, like data.status.' };
  if (segments.length > JSON_PATH_LIMITS.segments) {
    return { ok: false, message: `A JSON path has at most ${JSON_PATH_LIMITS.segments} parts.` };
  }
  return { ok: true, segments };
}

/** The path as error texts show it: `$.data.items[0].status`. */
export function formatJsonPath(segments: readonly JsonPathSegment[]): string {
  return segments.reduce<string>((path, segment) => {
    if (typeof segment === 'number') return `${path}[${segment}]`;
    return /^[A-Za-z_$][\w$-]*$/.test(segment) ? `${path}.${segment}` : `${path}[${JSON.stringify(segment)}]`;
  }, '$');
}

/** The value at the path, or `undefined` when there is none. Own properties only: no `__proto__` or `constructor`. */
export function readJsonPath(value: unknown, segments: readonly JsonPathSegment[]): unknown {
  let current = value;
  for (const segment of segments) {
    if (typeof segment === 'number') {
      if (!Array.isArray(current) || segment >= current.length) return undefined;
      current = current[segment];
    } else {
      if (current === null || typeof current !== 'object' || Array.isArray(current)) return undefined;
      if (!Object.hasOwn(current, segment)) return undefined;
      current = (current as Record<string, unknown>)[segment];
    }
  }
  return current;
}

/**
 * Builds hostile requests for any route from its own schemas: a valid sample of each part (path,
 * query, body) from the part's JSON Schema, then one part spoiled with NUL, control characters,
 * lone surrogates, out-of-range numbers or deep nesting. Starting from a valid sample lets the
 * bad value get past the schema's other checks and reach the service, where 500s hide.
 */
import { z } from 'zod';
import type { Fuzzer } from './fuzz';

type JsonSchema = {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  items?: JsonSchema;
  enum?: unknown[];
  const?: unknown;
  default?: unknown;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  format?: string;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  minLength?: number;
};

/** Values that reach deeper than a schema-shaped guess (a real prober id, a period the plan allows), by field name and type. */
export type Hints = Record<string, { type: 'string' | 'number' | 'array'; value: () => unknown }>;

/** Text that has given 500s: NUL (PostgreSQL refuses it), other control characters, lone surrogates, numbers past int4. */
const hostileTexts = {
  nul: ['\u0000', 'a\u0000b', 'http://93.184.216.34/\u0000'],
  control: ['x\u0001y', '\u001b[31mred', 'del\u007f', 'line\r\nInjected: yes'],
  surrogate: ['\ud800', 'a\udfffb'],
  numeric: ['2147483648', '-2147483649', '9007199254740993', '1e308', '-1', 'NaN', ''],
};
const hostileNumbers = [1e308, -1e308, 2 ** 31, -(2 ** 31) - 1, 2 ** 53 + 1, 2 ** 63, -1, -0.5, 0, 1.5];

/** Mostly NUL and control characters: those reach the database and the logs when a schema lets them through. */
export function hostileText(fuzz: Fuzzer): string {
  const roll = fuzz.random();
  const kind = roll < 0.4 ? 'nul' : roll < 0.65 ? 'control' : roll < 0.8 ? 'surrogate' : 'numeric';
  return fuzz.pick(hostileTexts[kind]);
}

/** One value a client should never get a 5xx for. */
export function hostileValue(fuzz: Fuzzer): unknown {
  const kind = fuzz.int(10);
  if (kind <= 4) return hostileText(fuzz);
  if (kind <= 6) return fuzz.pick(hostileNumbers);
  if (kind === 7) return fuzz.chance(0.5) ? 'x'.repeat(fuzz.pick([256, 5_000, 100_000])) : { 'k\u0000': 1 };
  if (kind === 8) return fuzz.deepNesting();
  return fuzz.jsonValue(2);
}

/** The JSON Schema of a route part's zod schema, as the client sees it (input side). */
export function jsonSchemaOf(schema: unknown): JsonSchema | undefined {
  if (!schema || typeof schema !== 'object' || !('_zod' in schema)) return undefined;
  return z.toJSONSchema(schema as z.ZodType, { io: 'input', unrepresentable: 'any' }) as JsonSchema;
}

/** A value the schema most likely accepts, preferring the hints. */
export function sampleOf(schema: JsonSchema | undefined, hints: Hints, fuzz: Fuzzer, name = ''): unknown {
  if (!schema) return undefined;
  const hint = hints[name];
  const types = ([] as string[]).concat(schema.type ?? []);
  if (hint && (types.includes(hint.type) || (hint.type === 'number' && types.includes('integer')))) return hint.value();
  if (schema.const !== undefined) return schema.const;
  if (schema.enum?.length) return fuzz.pick(schema.enum);
  const options = schema.anyOf ?? schema.oneOf ?? schema.allOf;
  if (options?.length) {
    const usable = options.filter((option) => option.type !== 'null');
    return sampleOf(fuzz.pick(usable.length ? usable : options), hints, fuzz, name);
  }
  const type = types.find((candidate) => candidate !== 'null') ?? (schema.properties ? 'object' : undefined);
  switch (type) {
    case 'object': {
      const result: Record<string, unknown> = {};
      for (const [key, property] of Object.entries(schema.properties ?? {})) {
        result[key] = sampleOf(property, hints, fuzz, key);
      }
      return result;
    }
    case 'array':
      return [sampleOf(schema.items, hints, fuzz, name)];
    case 'string':
      if (schema.format === 'email') return `fuzz-${fuzz.int(1_000_000)}@example.test`;
      if (schema.format === 'date-time') return new Date().toISOString();
      return 'x'.repeat(Math.max(schema.minLength ?? 1, 1));
    case 'integer':
    case 'number':
      // 1 where the range allows it (zod's safe-integer bounds are no hint of a sensible value).
      return Math.min(Math.max(1, schema.minimum ?? (schema.exclusiveMinimum ?? 0) + 1), schema.maximum ?? 1);
    case 'boolean':
      return fuzz.chance(0.5);
    default:
      return schema.default ?? 'x';
  }
}

function leafPaths(value: unknown, path: string[] = [], out: string[][] = []): string[][] {
  if (value !== null && typeof value === 'object') {
    const entries = Object.entries(value);
    if (!entries.length) out.push(path);
    for (const [key, item] of entries) leafPaths(item, [...path, key], out);
  } else {
    out.push(path);
  }
  return out;
}

function replaceAt(value: unknown, path: string[], replacement: unknown): unknown {
  const [head, ...rest] = path;
  if (head === undefined) return replacement;
  const copy = (Array.isArray(value) ? [...value] : { ...(value as object) }) as Record<string, unknown>;
  copy[head] = replaceAt(copy[head], rest, replacement);
  return copy;
}

/** The sample with one leaf (or an added field) made hostile, or now and then replaced whole. */
export function spoil(sample: unknown, fuzz: Fuzzer): unknown {
  const kind = fuzz.int(10);
  if (kind === 0) return fuzz.chance(0.5) ? hostileValue(fuzz) : fuzz.jsonValue(3);
  if (kind === 1 && sample !== null && typeof sample === 'object' && !Array.isArray(sample)) {
    return { ...sample, [fuzz.pick(['extra', 'k\u0000', '\ud800', 'id'])]: hostileValue(fuzz) };
  }
  return replaceAt(sample, fuzz.pick(leafPaths(sample)), hostileValue(fuzz));
}

/** A query value as a client can send it: lone surrogates become the UTF-8 bytes of one, which no encoder writes. */
export function encodePart(value: unknown): string {
  const text = typeof value === 'string' ? value : JSON.stringify(value ?? '');
  return text
    .split(/([\ud800-\udfff])/)
    .map((piece) => (/^[\ud800-\udfff]$/.test(piece) ? '%ED%A0%80' : encodeURIComponent(piece)))
    .join('');
}

export function queryString(query: unknown): string {
  if (query === undefined) return '';
  if (query === null || typeof query !== 'object' || Array.isArray(query)) return `?q=${encodePart(query)}`;
  const pairs = Object.entries(query).map(([key, value]) => `${encodePart(key)}=${encodePart(value)}`);
  return pairs.length ? `?${pairs.join('&')}` : '';
}

/** The route's URL with each `:param` (and a trailing `*`) filled in from `params`. */
export function fillPath(url: string, params: Record<string, unknown>): string {
  return url
    .replace(/:(\w+)/g, (_match, name: string) => encodePart(params[name]))
    .replace(/\*$/, () => encodePart(params['*']));
}

export function paramNames(url: string): string[] {
  const names = [...url.matchAll(/:(\w+)/g)].map((match) => match[1] as string);
  return url.endsWith('*') ? [...names, '*'] : names;
}

export interface FuzzRequest {
  method: string;
  url: string;
  body?: unknown;
  headers: Record<string, string>;
}

/** A route as Fastify's onRoute hook reports it. */
export interface FuzzRoute {
  url: string;
  method: string | string[];
  schema?: unknown;
}

/** One request to `route`: a valid sample of each part, with one part spoiled (or none, now and then). */
export function requestFor(route: FuzzRoute, method: string, hints: Hints, fuzz: Fuzzer): FuzzRequest {
  const schema = (route.schema ?? {}) as Record<string, unknown>;
  const names = paramNames(route.url);
  const params = Object.fromEntries(
    names.map((name) => [name, sampleOf(jsonSchemaOf(schema.params)?.properties?.[name], hints, fuzz, name)]),
  );
  const hasBody = !['GET', 'HEAD', 'DELETE'].includes(method);
  const parts: Record<'params' | 'query' | 'body', unknown> = {
    params,
    query: sampleOf(jsonSchemaOf(schema.querystring), hints, fuzz),
    body: hasBody ? (sampleOf(jsonSchemaOf(schema.body), hints, fuzz) ?? {}) : undefined,
  };
  const spoilable = (['params', 'query', 'body'] as const).filter((part) => part !== 'params' || names.length);
  // The body has the most fields: it is spoiled most often.
  const target = fuzz.chance(0.1) ? undefined : hasBody && fuzz.chance(0.6) ? 'body' : fuzz.pick(spoilable);
  if (target === 'params') {
    const name = fuzz.pick(names);
    parts.params = { ...params, [name]: fuzz.chance(0.7) ? hostileText(fuzz) : hostileValue(fuzz) };
  } else if (target) {
    parts[target] = spoil(parts[target] ?? {}, fuzz);
  }
  const headers = Object.fromEntries(
    Object.entries((sampleOf(jsonSchemaOf(schema.headers), hints, fuzz) ?? {}) as Record<string, unknown>).map(
      ([key, value]) => [key, String(value)],
    ),
  );
  return {
    method,
    url: `${fillPath(route.url, parts.params as Record<string, unknown>)}${queryString(parts.query)}`,
    ...(hasBody ? { body: parts.body } : {}),
    headers,
  };
}

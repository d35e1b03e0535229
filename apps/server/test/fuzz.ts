/**
 * A seeded random generator of hostile request bodies, so a failing fuzz run reproduces from its seed.
 */

/** mulberry32: a tiny 32-bit PRNG, uniform in [0, 1). Same seed, same sequence. */
export function mulberry32(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

/** Keys that have broken JSON handling elsewhere: prototype pollution and Object.prototype names. */
export const hostileKeys = [
  '__proto__',
  'constructor',
  'prototype',
  'toString',
  'hasOwnProperty',
  'valueOf',
  '__defineGetter__',
];

const unicodeSamples = [
  'سلام دنیا',
  '😀👍🏽',
  '\u202etxt.exe',
  '\u0000',
  '\ud800',
  '\udfff',
  '\uffff',
  'Ω≈ç√∫',
  '\u200b\u200c\u200d',
  'ﷺ',
  '𝕳𝖊𝖑𝖑𝖔',
  '\r\n\t',
  '"\'\\`',
  '<script>alert(1)</script>',
  "'; DROP TABLE users; --",
  '%00%0d%0a',
  '../../etc/passwd',
  '$' + '{jndi:ldap://x}',
];

const numberSamples = [
  0,
  -0,
  1,
  -1,
  0.5,
  1e308,
  -1e308,
  5e-324,
  2 ** 31,
  -(2 ** 31) - 1,
  2 ** 53 + 1,
  Number.MAX_SAFE_INTEGER,
  123_456_789_012,
];

/** Defines a key as an own, enumerable property, so `__proto__` ends up in JSON.stringify's output. */
function setOwn(target: Record<string, unknown>, key: string, value: unknown): void {
  Object.defineProperty(target, key, { value, enumerable: true, writable: true, configurable: true });
}

export class Fuzzer {
  readonly random: () => number;

  constructor(readonly seed: number) {
    this.random = mulberry32(seed);
  }

  int(maxExclusive: number): number {
    return Math.floor(this.random() * maxExclusive);
  }

  chance(probability: number): boolean {
    return this.random() < probability;
  }

  pick<T>(items: readonly T[]): T {
    return items[this.int(items.length)] as T;
  }

  /** Short, long, unicode, control characters and, rarely, very long strings. */
  string(): string {
    const kind = this.int(10);
    if (kind === 0) return '';
    if (kind === 1) return this.pick(unicodeSamples);
    if (kind === 2) return 'x'.repeat(this.pick([199, 200, 201, 254, 255, 300, 1000, 10_000, 100_000]));
    if (kind === 3) return this.email();
    if (kind === 4) {
      // Any code unit at all, lone surrogates and NUL included.
      return Array.from({ length: this.int(40) }, () => String.fromCharCode(this.int(0x10000))).join('');
    }
    if (kind === 5) return ` ${this.pick(unicodeSamples)}${this.email()} `;
    return Array.from({ length: this.int(30) }, () => String.fromCharCode(32 + this.int(95))).join('');
  }

  /** Looks like an email; some are valid, some nearly so. */
  email(): string {
    const local = this.pick(['user', 'a', 'A.B', 'x+tag', 'تست', "o'brien", '', 'a'.repeat(70), 'demo']);
    const domain = this.pick([
      'example.test',
      'EXAMPLE.TEST',
      'paydar.local',
      'b.co',
      'x',
      'a..b',
      `${'d'.repeat(250)}.com`,
    ]);
    const at = this.pick(['@', '@', '@', '@@', '']);
    return `${local}${this.int(1000)}${at}${domain}`;
  }

  /** A valid email and a password that passes the schema: these reach argon2, so callers ration them. */
  validCredentials(): { email: string; password: string } {
    return {
      email: `fuzz-${this.int(1_000_000)}@example.test`,
      password: Array.from({ length: 8 + this.int(20) }, () => String.fromCharCode(33 + this.int(94))).join(''),
    };
  }

  /** Any JSON value, nesting up to `depth`. */
  jsonValue(depth = 3): unknown {
    const kind = this.int(depth > 0 ? 9 : 6);
    switch (kind) {
      case 0:
        return null;
      case 1:
        return this.chance(0.5);
      case 2:
        return this.pick(numberSamples);
      case 3:
        return (this.random() - 0.5) * 10 ** this.int(20);
      case 4:
      case 5:
        return this.string();
      case 6:
        return Array.from({ length: this.int(5) }, () => this.jsonValue(depth - 1));
      case 7:
        return this.chance(0.1) ? this.deepNesting() : this.object(depth - 1);
      default:
        return this.object(depth - 1);
    }
  }

  object(depth: number, keys: readonly string[] = []): Record<string, unknown> {
    const result: Record<string, unknown> = {};
    const count = this.int(5);
    for (let index = 0; index < count; index += 1) {
      const key = this.chance(0.3)
        ? this.pick(hostileKeys)
        : this.chance(0.5) && keys.length
          ? this.pick(keys)
          : this.string().slice(0, 40);
      setOwn(result, key, this.jsonValue(depth));
    }
    return result;
  }

  /** Arrays or objects nested a few hundred levels deep. */
  deepNesting(): unknown {
    let value: unknown = this.jsonValue(0);
    const levels = 50 + this.int(500);
    for (let level = 0; level < levels; level += 1) value = this.chance(0.5) ? [value] : { a: value };
    return value;
  }

  /** An object with the call's own field names, each given a random value, some dropped, some extra keys. */
  shapedBody(fields: Record<string, () => unknown>): Record<string, unknown> {
    const body: Record<string, unknown> = {};
    for (const [name, valid] of Object.entries(fields)) {
      if (this.chance(0.15)) continue;
      setOwn(body, name, this.chance(0.5) ? valid() : this.jsonValue(2));
    }
    if (this.chance(0.25)) {
      const extra = this.chance(0.5) ? this.pick(hostileKeys) : this.string().slice(0, 20);
      setOwn(body, extra, this.chance(0.3) ? { polluted: 'yes' } : this.jsonValue(1));
    }
    return body;
  }

  /** A raw body sent as application/json: broken JSON, truncated JSON, or plain noise. */
  rawJsonText(fields: Record<string, () => unknown>): string {
    const kind = this.int(6);
    const valid = JSON.stringify(this.shapedBody(fields)) ?? '{}';
    if (kind === 0) return valid.slice(0, this.int(valid.length + 1));
    if (kind === 1) return `${valid}${this.pick(['}', ',', ']', ' x', '\u0000'])}`;
    if (kind === 2)
      return this.pick([
        '{"__proto__":{"polluted":"yes"}}',
        '{"constructor":{"prototype":{"polluted":"yes"}}}',
        '{"a":1,"a":2}',
        'NaN',
        'Infinity',
        '-',
        '[',
        '{',
        '"',
        'true',
        '1e99999',
        '{"email":"\\ud800"}',
        "{'email':'a'}",
        '\ufeff{}',
      ]);
    if (kind === 3) return Array.from({ length: this.int(200) }, () => String.fromCharCode(this.int(0x10000))).join('');
    if (kind === 4) return `{${'"k":'.repeat(this.int(50))}1}`;
    return this.string();
  }
}

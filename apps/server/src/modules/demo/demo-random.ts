/**
 * Counter-based randomness for the demo's history: a number is a pure function of its coordinates
 * (monitor, prober, time slot, what), not of the order numbers are drawn in. So the 90-day seed and
 * the minute job's appends draw the same values for the same check, however the time is split.
 */

/** FNV-1a of a text: a stable 32-bit seed from a monitor's key. */
export function seedOf(text: string): number {
  let hash = 0x811c9dc5;
  for (let index = 0; index < text.length; index++) {
    hash ^= text.charCodeAt(index);
    hash = Math.imul(hash, 0x01000193);
  }
  return hash >>> 0;
}

/** One 32-bit word into the running hash (murmur3's body step). */
function step(hash: number, word: number): number {
  let mixed = Math.imul(word, 0xcc9e2d51);
  mixed = Math.imul((mixed << 15) | (mixed >>> 17), 0x1b873593);
  const next = hash ^ mixed;
  return (Math.imul((next << 13) | (next >>> 19), 5) + 0xe6546b64) | 0;
}

/** A 32-bit mix (murmur3's finaliser) of the coordinates; allocation-free, it runs millions of times. */
function mix(parts: readonly number[]): number {
  let hash = 0x9e3779b9;
  for (let index = 0; index < parts.length; index++) {
    // Whole numbers up to 2^53 (epoch ms, slot indexes): both 32-bit halves go in.
    const part = parts[index] ?? 0;
    hash = step(hash, part >>> 0);
    hash = step(hash, Math.floor(part / 0x1_0000_0000) >>> 0);
  }
  hash ^= hash >>> 16;
  hash = Math.imul(hash, 0x85ebca6b);
  hash ^= hash >>> 13;
  hash = Math.imul(hash, 0xc2b2ae35);
  hash ^= hash >>> 16;
  return hash >>> 0;
}

/** Uniform in [0, 1) at these coordinates. */
export const uniform = (...parts: number[]): number => mix(parts) / 0x1_0000_0000;

/** Standard normal at these coordinates (Box–Muller over two uniforms). */
export function gaussian(...parts: number[]): number {
  const u = Math.max(uniform(...parts, 1), 1e-12);
  const v = uniform(...parts, 2);
  return Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * v);
}

/**
 * A short stream of numbers for one set of coordinates (one check): one mix to seed it, then
 * mulberry32 steps — far cheaper than a mix per number, and still a function of the coordinates.
 * A class, not closures: millions of checks each make one, and a closure per check costs more than
 * the numbers (the TypeScript runner names every function it makes).
 */
export class Stream {
  private state: number;

  constructor(parts: readonly number[]) {
    this.state = mix(parts);
  }

  uniform(): number {
    this.state = (this.state + 0x6d2b79f5) | 0;
    let value = Math.imul(this.state ^ (this.state >>> 15), 1 | this.state);
    value = (value + Math.imul(value ^ (value >>> 7), 61 | value)) ^ value;
    return ((value ^ (value >>> 14)) >>> 0) / 0x1_0000_0000;
  }

  gaussian(): number {
    return Math.sqrt(-2 * Math.log(Math.max(this.uniform(), 1e-12))) * Math.cos(2 * Math.PI * this.uniform());
  }

  /** A positive factor around 1: e^(spread × a standard normal). */
  noise(spread: number): number {
    return Math.exp(spread * this.gaussian());
  }
}

import { z } from 'zod';

/**
 * The one rule for what crosses an edge (CONVENTIONS.md §13): a request body, path or query, a
 * prober's result, a target's answer. PostgreSQL refuses NUL in text (22P05) and its integer
 * columns overflow; lone surrogates cannot be encoded as UTF-8 and escape characters turn
 * logs and terminals into an attack surface. Refuse such values at the edge, naming the field,
 * or clean what we report ourselves (a check's output) before it is sent.
 */

/** PostgreSQL's `integer` (int4) range: ids, status codes, counters stored in int4 columns. */
export const INT4_MAX = 2_147_483_647;

/** Control characters other than tab, line feed and carriage return; DEL too. Matching them is the point. */
// biome-ignore lint/suspicious/noControlCharactersInRegex: this rule exists to find control characters
const CONTROL_CHARACTER = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/;
// biome-ignore lint/suspicious/noControlCharactersInRegex: this rule exists to find control characters
const CONTROL_CHARACTERS = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/g;
/** A high surrogate not followed by a low one, or a low one not preceded by a high one. */
const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;
const LONE_SURROGATES = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g;

/** Why a string may not cross an edge, or null when it may. */
export function unsafeTextReason(text: string): string | null {
  if (text.includes('\u0000')) return 'Must not contain NUL characters.';
  if (CONTROL_CHARACTER.test(text)) return 'Must not contain control characters.';
  if (LONE_SURROGATE.test(text)) return 'Must be valid Unicode text.';
  return null;
}

/** Why a number may not cross an edge, or null when it may (JSON.parse turns 1e99999 into Infinity). */
export function unsafeNumberReason(value: number): string | null {
  return Number.isFinite(value) ? null : 'Must be a finite number.';
}

export interface UnsafeValue {
  /** Dotted path of the offending value, as the validation errors name fields (`http_headers.0.value`). */
  field: string;
  message: string;
}

/** Deeper than any body we accept: walking stops here rather than recursing without end. */
const MAX_DEPTH = 64;

/**
 * The first string (value or object key) or number under `value` that breaks the rule, or null.
 * Walks plain JSON: objects, arrays, strings, numbers.
 */
export function findUnsafeValue(value: unknown, path: readonly string[] = []): UnsafeValue | null {
  const field = () => path.join('.') || 'non_field_errors';
  if (typeof value === 'string') {
    const message = unsafeTextReason(value);
    return message ? { field: field(), message } : null;
  }
  if (typeof value === 'number') {
    const message = unsafeNumberReason(value);
    return message ? { field: field(), message } : null;
  }
  if (value === null || typeof value !== 'object') return null;
  if (path.length >= MAX_DEPTH) return { field: field(), message: 'Nested too deeply.' };
  if (Array.isArray(value)) {
    for (let index = 0; index < value.length; index += 1) {
      const found = findUnsafeValue(value[index], [...path, String(index)]);
      if (found) return found;
    }
    return null;
  }
  for (const [key, item] of Object.entries(value)) {
    const keyReason = unsafeTextReason(key);
    if (keyReason) return { field: [...path, key.replace(CONTROL_CHARACTERS, '?')].join('.'), message: keyReason };
    const found = findUnsafeValue(item, [...path, key]);
    if (found) return found;
  }
  return null;
}

/**
 * Makes text we produce ourselves (a target's answer, an error message) safe to send and store:
 * control characters removed, lone surrogates replaced by U+FFFD, at most `maxLength` code units
 * without splitting a surrogate pair.
 */
export function cleanText(text: string, maxLength: number): string {
  const cleaned = text.replace(CONTROL_CHARACTERS, '').replace(LONE_SURROGATES, '\ufffd');
  if (cleaned.length <= maxLength) return cleaned;
  const cut = cleaned.slice(0, maxLength);
  return /[\ud800-\udbff]$/.test(cut) ? cut.slice(0, -1) : cut;
}

/** A string field that may cross an edge: bounded, and refused with the rule's message when unsafe. */
export function edgeText(maxLength: number, tooLong?: string) {
  return z
    .string()
    .max(maxLength, tooLong ? { message: tooLong } : undefined)
    .superRefine((text, context) => {
      const message = unsafeTextReason(text);
      if (message) context.addIssue({ code: 'custom', message });
    });
}

// The range checks come first and stop there, so 2^53 + 1 gets one message (the column's bound), not two.
/** A non-negative integer that fits PostgreSQL's `integer`. */
export const int4 = z.number().min(0, { abort: true }).max(INT4_MAX, { abort: true }).int();
/** A database id: positive, fits `integer`. */
export const int4Id = z.number().min(1, { abort: true }).max(INT4_MAX, { abort: true }).int();

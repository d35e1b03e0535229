/**
 * A random key that makes a money call safe to repeat: the server acts once per key. Made from
 * `crypto.getRandomValues`, which, unlike `crypto.randomUUID`, also exists on plain-http pages.
 */
export function newIdempotencyKey(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
}

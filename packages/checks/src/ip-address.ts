import { isIP } from 'node:net';

/**
 * Parses an IPv4 or IPv6 address (with an optional %zone) into its 4 or 16 bytes; null when it
 * is not an IP address. node:net validates; this only turns valid text into bytes.
 */
export function parseIp(text: string): Uint8Array | null {
  const ip = text.split('%')[0] ?? '';
  const family = isIP(ip);
  if (family === 4) return Uint8Array.from(ip.split('.').map(Number));
  if (family !== 6) return null;

  // A dotted IPv4 tail ("::ffff:127.0.0.1") becomes its two hex groups ("::ffff:7f00:1").
  const lastColon = ip.lastIndexOf(':');
  const tail = ip.slice(lastColon + 1);
  let head = ip;
  if (tail.includes('.')) {
    const [a = 0, b = 0, c = 0, d = 0] = tail.split('.').map(Number);
    head = `${ip.slice(0, lastColon + 1)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const [left = '', right] = head.split('::');
  const groups = (part: string) => (part ? part.split(':').map((g) => Number.parseInt(g, 16)) : []);
  const l = groups(left);
  const r = right === undefined ? [] : groups(right);
  const words = [...l, ...new Array<number>(8 - l.length - r.length).fill(0), ...r];
  const bytes = new Uint8Array(16);
  words.forEach((w, i) => {
    bytes[i * 2] = (w >> 8) & 0xff;
    bytes[i * 2 + 1] = w & 0xff;
  });
  return bytes;
}

import { lookup } from 'node:dns/promises';
import { isIP } from 'node:net';
import { parseIp } from './ip-address';

/**
 * SSRF protection: a hosted prober must not become a way into its own network. Checks refuse
 * non-public addresses at save time (checkTargetAllowed) and again on the address actually
 * connected to (assertAllowedAddress), so DNS rebinding between the two does not get around it.
 */

export type AddressClass =
  | 'public'
  | 'loopback'
  | 'private'
  | 'link-local'
  | 'cgnat'
  | 'unspecified'
  | 'multicast'
  | 'broadcast'
  | 'metadata'
  | 'reserved';

// First match wins, so the specific entries (metadata, unspecified) come before their ranges.
const RANGES: ReadonlyArray<readonly [string, AddressClass]> = [
  ['169.254.169.254/32', 'metadata'], // AWS, GCP, Azure, OpenStack
  ['100.100.100.200/32', 'metadata'], // Alibaba Cloud
  ['fd00:ec2::254/128', 'metadata'], // AWS over IPv6
  ['0.0.0.0/32', 'unspecified'],
  ['0.0.0.0/8', 'reserved'], // "this network"
  ['127.0.0.0/8', 'loopback'],
  ['10.0.0.0/8', 'private'],
  ['172.16.0.0/12', 'private'],
  ['192.168.0.0/16', 'private'],
  ['100.64.0.0/10', 'cgnat'],
  ['169.254.0.0/16', 'link-local'],
  ['192.0.0.0/24', 'reserved'], // IETF protocol assignments
  ['192.0.2.0/24', 'reserved'], // documentation (TEST-NET-1)
  ['198.51.100.0/24', 'reserved'], // documentation (TEST-NET-2)
  ['203.0.113.0/24', 'reserved'], // documentation (TEST-NET-3)
  ['198.18.0.0/15', 'reserved'], // benchmarking
  ['192.88.99.0/24', 'reserved'], // former 6to4 relay anycast
  ['224.0.0.0/4', 'multicast'],
  ['255.255.255.255/32', 'broadcast'],
  ['240.0.0.0/4', 'reserved'],
  ['::/128', 'unspecified'],
  ['::1/128', 'loopback'],
  ['64:ff9b:1::/48', 'private'], // local-use NAT64
  ['fc00::/7', 'private'], // unique local
  ['fec0::/10', 'private'], // deprecated site-local
  ['fe80::/10', 'link-local'],
  ['ff00::/8', 'multicast'],
  ['100::/64', 'reserved'], // discard-only
  ['2001::/23', 'reserved'], // IETF protocol assignments, Teredo
  ['2001:db8::/32', 'reserved'], // documentation
  ['3fff::/20', 'reserved'], // documentation
];

const PARSED = RANGES.map(([cidr, cls]) => {
  const [ip = '', bits = ''] = cidr.split('/');
  const bytes = parseIp(ip);
  if (!bytes) throw new Error(`bad range ${cidr}`);
  return { bytes, bits: Number(bits), cls };
});

function inRange(ip: Uint8Array, range: Uint8Array, bits: number): boolean {
  if (ip.length !== range.length) return false;
  for (let i = 0; bits > 0; i++, bits -= 8) {
    const mask = bits >= 8 ? 0xff : (0xff << (8 - bits)) & 0xff;
    if (((ip[i] ?? 0) & mask) !== ((range[i] ?? 0) & mask)) return false;
  }
  return true;
}

/** The IPv4 address an IPv6 address carries (IPv4-mapped, IPv4-compatible, NAT64, 6to4), if any. */
function embeddedIpv4(b: Uint8Array): Uint8Array | null {
  const zeros = (from: number, to: number) => b.subarray(from, to).every((x) => x === 0);
  if (zeros(0, 10) && b[10] === 0xff && b[11] === 0xff) return b.subarray(12); // ::ffff:a.b.c.d
  if (zeros(0, 12)) return b.subarray(12); // ::a.b.c.d (deprecated; :: and ::1 matched before)
  if (b[0] === 0x00 && b[1] === 0x64 && b[2] === 0xff && b[3] === 0x9b && zeros(4, 12)) return b.subarray(12);
  if (b[0] === 0x20 && b[1] === 0x02) return b.subarray(2, 6); // 6to4
  return null;
}

/** Classifies an IPv4 or IPv6 address (IPv4-mapped IPv6 is judged by its IPv4 address). */
export function classifyAddress(ip: string): AddressClass {
  const bytes = parseIp(ip);
  if (!bytes) throw new Error(`not an IP address: ${ip}`);
  for (const range of PARSED) if (inRange(bytes, range.bytes, range.bits)) return range.cls;
  const v4 = bytes.length === 16 ? embeddedIpv4(bytes) : null;
  if (v4) return classifyAddress(Array.from(v4).join('.'));
  return 'public';
}

const DESCRIPTION: Record<Exclude<AddressClass, 'public'>, string> = {
  loopback: 'a loopback address',
  private: 'a private address',
  'link-local': 'a link-local address',
  cgnat: 'a shared (carrier-grade NAT) address',
  unspecified: 'an unspecified address',
  multicast: 'a multicast address',
  broadcast: 'a broadcast address',
  metadata: 'a cloud metadata address',
  reserved: 'a reserved address',
};

/** Thrown when a check would connect to a non-public address without allowPrivateTargets. */
export class TargetRefusedError extends Error {
  override name = 'TargetRefusedError';
  constructor(
    readonly address: string,
    readonly addressClass: AddressClass,
  ) {
    super(`target refused: ${DESCRIPTION[addressClass as Exclude<AddressClass, 'public'>]} (${address})`);
  }
}

/** Throws TargetRefusedError unless the address is public. */
export function assertPublicAddress(ip: string): void {
  const cls = classifyAddress(ip);
  if (cls !== 'public') throw new TargetRefusedError(ip, cls);
}

/** The connect-time guard: every check calls this on each address it is about to connect to. */
export function assertAllowedAddress(ip: string, allowPrivateTargets: boolean): void {
  if (!allowPrivateTargets) assertPublicAddress(ip);
}

/** The host part of a URL, "host:port", "[v6]:port", a bare host or a bare IPv6 address. */
export function hostOf(target: string): string {
  const t = target.trim();
  if (t.includes('://')) return new URL(t).hostname.replace(/^\[(.*)\]$/, '$1');
  if (t.startsWith('[')) return t.slice(1, t.indexOf(']') > 0 ? t.indexOf(']') : undefined);
  if (isIP(t) === 6) return t;
  return t.split(':')[0] ?? t;
}

type LookupAll = (host: string) => Promise<string[]>;
const systemLookup: LookupAll = async (host) => (await lookup(host, { all: true })).map((a) => a.address);

/**
 * The save-time check: resolves the target's host and refuses it if ANY resolved address is not
 * public. A name that does not resolve (yet) is allowed: the check itself will report it.
 */
export async function checkTargetAllowed(
  hostOrUrl: string,
  options: { allowPrivateTargets: boolean; lookup?: LookupAll },
): Promise<{ ok: true } | { ok: false; message: string }> {
  if (options.allowPrivateTargets) return { ok: true };
  let host: string;
  try {
    host = hostOf(hostOrUrl);
  } catch {
    return { ok: false, message: 'This target is not a valid address.' };
  }
  let addresses: string[];
  try {
    addresses = isIP(host) ? [host] : await (options.lookup ?? systemLookup)(host);
  } catch {
    return { ok: true };
  }
  for (const address of addresses) {
    const cls = classifyAddress(address);
    if (cls === 'public') continue;
    const what = host === address ? 'This target is' : 'This target resolves to';
    return {
      ok: false,
      message: `${what} ${DESCRIPTION[cls]} (${address}); monitoring private networks is not allowed.`,
    };
  }
  return { ok: true };
}

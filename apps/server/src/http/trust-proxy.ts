import type { FastifyServerOptions } from 'fastify';
import type { TrustProxy } from '../config';

/**
 * Fastify's trustProxy for our setting. A hop count becomes a function: Fastify (and proxy-addr)
 * then walk X-Forwarded-For from the right, believing only the entries our own proxies appended,
 * so the address taken is the one the outermost trusted proxy saw. (Fastify treats a bare number
 * as "trust nothing", and `true` would take the left-most entry, which the client writes.)
 */
export function trustProxyOption(setting: TrustProxy): FastifyServerOptions['trustProxy'] {
  if (setting === false) return false;
  if ('hops' in setting) {
    const { hops } = setting;
    return (_address: string, hop: number) => hop < hops;
  }
  return setting.addresses;
}

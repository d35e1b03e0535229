import type { ProtocolType } from '@paydar/contracts/monitors-options';
import { PROTOCOL_LABELS } from '@paydar/contracts/monitors-options';
import type { FirstScreenMonitor, FirstScreenProfile } from './first-screen-markup';

/**
 * Reads the list call's and the profile call's answers for the first screen without zod (which the
 * page's first chunk must not carry): the wire item as `monitorSummary` reads it (@paydar/contracts
 * monitor-summary.ts; first-screen-data.test holds the two together). Anything unexpected gives
 * null, and the first screen is not drawn: the app, with its schemas, then reads the same answer
 * and reports what is wrong.
 */

type Wire = Record<string, unknown>;

const isObject = (value: unknown): value is Wire => typeof value === 'object' && value !== null;
const optional = (value: unknown, type: 'string' | 'number') => value === undefined || typeof value === type;
/** Left out when false (the wire's rule); true when present. */
const flag = (value: unknown): boolean | null => (value === undefined ? false : value === true ? true : null);
const isProtocol = (value: unknown): value is ProtocolType =>
  typeof value === 'string' && Object.hasOwn(PROTOCOL_LABELS, value);

/** One list item off the wire, or null when it is not one. */
export function readWireMonitor(wire: unknown): FirstScreenMonitor | null {
  if (!isObject(wire) || !Number.isInteger(wire.id) || !isProtocol(wire.protocol_type)) return null;
  const texts = [wire.url, wire.host, wire.alias, wire.last_status];
  if (!texts.every((text) => optional(text, 'string'))) return null;
  if (!optional(wire.last_status_code, 'number')) return null;
  const [enabled, flapping, slow] = [flag(wire.is_enabled), flag(wire.is_flapping), flag(wire.is_slow)];
  if (enabled === null || flapping === null || slow === null) return null;
  return {
    id: wire.id as number,
    protocol_type: wire.protocol_type,
    url: (wire.url as string | undefined) ?? null,
    host: (wire.host as string | undefined) ?? null,
    alias: (wire.alias as string | undefined) ?? null,
    is_enabled: enabled,
    last_status_code: (wire.last_status_code as number | undefined) ?? null,
    last_status: (wire.last_status as string | undefined) ?? null,
    is_flapping: flapping,
    is_slow: slow,
  };
}

/** The list page's first `count` items (the others are not drawn, so not read), or null. */
export function readMonitorPage(
  page: unknown,
  count: number,
): { total: number; monitors: FirstScreenMonitor[] } | null {
  if (!isObject(page) || !Array.isArray(page.results)) return null;
  const monitors: FirstScreenMonitor[] = [];
  for (const wire of page.results.slice(0, count)) {
    const monitor = readWireMonitor(wire);
    if (!monitor) return null;
    monitors.push(monitor);
  }
  return { total: page.results.length, monitors };
}

/**
 * The header's fields of a verified user's profile, or null: an unverified user is sent to
 * /verify_email by the app (spec §4), so no list is drawn for them.
 */
export function readProfile(profile: unknown): FirstScreenProfile | null {
  if (!isObject(profile) || profile.is_verified !== true) return null;
  const { email, charged_budget, is_demo } = profile;
  if (typeof email !== 'string' || !Number.isFinite(charged_budget) || typeof is_demo !== 'boolean') return null;
  return { email, charged_budget: charged_budget as number, is_demo };
}

import type { Prober } from '@paydar/contracts/monitors';
import type { Caller, ServiceContext } from '../../context';
import { generateSecret, hashSecret } from '../accounts/secrets';
import { type HealthCounts, HOUR_MS, proberHealthSince } from './prober-health.repository';
import { findBuiltinProber, insertProber, listProbers, type ProberRow } from './probers.repository';

/** A prober that has not called in for this long is shown as inactive. */
export const PROBER_ACTIVE_WITHIN_MS = 2 * 60 * 1000;

export function presentProber(
  row: ProberRow,
  now: Date,
  health: { since: Date; counts: HealthCounts | undefined },
): Prober {
  const recentlySeen = row.lastSeenAt !== null && now.getTime() - row.lastSeenAt.getTime() < PROBER_ACTIVE_WITHIN_MS;
  return {
    id: row.id,
    name: row.name,
    is_active: !row.disabled && recentlySeen,
    disabled: row.disabled,
    datacenter: { country_code: row.countryCode, name: row.datacenter },
    health: {
      last_seen_at: row.lastSeenAt?.toISOString() ?? null,
      since: health.since.toISOString(),
      checks: health.counts?.checks ?? 0,
      prober_failures: health.counts?.proberFailures ?? 0,
    },
  };
}

/** Every prober a user may pick; the demo account sees its own demo datacenters instead. */
export async function listAllProbers(context: ServiceContext, caller: Pick<Caller, 'isDemo'>): Promise<Prober[]> {
  const now = context.now();
  // Whole hours are counted: from the start of the previous one, so the figure covers 1 to 2 hours.
  const since = new Date((Math.floor(now.getTime() / HOUR_MS) - 1) * HOUR_MS);
  const [rows, health] = await Promise.all([
    listProbers(context.db, { demo: caller.isDemo }),
    proberHealthSince(context.db, since),
  ]);
  return rows.map((row) => presentProber(row, now, { since, counts: health.get(row.id) }));
}

/** Registers a prober and returns its key, shown once: only its hash is kept. */
export async function registerProber(
  context: ServiceContext,
  values: { name: string; countryCode: string; datacenter: string },
): Promise<{ prober: ProberRow; key: string } | undefined> {
  const key = generateSecret();
  const prober = await insertProber(context.db, {
    ...values,
    countryCode: values.countryCode.toUpperCase(),
    keyHash: hashSecret(key),
  });
  return prober ? { prober, key } : undefined;
}

/** The server's own prober, created on first start; it needs no key (it runs in-process). */
export async function ensureBuiltinProber(
  context: ServiceContext,
  values: { name: string; countryCode: string; datacenter: string },
): Promise<ProberRow> {
  const existing = await findBuiltinProber(context.db);
  if (existing) return existing;
  const created = await insertProber(context.db, {
    ...values,
    keyHash: hashSecret(generateSecret()),
    isBuiltin: true,
  });
  const row = created ?? (await findBuiltinProber(context.db));
  if (!row) throw new Error(`could not create the built-in prober: is the name ${values.name} taken?`);
  return row;
}

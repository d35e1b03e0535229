import type { ReportedCertificate } from '@paydar/contracts/certificate';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { monitorCertificates, monitors } from '../../db/schema/index';

/** A certificate one check of a monitor saw (certificate-ingest.ts). */
export interface SeenCertificate {
  monitorId: number;
  /** Which certificate: the SHA-256 fingerprint, or its dates and names from an older agent. */
  key: string;
  host: string;
  certificate: ReportedCertificate;
  /** The check's time, epoch milliseconds. */
  seenAt: number;
  /** Whole days left at `seenAt`. */
  daysLeft: number;
}

export type StoredCertificate = typeof monitorCertificates.$inferSelect;

/**
 * In one statement: replaces each monitor's kept certificate (unless a newer check's is kept),
 * inserts a warning row for every threshold of the monitor's `certificate_expiry_days` the days
 * left have reached, and for each monitor whose insert made a row — the primary key lets only one
 * of two racing batches, or a batch sent again, make it — one `certificate_expiry` event naming
 * the smallest new threshold. A result older than the kept certificate's warns of nothing. Paused monitors keep nothing and are warned of nothing. Returns the
 * events written.
 */
export async function saveSeenCertificates(db: Database, seen: SeenCertificate[]): Promise<number> {
  const rows = JSON.stringify(
    seen.map((item) => ({
      m: item.monitorId,
      k: item.key,
      h: item.host,
      icn: item.certificate.issuer_cn ?? null,
      io: item.certificate.issuer_o ?? null,
      scn: item.certificate.subject_cn ?? null,
      so: item.certificate.subject_o ?? null,
      s: item.certificate.sans ?? [],
      f: item.certificate.fingerprint256 ?? null,
      vf: item.certificate.valid_from,
      vt: item.certificate.valid_to,
      t: item.seenAt,
      d: item.daysLeft,
    })),
  );
  const result = await db.execute(sql`
    WITH input AS (
      SELECT i.* FROM json_to_recordset(${rows}::json)
        AS i(m int, k text, h text, icn text, io text, scn text, so text, s jsonb, f text, vf timestamptz,
          vt timestamptz, t float8, d int)
      JOIN monitors ON monitors.id = i.m AND monitors.is_enabled
      ORDER BY i.m),
    kept AS (
      INSERT INTO monitor_certificates AS c (monitor_id, certificate_key, host, issuer_cn, issuer_o, subject_cn,
        subject_o, sans, fingerprint256, valid_from, valid_to, seen_at)
      SELECT m, k, h, icn, io, scn, so, s, f, vf, vt, to_timestamp(t / 1000) FROM input
      ON CONFLICT (monitor_id) DO UPDATE SET certificate_key = excluded.certificate_key, host = excluded.host,
        issuer_cn = excluded.issuer_cn, issuer_o = excluded.issuer_o, subject_cn = excluded.subject_cn,
        subject_o = excluded.subject_o, sans = excluded.sans, fingerprint256 = excluded.fingerprint256,
        valid_from = excluded.valid_from, valid_to = excluded.valid_to, seen_at = excluded.seen_at
      WHERE c.seen_at <= excluded.seen_at),
    warned AS (
      INSERT INTO monitor_certificate_warnings (monitor_id, certificate_key, threshold_days)
      SELECT i.m, i.k, threshold FROM input i
      JOIN monitors ON monitors.id = i.m
      CROSS JOIN LATERAL unnest(monitors.certificate_expiry_days) AS threshold
      WHERE i.d <= threshold
        -- A late result (a prober's buffer sent after an outage) of a certificate since replaced warns of nothing.
        AND NOT EXISTS (SELECT 1 FROM monitor_certificates c WHERE c.monitor_id = i.m AND c.seen_at > to_timestamp(i.t / 1000))
      ORDER BY i.m, threshold
      ON CONFLICT DO NOTHING
      RETURNING monitor_id, certificate_key, threshold_days)
    INSERT INTO monitor_events (monitor_id, kind, at, certificate)
    SELECT i.m, 'certificate_expiry', to_timestamp(i.t / 1000),
      jsonb_build_object('host', i.h, 'validTo', i.vt, 'daysLeft', i.d, 'thresholdDays', w.threshold)
    FROM (SELECT monitor_id, certificate_key, min(threshold_days) AS threshold FROM warned
      GROUP BY monitor_id, certificate_key) w
    JOIN input i ON i.m = w.monitor_id AND i.k = w.certificate_key`);
  return result.rowCount ?? 0;
}

/** The kept certificate of one monitor, or undefined before any HTTPS check reported one. */
export async function readMonitorCertificate(db: Database, monitorId: number): Promise<StoredCertificate | undefined> {
  const [row] = await db.select().from(monitorCertificates).where(eq(monitorCertificates.monitorId, monitorId));
  return row;
}

/**
 * Each of a user's HTTP monitors that has a kept certificate, with its certificate's end — for the
 * Prometheus export (days left = certificateDaysLeft(validTo, now)).
 */
export async function readUserCertificateEnds(
  db: Database,
  userId: number,
  monitorIds?: number[],
): Promise<Array<{ monitorId: number; host: string; validTo: Date }>> {
  return db
    .select({
      monitorId: monitorCertificates.monitorId,
      host: monitorCertificates.host,
      validTo: monitorCertificates.validTo,
    })
    .from(monitorCertificates)
    .innerJoin(monitors, eq(monitors.id, monitorCertificates.monitorId))
    .where(
      monitorIds ? and(eq(monitors.userId, userId), inArray(monitors.id, monitorIds)) : eq(monitors.userId, userId),
    )
    .orderBy(monitorCertificates.monitorId);
}

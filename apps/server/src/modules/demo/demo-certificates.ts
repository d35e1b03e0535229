import { createHash } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { monitorCertificates } from '../../db/schema/index';
import type { DemoMonitor } from './demo-history';
import { seedOf } from './demo-random';

/**
 * The TLS certificates the demo's HTTPS monitors show (issue 17, the tour): Let's Encrypt's shape,
 * 90-day certificates renewed 30 days before they end, each monitor's renewals on days of its own.
 * Like everything the demo makes, a certificate is a function of the time alone, so any split of
 * writes keeps the same one. Written straight to the kept certificate (no warning rows, no
 * events): the demo never has anything to send.
 */

const DAY = 86_400_000;
const LIFETIME_DAYS = 90;
const RENEW_EVERY_DAYS = 60;

export interface DemoCertificate {
  host: string;
  validFrom: number;
  validTo: number;
  fingerprint256: string;
}

/** The certificate an HTTPS demo monitor serves at `at`; null for the others. */
export function demoCertificateAt(monitor: DemoMonitor, at: number): DemoCertificate | null {
  const url = monitor.spec.url;
  if (!url?.startsWith('https://')) return null;
  const period = RENEW_EVERY_DAYS * DAY;
  const offset = (seedOf(monitor.spec.key) % RENEW_EVERY_DAYS) * DAY;
  const validFrom = Math.floor((at - offset) / period) * period + offset;
  const digest = createHash('sha256').update(`${monitor.spec.key}:${validFrom}`).digest('hex').toUpperCase();
  return {
    host: new URL(url).hostname,
    validFrom,
    validTo: validFrom + LIFETIME_DAYS * DAY,
    fingerprint256: digest.match(/../g)?.join(':') ?? digest,
  };
}

/** Keeps each HTTPS demo monitor's certificate as of `at`, unless one seen later is kept. */
export async function keepDemoCertificates(db: Database, monitors: readonly DemoMonitor[], at: number): Promise<void> {
  for (const monitor of monitors) {
    const certificate = demoCertificateAt(monitor, at);
    if (!certificate) continue;
    const row = {
      monitorId: monitor.id,
      certificateKey: `sha256:${certificate.fingerprint256}`,
      host: certificate.host,
      issuerCn: 'R11',
      issuerO: "Let's Encrypt",
      subjectCn: certificate.host,
      subjectO: null,
      sans: [`DNS:${certificate.host}`, `DNS:www.${certificate.host}`],
      fingerprint256: certificate.fingerprint256,
      validFrom: new Date(certificate.validFrom),
      validTo: new Date(certificate.validTo),
      seenAt: new Date(at),
    };
    const { monitorId: _monitorId, ...update } = row;
    await db
      .insert(monitorCertificates)
      .values(row)
      .onConflictDoUpdate({
        target: monitorCertificates.monitorId,
        set: update,
        setWhere: sql`${monitorCertificates.seenAt} <= excluded.seen_at`,
      });
  }
}

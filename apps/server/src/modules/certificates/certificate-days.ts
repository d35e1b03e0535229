import { certificateDaysLeft } from '@paydar/domain/certificate-expiry';
import type { Database } from '../../db/client';
import { readUserCertificateEnds } from './certificates.repository';

/** One monitor's certificate as a gauge reads it. */
export interface CertificateDaysLeft {
  monitorId: number;
  host: string;
  /** Whole days until the kept certificate's valid-to at `now`; negative once expired. */
  daysLeft: number;
}

/**
 * Days left of each of the user's monitors' latest certificates (those an HTTPS check has
 * reported), by monitor id — for the Prometheus export's certificate gauge (issue 17, item 5).
 * `monitorIds` narrows it to those monitors (still only the user's).
 */
export async function certificateDaysLeftByMonitor(
  db: Database,
  userId: number,
  now: Date,
  monitorIds?: number[],
): Promise<CertificateDaysLeft[]> {
  const ends = await readUserCertificateEnds(db, userId, monitorIds);
  return ends.map((end) => ({
    monitorId: end.monitorId,
    host: end.host,
    daysLeft: certificateDaysLeft(end.validTo, now),
  }));
}

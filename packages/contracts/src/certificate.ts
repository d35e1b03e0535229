import { z } from 'zod';

/**
 * TLS certificate expiry (issue 17, item 2). An HTTPS check reports the peer certificate of its
 * final hop in `extra_info.tls`; the server keeps the latest one per monitor and warns, once per
 * threshold and certificate, when fewer days than a threshold are left. The bounds here are the
 * check's, the server's and the form's alike.
 */
export const CERTIFICATE_LIMITS = {
  /** Subject alternative names a check reports (a CDN certificate may list hundreds). */
  sans: 50,
  /** Characters of one name (issuer, subject, a SAN). */
  nameLength: 256,
  /** Thresholds per monitor. */
  thresholds: 6,
  /** Days a threshold may be. */
  days: { min: 1, max: 365 },
} as const;

/** The thresholds a monitor warns at unless it says otherwise: 30, 14, 7 and 1 days before expiry. */
export const DEFAULT_CERTIFICATE_EXPIRY_DAYS = [30, 14, 7, 1] as const;

const dayMessage = `Enter whole numbers of days from ${CERTIFICATE_LIMITS.days.min} to ${CERTIFICATE_LIMITS.days.max}.`;

/**
 * A monitor's `certificate_expiry_days`: up to six distinct day counts (the server keeps them
 * largest first). An empty list warns never. Only HTTPS monitors use it; others keep it unused.
 */
export const certificateExpiryDays = z
  .array(
    z
      .number({ message: dayMessage })
      .int({ message: dayMessage })
      .min(CERTIFICATE_LIMITS.days.min, { message: dayMessage })
      .max(CERTIFICATE_LIMITS.days.max, { message: dayMessage }),
    { message: dayMessage },
  )
  .max(CERTIFICATE_LIMITS.thresholds, { message: `Choose at most ${CERTIFICATE_LIMITS.thresholds} thresholds.` })
  .refine((days) => new Set(days).size === days.length, { message: 'Each threshold may appear once.' })
  .meta({
    description:
      'Days before the TLS certificate expires at which an HTTPS monitor warns its alert channels, once each per certificate. `[]`: never.',
  });

/**
 * The certificate as a check reports it in `extra_info.tls` (older agents send no `sans`,
 * `fingerprint256`, `serial` or `subject_o`). Read leniently by the server: what does not parse
 * is ignored, never a refused result.
 */
export const reportedCertificate = z.object({
  valid_from: z.iso.datetime().nullable(),
  valid_to: z.iso.datetime(),
  issuer_cn: z.string().nullable().optional(),
  issuer_o: z.string().nullable().optional(),
  subject_cn: z.string().nullable().optional(),
  subject_o: z.string().nullable().optional(),
  sans: z.array(z.string()).max(CERTIFICATE_LIMITS.sans).optional(),
  fingerprint256: z.string().max(128).nullable().optional(),
  serial: z.string().max(128).nullable().optional(),
});
export type ReportedCertificate = z.infer<typeof reportedCertificate>;

/** The latest certificate of an HTTPS monitor, as the monitor's detail shows it. */
export const monitorCertificate = z
  .object({
    host: z.string().describe('The host name the certificate was presented for (the final hop of the check).'),
    issuer: z.string().nullable().describe("The issuer's common name, or its organization when it has none."),
    issuer_organization: z.string().nullable(),
    subject: z.string().nullable().describe("The subject's common name."),
    subject_organization: z.string().nullable(),
    sans: z.array(z.string()).describe('Subject alternative names (DNS: and IP Address: entries), at most 50.'),
    fingerprint256: z.string().nullable(),
    valid_from: z.string().nullable(),
    valid_to: z.string(),
    days_left: z.number().int().describe('Whole days until valid_to (negative once expired).'),
    seen_at: z.string().describe('When a check last reported this certificate.'),
  })
  .meta({ description: 'The TLS certificate the latest HTTPS check saw; null until one has.' });
export type MonitorCertificate = z.infer<typeof monitorCertificate>;

/** What a `certificate_expiry` alert says: kept with the event, then in the notification's facts. */
export interface CertificateWarningFacts {
  host: string;
  /** ISO 8601. */
  validTo: string;
  /** Whole days left when the check saw it (negative: expired that many days ago). */
  daysLeft: number;
  /** The threshold crossed (the smallest when several were at once). */
  thresholdDays: number;
}

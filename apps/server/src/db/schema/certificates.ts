import { sql } from 'drizzle-orm';
import { integer, jsonb, pgTable, primaryKey, smallint, text, timestamp } from 'drizzle-orm/pg-core';
import { monitors } from './monitors';

/**
 * The latest TLS certificate an HTTPS monitor's checks saw (issue 17, item 2): one row per
 * monitor, replaced by a newer check's — raw records keep theirs in extra_info, this is what the
 * detail, badges and expiry warnings read.
 */
export const monitorCertificates = pgTable('monitor_certificates', {
  monitorId: integer('monitor_id')
    .primaryKey()
    .references(() => monitors.id, { onDelete: 'cascade' }),
  /** Which certificate this is: its SHA-256 fingerprint, or (older agents) its dates and names. */
  certificateKey: text('certificate_key').notNull(),
  /** The host of the final hop the certificate was presented for. */
  host: text('host').notNull(),
  issuerCn: text('issuer_cn'),
  issuerO: text('issuer_o'),
  subjectCn: text('subject_cn'),
  subjectO: text('subject_o'),
  sans: jsonb('sans').$type<string[]>().notNull().default([]),
  fingerprint256: text('fingerprint256'),
  validFrom: timestamp('valid_from', { withTimezone: true }),
  validTo: timestamp('valid_to', { withTimezone: true }).notNull(),
  /** The time of the check that reported it: an older result sent late does not replace it. */
  seenAt: timestamp('seen_at', { withTimezone: true }).notNull(),
});

/**
 * The expiry thresholds already warned of, per monitor and certificate: the primary key is what
 * makes a warning happen once — two replicas ingesting at once, a batch sent again, a restart all
 * find the row. A renewed certificate has another key, so its thresholds warn again.
 */
export const monitorCertificateWarnings = pgTable(
  'monitor_certificate_warnings',
  {
    monitorId: integer('monitor_id')
      .notNull()
      .references(() => monitors.id, { onDelete: 'cascade' }),
    certificateKey: text('certificate_key').notNull(),
    thresholdDays: smallint('threshold_days').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().default(sql`now()`),
  },
  (table) => [primaryKey({ columns: [table.monitorId, table.certificateKey, table.thresholdDays] })],
);

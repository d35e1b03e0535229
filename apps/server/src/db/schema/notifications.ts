import { ALERT_CHANNEL_KEYS, type AlertChannelKey, MESSENGER_CHANNEL_TYPES } from '@paydar/contracts/alert-channels';
import type { AlertKind } from '@paydar/contracts/alert-events';
import type { Calendar } from '@paydar/contracts/calendars';
import type { CertificateWarningFacts } from '@paydar/contracts/certificate';
import { NOTIFICATION_TYPES } from '@paydar/contracts/notifications';
import { sql } from 'drizzle-orm';
import { boolean, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { monitorEvents, monitors } from './monitors';
import { users } from './users';

/** What an alert says, fixed when it is dispatched so a later edit or removal of the monitor cannot change it. */
export interface AlertFacts {
  kind: AlertKind;
  /** When the event happened (ISO). */
  at: string;
  monitor: { id: number; name: string; protocolType: string; url: string | null; host: string | null };
  /** The downtime: its start, and on recovery its end. */
  downtime: { fromTime: string; toTime: string | null } | null;
  /** Why, when known: a status code, a check error, a timing. */
  reason: string | null;
  /**
   * The owner's IANA time zone when dispatched: messages give the time in it. Missing on rows
   * written before issue 14; those read in UTC.
   */
  timeZone?: string;
  /** The owner's calendar when dispatched (issue 15); missing on older rows, which read Gregorian. */
  calendar?: Calendar;
  /** A `certificate_expiry` alert's certificate: host, valid-to, days left, threshold (issue 17). */
  certificate?: CertificateWarningFacts;
}

/** A channel test (kind `test`) is about no monitor: its facts carry this empty one. */
export const NO_MONITOR: AlertFacts['monitor'] = { id: 0, name: '', protocolType: '', url: null, host: null };

/**
 * One alert to one channel for one monitor transition: the notification history, and the
 * delivery's record. Unique per (event, type, recipient), so an event dispatched twice (a retry,
 * a second worker) makes no second alert. The monitor's address is kept as it was, so the
 * history still reads after the monitor is removed.
 */
export const notifications = pgTable(
  'notifications',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    monitorId: integer('monitor_id').references(() => monitors.id, { onDelete: 'set null' }),
    monitorUrl: text('monitor_url'),
    monitorHost: text('monitor_host'),
    eventId: integer('event_id').references(() => monitorEvents.id, { onDelete: 'set null' }),
    notificationType: text('notification_type', { enum: NOTIFICATION_TYPES }).notNull(),
    recipient: text('recipient').notNull(),
    /** pending → sending → sent or failed. */
    state: text('state', { enum: ['pending', 'sending', 'sent', 'failed'] })
      .notNull()
      .default('pending'),
    isSent: boolean('is_sent').notNull().default(false),
    publicMessage: text('public_message').notNull().default(''),
    attempts: integer('attempts').notNull().default(0),
    facts: jsonb('facts').$type<AlertFacts>(),
    /** A pending notification is due from this time (later after a retryable failure). */
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    /** When the current send began: a row left 'sending' long after this was interrupted. */
    claimedAt: timestamp('claimed_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
  },
  (table) => [
    uniqueIndex('notifications_once_per_event_channel').on(table.eventId, table.notificationType, table.recipient),
    index('notifications_user_created_idx').on(table.userId, table.createdAt, table.id),
    index('notifications_unfinished_idx').on(table.nextAttemptAt).where(sql`state IN ('pending', 'sending')`),
    // One channel test at a time per channel: a second click while the first is out finds it taken.
    uniqueIndex('notifications_one_test_in_flight')
      .on(table.userId, table.notificationType, table.recipient)
      .where(sql`event_id IS NULL AND facts->>'kind' = 'test' AND state IN ('pending', 'sending')`),
  ],
);

export const alertChannelKeys = Object.values(ALERT_CHANNEL_KEYS) as [AlertChannelKey, ...AlertChannelKey[]];

/**
 * A pending proof of a channel: an SMS code for a phone, a mailed link's token for an email, the
 * bot link's start token for Telegram. Only a SHA-256 of the secret is kept; a new one replaces
 * the old; few tries, then it is spent.
 */
export const alertChannelVerifications = pgTable(
  'alert_channel_verifications',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    channelKey: text('channel_key', { enum: alertChannelKeys }).notNull(),
    value: text('value').notNull(),
    secretHash: text('secret_hash').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    /** Wrong codes entered so far. */
    failedAttempts: integer('failed_attempts').notNull().default(0),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('alert_channel_verifications_secret_unique').on(table.secretHash),
    index('alert_channel_verifications_channel_idx').on(table.userId, table.channelKey, table.value),
  ],
);

/**
 * The Telegram or Bale chat a verified username's alerts go to; removed when the user sends /stop
 * or blocks the bot. Bale's Bot API follows Telegram's, so both messengers share this table.
 */
export const telegramChats = pgTable(
  'telegram_chats',
  {
    messenger: text('messenger', { enum: MESSENGER_CHANNEL_TYPES }).notNull().default('telegram'),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** As stored in the profile: '@' and lower case. */
    username: text('username').notNull(),
    chatId: text('chat_id').notNull(),
    linkedAt: timestamp('linked_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('telegram_chats_user_username_unique').on(table.messenger, table.userId, table.username),
    index('telegram_chats_chat_idx').on(table.messenger, table.chatId),
  ],
);

/** Where the one Telegram update poller (across replicas) continues: the next getUpdates offset. */
export const telegramPollState = pgTable('telegram_poll_state', {
  botId: text('bot_id').primaryKey(),
  nextOffset: text('next_offset').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

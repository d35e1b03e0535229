import { z } from 'zod';
import { NOTIFICATION_TYPES, type NotificationType } from './notifications';

/**
 * When a monitor's transitions are told to its channels (issue 14): the per-monitor alert rules,
 * their bounds and defaults, shared by the server (validation, the API document) and the form.
 * Ingest decides what is true (down, up); these rules decide what is said about it.
 */

export const ALERT_AFTER_UNITS = ['checks', 'minutes'] as const;
export type AlertAfterUnit = (typeof ALERT_AFTER_UNITS)[number];

/** Channel kinds a recovery may go to. A voice call is never one: it rings for `down` only. */
/** Every way of alerting but the voice call, which rings only when a monitor goes down. */
export const RECOVERY_CHANNEL_KINDS = NOTIFICATION_TYPES.filter(
  (type): type is Exclude<NotificationType, 'call'> => type !== 'call',
) as [Exclude<NotificationType, 'call'>, ...Array<Exclude<NotificationType, 'call'>>];
export type RecoveryChannelKind = (typeof RECOVERY_CHANNEL_KINDS)[number];

/** The bounds of each field, shown beside it in the form. */
export const ALERT_RULE_LIMITS = {
  alertAfterChecks: { min: 1, max: 100 },
  alertAfterMinutes: { min: 1, max: 1440 },
  remindEveryMinutes: { min: 5, max: 1440 },
  remindLimit: { min: 1, max: 50 },
  recoveryAfterMinutes: { min: 0, max: 60 },
  flapChanges: { min: 2, max: 100 },
  flapWindowMinutes: { min: 5, max: 1440 },
} as const;

const whole = (bounds: { min: number; max: number }, what: string) =>
  z
    .number({ message: `Enter a whole number of ${what}.` })
    .int({ message: `Enter a whole number of ${what}.` })
    .min(bounds.min, { message: `At least ${bounds.min} ${what}.` })
    .max(bounds.max, { message: `At most ${bounds.max.toLocaleString('en-US')} ${what}.` });

export const alertAfter = z
  .strictObject({
    count: z
      .number({ message: 'Enter a whole number.' })
      .int({ message: 'Enter a whole number.' })
      .min(1, { message: 'At least 1.' })
      .max(ALERT_RULE_LIMITS.alertAfterMinutes.max, {
        message: `At most ${ALERT_RULE_LIMITS.alertAfterMinutes.max.toLocaleString('en-US')}.`,
      }),
    unit: z.enum(ALERT_AFTER_UNITS),
  })
  .superRefine((value, context) => {
    const bounds = value.unit === 'checks' ? ALERT_RULE_LIMITS.alertAfterChecks : ALERT_RULE_LIMITS.alertAfterMinutes;
    if (value.count > bounds.max) {
      context.addIssue({ code: 'custom', path: ['count'], message: `At most ${bounds.max} ${value.unit}.` });
    }
  })
  .meta({
    description:
      'Tell the channels of a downtime only once it has lasted this long: `count` checks (the confirmed failing check and count−1 check periods after it) or `count` minutes from its start (1–100 checks, 1–1,440 minutes). A downtime that ends before is never told (no down, no up).',
  });

const DEFAULTS = {
  alert_after: { count: 1, unit: 'checks' as AlertAfterUnit },
  remind_every_minutes: null,
  remind_limit: 10,
  notify_recovery: true,
  recovery_channels: [...RECOVERY_CHANNEL_KINDS] as RecoveryChannelKind[],
  recovery_after_minutes: 0,
  flap_changes: 4,
  flap_window_minutes: 20,
};

/** The rules as stored and answered: every field present. */
export const alertRules = z
  .strictObject({
    alert_after: alertAfter.default(DEFAULTS.alert_after),
    remind_every_minutes: whole(ALERT_RULE_LIMITS.remindEveryMinutes, 'minutes')
      .nullable()
      .default(DEFAULTS.remind_every_minutes)
      .meta({ description: 'While a told downtime lasts, a reminder every this many minutes; null: no reminders.' }),
    remind_limit: whole(ALERT_RULE_LIMITS.remindLimit, 'reminders')
      .default(DEFAULTS.remind_limit)
      .meta({ description: 'At most this many reminders per downtime.' }),
    notify_recovery: z
      .boolean()
      .default(DEFAULTS.notify_recovery)
      .meta({ description: 'Tell the recovery (`up`) of a downtime that was told.' }),
    recovery_channels: z
      .array(z.enum(RECOVERY_CHANNEL_KINDS))
      .max(RECOVERY_CHANNEL_KINDS.length)
      .default(DEFAULTS.recovery_channels)
      .meta({ description: 'The kinds of the monitor’s channels that get the recovery; a voice call never does.' }),
    recovery_after_minutes: whole(ALERT_RULE_LIMITS.recoveryAfterMinutes, 'minutes')
      .default(DEFAULTS.recovery_after_minutes)
      .meta({
        description:
          'The recovery is told once the monitor has stayed up this long; going down again before means no up and no new down is sent.',
      }),
    flap_changes: whole(ALERT_RULE_LIMITS.flapChanges, 'changes').nullable().default(DEFAULTS.flap_changes).meta({
      description:
        'More than this many down/up changes within `flap_window_minutes` make the monitor flapping: one `flapping` alert, then silence until it has been stable for the window. Null: no flap damping.',
    }),
    flap_window_minutes: whole(ALERT_RULE_LIMITS.flapWindowMinutes, 'minutes')
      .default(DEFAULTS.flap_window_minutes)
      .meta({ description: 'The window flapping is counted in, and how long it must stay stable to stop.' }),
  })
  .meta({
    description:
      'When this monitor’s downtimes are told to its channels (issue 14). Absent fields take their defaults.',
  });
export type AlertRules = z.output<typeof alertRules>;
export type AlertRulesInput = z.input<typeof alertRules>;

/** The rules of a monitor that was given none. */
export const DEFAULT_ALERT_RULES: AlertRules = alertRules.parse({});

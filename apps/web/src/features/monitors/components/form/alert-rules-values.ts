import type { AlertChannels } from '@paydar/contracts/accounts';
import { type AlertRules, alertRules } from '@paydar/contracts/alert-rules';
import { parseAlertChannelKey } from './monitor-form-values';

/**
 * The alert rules section's pure parts (issue 14): its errors by form path, the one-line summary
 * shown while it is folded, and the line that says where a monitor's alerts go.
 */

/** Each broken rule's message under its field ('alert_rules.remind_limit' → 'At most 50 reminders.'). */
export function alertRuleErrors(rules: AlertRules): Record<string, string> {
  const parsed = alertRules.safeParse(rules);
  if (parsed.success) return {};
  const errors: Record<string, string> = {};
  for (const issue of parsed.error.issues) {
    const path = ['alert_rules', ...issue.path.map(String)].join('.');
    errors[path] ??= issue.message;
  }
  return errors;
}

const plural = (count: number, unit: string) => `${count} ${unit}${count === 1 ? '' : 's'}`;

/** What the rules do, in a few words: 'Alert at once · recovery at once · flap damping on'. */
export function alertRulesSummary(rules: AlertRules): string {
  const { count, unit } = rules.alert_after;
  const parts = [
    unit === 'checks' && count === 1
      ? 'Alert at once'
      : `Alert after ${plural(Number(count), unit === 'checks' ? 'check' : 'minute')}`,
  ];
  if (rules.remind_every_minutes) parts.push(`remind every ${rules.remind_every_minutes} min`);
  const recovery =
    Number(rules.recovery_after_minutes) === 0
      ? 'recovery at once'
      : `recovery after ${rules.recovery_after_minutes} min`;
  parts.push(rules.notify_recovery ? recovery : 'no recovery alert');
  parts.push(rules.flap_changes === null ? 'flap damping off' : 'flap damping on');
  return parts.join(' · ');
}

/** Where the monitor's alerts go, in one short line under the channel list. */
export function alertDestinationText(
  alert: string[],
  options: { alertDefault: boolean; loginEmail: string | null; channels?: AlertChannels },
): string {
  const parsed = alert.flatMap((key) => {
    const channel = parseAlertChannelKey(key);
    return channel ? [channel] : [];
  });
  // Dispatch skips a channel that is not verified, so the line names only the verified ones.
  const chosen = parsed
    .filter(
      (channel) =>
        !options.channels ||
        options.channels[channel.type].some((entry) => entry.value === channel.value && entry.is_verified),
    )
    .map((channel) => channel.value);
  if (!parsed.length && options.alertDefault && options.loginEmail) return `Alerts go to ${options.loginEmail}.`;
  if (!parsed.length) return 'No alert channel chosen: this monitor will alert no one.';
  if (!chosen.length) return 'None of the chosen channels is verified yet: this monitor will alert no one.';
  const shown = chosen.slice(0, 2).join(', ');
  return chosen.length > 2 ? `Alerts go to ${shown} and ${chosen.length - 2} more.` : `Alerts go to ${shown}.`;
}

import type { AlertChannels } from '@paydar/contracts/accounts';
import {
  ALERT_CHANNEL_KEYS,
  CHAT_WEBHOOK_NAMES,
  channelTypeOfKey,
  channelValueProblem,
  normalizeChannelValue,
} from '@paydar/contracts/alert-channels';

type ChannelInput = { [K in keyof AlertChannels]: Array<{ value: string; is_verified?: boolean }> };

const keysOf = (input: ChannelInput) => Object.keys(input) as Array<keyof AlertChannels>;

/**
 * What a profile PUT stores: values normalized (normalizeChannelValue), duplicates after
 * normalizing dropped (first one kept). The client cannot mark a channel verified: an entry is
 * verified only if the same value was verified before.
 */
export function mergeAlertChannels(current: AlertChannels, input: ChannelInput): AlertChannels {
  const merged = {} as AlertChannels;
  for (const key of keysOf(input)) {
    const type = channelTypeOfKey(key);
    const verified = new Set(
      current[key].filter((entry) => entry.is_verified).map((entry) => normalizeChannelValue(type, entry.value)),
    );
    const seen = new Set<string>();
    merged[key] = [];
    for (const entry of input[key]) {
      const value = normalizeChannelValue(type, entry.value);
      if (seen.has(value)) continue;
      seen.add(value);
      merged[key].push({ value, is_verified: verified.has(value) });
    }
  }
  return merged;
}

/** `{'alert_channels.phones.0.value': [message]}` for every value that cannot be a channel of its type. */
export function findChannelValueProblems(input: ChannelInput): Record<string, string[]> {
  const problems: Record<string, string[]> = {};
  for (const key of keysOf(input)) {
    input[key].forEach((entry, index) => {
      const problem = channelValueProblem(channelTypeOfKey(key), entry.value);
      if (problem) problems[`alert_channels.${key}.${index}.value`] = [problem];
    });
  }
  return problems;
}

/**
 * `{'alert_channels.slack_webhooks.0.value': [message]}` for Slack and Discord addresses on another
 * origin than the service's own (config: SLACK_WEBHOOK_ORIGINS, DISCORD_WEBHOOK_ORIGINS), so an
 * address that only looks like Slack's is refused when saved, not when an alert is due.
 */
export function findChatOriginProblems(
  input: ChannelInput,
  origins: { slack: readonly string[]; discord: readonly string[] },
): Record<string, string[]> {
  const problems: Record<string, string[]> = {};
  for (const type of ['slack', 'discord'] as const) {
    const key = ALERT_CHANNEL_KEYS[type];
    input[key].forEach((entry, index) => {
      const value = normalizeChannelValue(type, entry.value);
      if (!URL.canParse(value) || origins[type].includes(new URL(value).origin)) return;
      problems[`alert_channels.${key}.${index}.value`] = [
        `${CHAT_WEBHOOK_NAMES[type]} webhook addresses start with ${origins[type].join(' or ')}.`,
      ];
    });
  }
  return problems;
}

// PostgreSQL's jsonb refuses NUL and unpaired UTF-16 surrogates; they would otherwise fail the write with a 500.
const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

/** The field name (`alert_channels.phones.0.value`) of the first value the database cannot store, if any. */
export function findUnstorableValue(input: ChannelInput): string | undefined {
  for (const type of keysOf(input)) {
    const index = input[type].findIndex((entry) => entry.value.includes('\u0000') || LONE_SURROGATE.test(entry.value));
    if (index >= 0) return `alert_channels.${type}.${index}.value`;
  }
  return undefined;
}

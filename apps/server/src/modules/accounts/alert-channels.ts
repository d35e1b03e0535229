import type { AlertChannels } from '@paydar/contracts/accounts';

type ChannelInput = { [K in keyof AlertChannels]: Array<{ value: string; is_verified?: boolean }> };

/**
 * The client cannot mark a channel verified: an entry is verified only if the same value
 * was verified before. Duplicates within a type are dropped, first one kept.
 */
export function mergeAlertChannels(current: AlertChannels, input: ChannelInput): AlertChannels {
  const merged = {} as AlertChannels;
  for (const type of Object.keys(input) as Array<keyof AlertChannels>) {
    const verified = new Set(current[type].filter((entry) => entry.is_verified).map((entry) => entry.value));
    const seen = new Set<string>();
    merged[type] = [];
    for (const entry of input[type]) {
      if (seen.has(entry.value)) continue;
      seen.add(entry.value);
      merged[type].push({ value: entry.value, is_verified: verified.has(entry.value) });
    }
  }
  return merged;
}

// PostgreSQL's jsonb refuses NUL and unpaired UTF-16 surrogates; they would otherwise fail the write with a 500.
const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

/** The field name (`alert_channels.phones.0.value`) of the first value the database cannot store, if any. */
export function findUnstorableValue(input: ChannelInput): string | undefined {
  for (const type of Object.keys(input) as Array<keyof AlertChannels>) {
    const index = input[type].findIndex((entry) => entry.value.includes('\u0000') || LONE_SURROGATE.test(entry.value));
    if (index >= 0) return `alert_channels.${type}.${index}.value`;
  }
  return undefined;
}

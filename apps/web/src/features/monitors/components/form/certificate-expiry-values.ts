import { certificateExpiryDays, DEFAULT_CERTIFICATE_EXPIRY_DAYS } from '@paydar/contracts/certificate';

/**
 * The form's part for certificate expiry warnings (issue 17): the thresholds as the tags the
 * field holds (text, as typed), the API's `certificate_expiry_days` from them, and their message.
 */

export const defaultCertificateExpiryValues = (): string[] => DEFAULT_CERTIFICATE_EXPIRY_DAYS.map(String);

export const certificateExpiryValuesOf = (days: readonly number[] | undefined): string[] =>
  (days ?? DEFAULT_CERTIFICATE_EXPIRY_DAYS).map(String);

/** The API's list, largest first; an entry that is not a number stays NaN for the check to name. */
export const certificateExpiryInputOf = (tags: readonly string[]): number[] =>
  tags.map((tag) => (/^\s*\d+\s*$/.test(tag) ? Number(tag) : Number.NaN)).sort((a, b) => b - a);

/** Whether the target is an HTTPS address: only those have a certificate to warn of. */
export const isHttpsTarget = (protocol: string, target: string) =>
  protocol === 'HTTP' && /^\s*https:\/\//i.test(target);

/** The field's message by form path (`certificate_expiry_days`); empty when it may be saved. */
export function certificateExpiryErrors(tags: readonly string[]): Record<string, string> {
  const parsed = certificateExpiryDays.safeParse(certificateExpiryInputOf(tags));
  return parsed.success ? {} : { certificate_expiry_days: parsed.error.issues[0]?.message ?? 'Check the thresholds.' };
}

/** The tags largest first; entries that are not whole numbers after them, in the order typed. */
export function sortedThresholds(tags: readonly string[]): string[] {
  const whole = (tag: string) => /^\s*\d+\s*$/.test(tag);
  return [...tags.filter(whole).sort((a, b) => Number(b) - Number(a)), ...tags.filter((tag) => !whole(tag))];
}

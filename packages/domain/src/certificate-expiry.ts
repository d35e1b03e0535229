/**
 * Certificate expiry (issue 17, item 2): how many days a certificate has left, and which of a
 * monitor's thresholds that crosses. Pure, `now` passed in.
 */

const DAY_MS = 24 * 60 * 60 * 1000;

/** Whole days from `now` until `validTo`, rounded down: 6 days 23 hours is 6; negative once expired. */
export function certificateDaysLeft(validTo: Date | string | number, now: Date | number): number {
  const end = validTo instanceof Date ? validTo.getTime() : typeof validTo === 'string' ? Date.parse(validTo) : validTo;
  const at = typeof now === 'number' ? now : now.getTime();
  return Math.floor((end - at) / DAY_MS);
}

/** Whether the days left are under the smallest threshold (the detail shows them in a warning colour). */
export function isCertificateUrgent(daysLeft: number, thresholds: readonly number[]): boolean {
  return thresholds.length > 0 && daysLeft <= Math.min(...thresholds);
}

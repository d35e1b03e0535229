const grouped = new Intl.NumberFormat('en-US', { maximumFractionDigits: 0 });

/** 1234567 → '1,234,567'. Money is a whole number of Tomans. */
export function formatNumber(value: number): string {
  return grouped.format(value);
}

/** A balance or an amount: '1 Toman', '0 Tomans', '50,000 Tomans'. */
export function formatTomans(amount: number): string {
  return `${formatNumber(amount)} ${Math.abs(amount) === 1 ? 'Toman' : 'Tomans'}`;
}

/** A plan's monthly price (spec §9): 'Free', '1 Toman' or '{n} Tomans' with thousands separators. */
export function formatPlanPrice(costPerMonth: number): string {
  return costPerMonth <= 0 ? 'Free' : formatTomans(costPerMonth);
}

/** A period in seconds as the spec's option lists write it: '5 sec', '1 min', '2 hours'. */
export function formatSeconds(seconds: number): string {
  if (seconds < 60) return `${seconds} sec`;
  if (seconds < 3600 || seconds % 3600 !== 0) return `${Math.round(seconds / 60)} min`;
  const hours = seconds / 3600;
  return `${hours} ${hours === 1 ? 'hour' : 'hours'}`;
}

/**
 * How long something lasted, in words for an alert: '45 seconds', '12 minutes', '1 hour 5 minutes',
 * '2 days 3 hours'. Two units at most; the smaller is dropped when zero.
 */
export function formatDuration(milliseconds: number): string {
  const seconds = Math.max(0, Math.round(milliseconds / 1000));
  const unit = (count: number, name: string) => `${count} ${name}${count === 1 ? '' : 's'}`;
  const pair = (big: number, bigName: string, small: number, smallName: string) =>
    small ? `${unit(big, bigName)} ${unit(small, smallName)}` : unit(big, bigName);
  if (seconds < 60) return unit(seconds, 'second');
  const minutes = Math.floor(seconds / 60);
  if (minutes < 60) return unit(minutes, 'minute');
  const hours = Math.floor(minutes / 60);
  if (hours < 24) return pair(hours, 'hour', minutes % 60, 'minute');
  return pair(Math.floor(hours / 24), 'day', hours % 24, 'hour');
}

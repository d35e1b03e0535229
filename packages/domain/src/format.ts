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

/** Every zone the browser knows, the given ones first when the browser's list misses them. */
export function timeZoneOptions(...first: string[]): string[] {
  const known = typeof Intl.supportedValuesOf === 'function' ? Intl.supportedValuesOf('timeZone') : [];
  return [...new Set([...first, 'UTC', ...known])];
}

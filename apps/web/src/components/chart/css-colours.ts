/**
 * ECharts draws on a canvas, which knows no CSS variables: before an option is handed to it, every
 * string that is exactly `var(--name)` or `var(--name, fallback)` is replaced by the variable's value
 * on the chart's element (so the current colour scheme's), or by the fallback when it has none.
 * Other strings, numbers and functions are left as they are; large data arrays of numbers are
 * walked once, cheaply.
 */
const VARIABLE = /^var\(\s*(--[\w-]+)\s*(?:,\s*(.+))?\)$/;

/** A copy of `value` with CSS variables resolved through `read` (a custom property's value, '' when unset). */
export function resolveCssColours<T>(value: T, read: (name: string) => string): T {
  return resolve(value, read, new Map()) as T;
}

function resolve(value: unknown, read: (name: string) => string, cache: Map<string, string>): unknown {
  if (typeof value === 'string') return value.startsWith('var(') ? resolveVariable(value, read, cache) : value;
  if (Array.isArray(value)) {
    if (value.every((item) => typeof item === 'number' || item === null)) return value;
    return value.map((item) => resolve(item, read, cache));
  }
  if (value && typeof value === 'object' && Object.getPrototypeOf(value) === Object.prototype) {
    const copy: Record<string, unknown> = {};
    for (const [key, item] of Object.entries(value)) copy[key] = resolve(item, read, cache);
    return copy;
  }
  return value;
}

function resolveVariable(text: string, read: (name: string) => string, cache: Map<string, string>): string {
  const known = cache.get(text);
  if (known !== undefined) return known;
  const match = VARIABLE.exec(text);
  const resolved = match ? read(match[1] as string).trim() || match[2]?.trim() || text : text;
  cache.set(text, resolved);
  return resolved;
}

/** Reads custom properties as computed on `element`. */
export const cssVariableReader = (element: Element) => {
  const style = getComputedStyle(element);
  return (name: string) => style.getPropertyValue(name);
};

import { type RuntimeConfig, runtimeConfig } from '@paydar/contracts/runtime-config';
import { readInlineRuntimeConfig } from './inline-runtime-config';

let current: RuntimeConfig | null = null;

/**
 * The configuration, once at start-up; the app renders only after this succeeds. The server inlines
 * it in index.html; where it did not (Vite's dev server) or it does not validate, `/config.json`
 * is asked.
 */
export async function loadRuntimeConfig(
  fetchImpl: typeof fetch = fetch,
  doc: Document = document,
): Promise<RuntimeConfig> {
  const inline = runtimeConfig.safeParse(readInlineRuntimeConfig(doc));
  if (inline.success) {
    current = inline.data;
    return current;
  }
  const response = await fetchImpl('/config.json', { headers: { Accept: 'application/json' }, cache: 'no-store' });
  if (!response.ok) throw new Error(`/config.json answered ${response.status}`);
  current = runtimeConfig.parse(await response.json());
  return current;
}

/** Sets the configuration directly (tests). */
export function setRuntimeConfig(config: RuntimeConfig): void {
  current = config;
}

export function getRuntimeConfig(): RuntimeConfig {
  if (!current) throw new Error('Runtime configuration is not loaded yet');
  return current;
}

/** The configuration never changes after start-up, so a plain read is enough in components. */
export const useRuntimeConfig = getRuntimeConfig;

import { readInlineRuntimeConfig } from '@/config/inline-runtime-config';
import type { PageAddress } from './location';

/**
 * Where the page's calls go. On a custom domain: this origin, as the server finds the page by the
 * Host the browser sends. By slug: the configured API base (the runtime configuration the server
 * wrote into status.html), else this origin.
 */
export function apiBaseOf(address: PageAddress, doc: Document = document): string {
  if (address.kind === 'host') return '';
  const config = readInlineRuntimeConfig(doc) as { apiBaseUrl?: unknown } | null;
  return typeof config?.apiBaseUrl === 'string' ? config.apiBaseUrl : '';
}

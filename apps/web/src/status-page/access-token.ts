import { tabStore } from '@/lib/browser-storage';
import type { PageAddress } from './location';

/**
 * A protected page's access token, kept in this tab's sessionStorage under the page (its slug, or
 * the custom domain's host): it lasts as long as the tab. Where the browser refuses storage,
 * tabStore keeps it in memory, so the page still opens once unlocked.
 */

const keyOf = (address: PageAddress, host: string) =>
  `paydar.status-page-token:${address.kind === 'slug' ? `slug:${address.slug}` : `host:${host}`}`;

export function readAccessToken(address: PageAddress, host = window.location.host): string | null {
  return tabStore.get(keyOf(address, host));
}

export function keepAccessToken(address: PageAddress, token: string, host = window.location.host): void {
  tabStore.set(keyOf(address, host), token);
}

export function forgetAccessToken(address: PageAddress, host = window.location.host): void {
  tabStore.remove(keyOf(address, host));
}

import type { PageAddress } from '../location';

/** The visitors' API paths of a page, by slug or (on a custom domain) by the Host header. */
export function pageApiPath(address: PageAddress): string {
  return address.kind === 'slug'
    ? `/api/v1/public/status_pages/${encodeURIComponent(address.slug)}`
    : '/api/v1/public/status_page';
}

export const unlockApiPath = (address: PageAddress) => `${pageApiPath(address)}/unlock`;
export const incidentApiPath = (address: PageAddress, id: number) => `${pageApiPath(address)}/incidents/${id}`;
export const subscribersApiPath = (address: PageAddress) => `${pageApiPath(address)}/subscribers`;
export const subscriptionApiPath = (action: 'confirm' | 'unsubscribe') =>
  `/api/v1/public/status_page_subscriptions/${action}`;

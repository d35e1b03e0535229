/**
 * Where subscribers are sent: the page as visitors read it, the web's subscription page for a
 * mailed token, and the API's one-click unsubscribe (RFC 8058) for the List-Unsubscribe header.
 */

export const SUBSCRIPTIONS_PATH = '/api/v1/public/status_page_subscriptions';

const withoutTrailingSlash = (url: string) => url.replace(/\/+$/, '');

/** `https://{custom_domain}` when the page has one, else `{DASHBOARD_URL}/status/{slug}`. */
export function pageUrlOf(dashboardUrl: string, page: { slug: string; customDomain: string | null }): string {
  return page.customDomain
    ? `https://${page.customDomain}`
    : `${withoutTrailingSlash(dashboardUrl)}/status/${encodeURIComponent(page.slug)}`;
}

/** The web page that confirms (`confirm`) or unsubscribes (`unsubscribe`) with the token. */
export function subscriptionLink(pageUrl: string, action: 'confirm' | 'unsubscribe', token: string): string {
  return `${pageUrl}/subscription?${action}=${encodeURIComponent(token)}`;
}

/** What a mail client POSTs `List-Unsubscribe=One-Click` to. */
export function oneClickUnsubscribeUrl(publicUrl: string, token: string): string {
  return `${withoutTrailingSlash(publicUrl)}${SUBSCRIPTIONS_PATH}/unsubscribe?token=${encodeURIComponent(token)}`;
}

/** RFC 2369 and RFC 8058 headers of a notice mail. */
export function unsubscribeHeaders(oneClickUrl: string): Record<string, string> {
  return { 'List-Unsubscribe': `<${oneClickUrl}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' };
}

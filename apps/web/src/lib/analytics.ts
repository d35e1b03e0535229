import { getRuntimeConfig } from '@/config/runtime-config';
import { localStore } from './browser-storage';

/**
 * Analytics events (spec §4 "Payment result", §9: the purchase carries the currency tag TRY).
 *
 * The endpoint comes from the runtime configuration (`analyticsEndpoint`), so a deployment turns
 * analytics on or off without a new build; with none configured nothing is sent. Sending is fire
 * and forget: analytics must never break or slow down a payment screen, so every failure is
 * swallowed here.
 */

/** The currency tag analytics gets with a purchase (spec §9), whatever the wallet's currency. */
export const ANALYTICS_CURRENCY = 'TRY';

export type AnalyticsEvent =
  | { name: 'purchase'; transaction_id: string | null; value: number | null; currency: typeof ANALYTICS_CURRENCY }
  | { name: 'plan_upgrade'; plan_name: string | null; period: string | null; status: string | null };

/** What goes over the wire: the event plus when it happened. */
export type AnalyticsPayload = AnalyticsEvent & { time: string };

function endpoint(): string | null {
  try {
    return getRuntimeConfig().analyticsEndpoint;
  } catch {
    return null; // before the configuration is loaded nothing can be configured
  }
}

/** Sends one event to the configured endpoint; silent when none is configured or sending fails. */
export function track(event: AnalyticsEvent): void {
  const url = endpoint();
  if (!url) return;
  try {
    const body = JSON.stringify({ ...event, time: new Date().toISOString() } satisfies AnalyticsPayload);
    // text/plain keeps the request "simple" (no CORS preflight), and a beacon survives the page
    // being left right after — the result page's Back to home.
    const blob = new Blob([body], { type: 'text/plain;charset=UTF-8' });
    if (typeof navigator.sendBeacon === 'function' && navigator.sendBeacon(url, blob)) return;
    void fetch(url, { method: 'POST', body, keepalive: true, mode: 'no-cors', credentials: 'omit' }).catch(
      () => undefined,
    );
  } catch {
    // never let analytics break the page
  }
}

/**
 * Sends an event once per browser for `id` (localStorage, so a reload or a second tab on the same
 * result page does not count the same payment twice; another browser still would — the collector
 * can drop repeats by transaction_id).
 */
export function trackOnce(id: string, event: AnalyticsEvent): void {
  const key = `paydar.analytics.${id}`;
  // Without storage (kept in memory then) a reload may count twice; still better than no event.
  if (localStore.get(key)) return;
  localStore.set(key, '1');
  track(event);
}

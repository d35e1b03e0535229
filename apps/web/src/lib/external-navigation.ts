/**
 * Leaves the app for another site (the payment gateway's StartPay page). Only http(s) addresses are
 * followed, so an answer carrying a `javascript:` URL can never run in our page. Kept in its own
 * module so tests can replace it: jsdom cannot navigate.
 */
export function leaveApp(address: string): void {
  const url = new URL(address, window.location.href);
  if (url.protocol !== 'https:' && url.protocol !== 'http:') throw new Error(`Refusing to open ${url.protocol} URL`);
  window.location.assign(url.href);
}

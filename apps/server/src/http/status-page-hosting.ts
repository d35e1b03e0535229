import { isStatusPageHostName } from '@paydar/contracts/status-pages';
import type { Config } from '../config';
import { ownHostNames } from '../modules/status-pages/status-pages.fields';

/** Which built page answers an HTML request: the app (index.html) or the public status page (status.html). */
export type HtmlPage = 'app' | 'status';

/** Hosts that are always ours: a developer's or a test's machine. */
const LOCAL_HOSTS = ['localhost', '127.0.0.1', '[::1]', '::1'];
const STATUS_PATH = /^\/status\/[^/]+(?:\/.*)?$/;

/**
 * The status page (issue 16) answers `/status/{slug}` and every path below it, and every HTML path
 * on a host that is not ours — a page's custom domain (its CNAME points at us), which shows the
 * page at its root (`/`, `/incidents/{id}`, `/subscription`). A host is ours when it is PUBLIC_URL's
 * or DASHBOARD_URL's (the rule that keeps pages from claiming them, status-pages.fields.ts), a local
 * one, or cannot be a custom domain at all (an IP address, one label): those get the app.
 */
export function htmlPagePicker(config: Pick<Config, 'PUBLIC_URL' | 'DASHBOARD_URL'>) {
  const own = ownHostNames([config.PUBLIC_URL, config.DASHBOARD_URL]);
  for (const host of LOCAL_HOSTS) own.add(host);
  return (path: string, hostname: string): HtmlPage => {
    if (STATUS_PATH.test(path)) return 'status';
    const host = hostname.toLowerCase();
    return isStatusPageHostName(host) && !own.has(host) ? 'status' : 'app';
  };
}

/**
 * The Content-Security-Policy of the status page: the app's, with images from any https site too —
 * a page's logo is the owner's https URL (the API accepts nothing else).
 */
export function withHttpsImages(policy: string): string {
  return policy.replace(/(^|;)(\s*img-src)([^;]*)/, (_all, start: string, directive: string, sources: string) =>
    sources.includes('https:') ? `${start}${directive}${sources}` : `${start}${directive}${sources} https:`,
  );
}

/**
 * Where the status page is and what it shows, from the address bar. On our own host the page is
 * `/status/{slug}/…` (slug mode: the API by slug); on a page's custom domain it is at the root
 * (host mode: the API finds the page by the Host header).
 */

export type PageAddress = { kind: 'slug'; slug: string } | { kind: 'host' };

export type StatusRoute =
  | { view: 'page' }
  | { view: 'incident'; id: number }
  | { view: 'subscription' }
  | { view: 'unknown' };

export interface StatusLocation {
  address: PageAddress;
  /** The page's own path, '' at a custom domain's root: links are `${basePath}/incidents/7`. */
  basePath: string;
  route: StatusRoute;
}

const SLUG_PATH = /^\/status\/([^/]+)(\/.*)?$/;
const INCIDENT_PATH = /^\/incidents\/([1-9][0-9]{0,9})\/?$/;

function routeOf(rest: string): StatusRoute {
  if (rest === '' || rest === '/') return { view: 'page' };
  if (/^\/subscription\/?$/.test(rest)) return { view: 'subscription' };
  const incident = INCIDENT_PATH.exec(rest);
  const id = Number(incident?.[1]);
  if (incident && Number.isSafeInteger(id) && id <= 2_147_483_647) return { view: 'incident', id };
  return { view: 'unknown' };
}

export function statusLocationOf(pathname: string): StatusLocation {
  const slugMatch = SLUG_PATH.exec(pathname);
  if (slugMatch) {
    let slug = slugMatch[1] ?? '';
    try {
      slug = decodeURIComponent(slug);
    } catch {
      // A broken escape stays as written: the server answers 404 for it.
    }
    return {
      address: { kind: 'slug', slug },
      basePath: `/status/${encodeURIComponent(slug)}`,
      route: routeOf(slugMatch[2] ?? ''),
    };
  }
  return { address: { kind: 'host' }, basePath: '', route: routeOf(pathname) };
}

/** The link of an incident's own page. */
export const incidentHref = (basePath: string, id: number) => `${basePath}/incidents/${id}`;

/** The link of the page itself. */
export const pageHref = (basePath: string) => basePath || '/';

// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { incidentHref, pageHref, statusLocationOf } from './location';

describe('the status page’s location', () => {
  it('is slug mode under /status/{slug}', () => {
    expect(statusLocationOf('/status/acme')).toStrictEqual({
      address: { kind: 'slug', slug: 'acme' },
      basePath: '/status/acme',
      route: { view: 'page' },
    });
    expect(statusLocationOf('/status/acme/incidents/12').route).toStrictEqual({ view: 'incident', id: 12 });
    expect(statusLocationOf('/status/acme/subscription').route).toStrictEqual({ view: 'subscription' });
  });

  it('is host mode anywhere else (a custom domain’s root)', () => {
    expect(statusLocationOf('/')).toStrictEqual({ address: { kind: 'host' }, basePath: '', route: { view: 'page' } });
    expect(statusLocationOf('/incidents/3').route).toStrictEqual({ view: 'incident', id: 3 });
    expect(statusLocationOf('/subscription/').route).toStrictEqual({ view: 'subscription' });
  });

  it.each(['/incidents/0', '/incidents/abc', '/incidents/99999999999', '/incidents/-1', '/nothing'])(
    '%s is no page of ours',
    (path) => {
      expect(statusLocationOf(path).route).toStrictEqual({ view: 'unknown' });
    },
  );

  it('keeps an odd slug as data: decoded for the API, encoded again in links', () => {
    const location = statusLocationOf('/status/a%2Fb');
    expect(location.address).toStrictEqual({ kind: 'slug', slug: 'a/b' });
    expect(location.basePath).toBe('/status/a%2Fb');
    expect(statusLocationOf('/status/%E0%A4%A').address).toStrictEqual({ kind: 'slug', slug: '%E0%A4%A' });
  });

  it('links to incidents and back', () => {
    expect(incidentHref('/status/acme', 7)).toBe('/status/acme/incidents/7');
    expect(incidentHref('', 7)).toBe('/incidents/7');
    expect(pageHref('')).toBe('/');
    expect(pageHref('/status/acme')).toBe('/status/acme');
  });
});

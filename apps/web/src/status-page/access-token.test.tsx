// @vitest-environment jsdom
import { RUNTIME_CONFIG_ELEMENT_ID } from '@paydar/contracts/runtime-config-element';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { forgetAccessToken, keepAccessToken, readAccessToken } from './access-token';
import { apiBaseOf } from './api-base';

afterEach(() => {
  vi.restoreAllMocks();
  sessionStorage.clear();
});

describe('a page’s access token', () => {
  it('is kept per page in this tab’s sessionStorage', () => {
    keepAccessToken({ kind: 'slug', slug: 'acme' }, 'a');
    keepAccessToken({ kind: 'host' }, 'b', 'status.example.com');
    expect(sessionStorage.getItem('paydar.status-page-token:slug:acme')).toBe('a');
    expect(readAccessToken({ kind: 'slug', slug: 'other' })).toBeNull();
    expect(readAccessToken({ kind: 'host' }, 'status.example.com')).toBe('b');
    forgetAccessToken({ kind: 'slug', slug: 'acme' });
    expect(readAccessToken({ kind: 'slug', slug: 'acme' })).toBeNull();
  });

  it('lives in memory where the browser refuses storage', () => {
    vi.spyOn(Storage.prototype, 'setItem').mockImplementation(() => {
      throw new DOMException('full', 'QuotaExceededError');
    });
    keepAccessToken({ kind: 'slug', slug: 'full' }, 'c');
    expect(readAccessToken({ kind: 'slug', slug: 'full' })).toBe('c');
  });
});

describe('the API base', () => {
  const withConfig = (text: string) => {
    const doc = document.implementation.createHTMLDocument();
    const element = doc.createElement('script');
    element.id = RUNTIME_CONFIG_ELEMENT_ID;
    element.type = 'application/json';
    element.textContent = text;
    doc.head.append(element);
    return doc;
  };

  it('is the configured one by slug, this origin on a custom domain or without configuration', () => {
    const doc = withConfig(JSON.stringify({ apiBaseUrl: 'https://api.example.com' }));
    expect(apiBaseOf({ kind: 'slug', slug: 'acme' }, doc)).toBe('https://api.example.com');
    expect(apiBaseOf({ kind: 'host' }, doc)).toBe('');
    expect(apiBaseOf({ kind: 'slug', slug: 'acme' }, withConfig('not json'))).toBe('');
  });
});

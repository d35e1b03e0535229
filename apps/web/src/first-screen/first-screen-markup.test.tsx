// @vitest-environment jsdom
import { formatTomans } from '@paydar/domain/format';
import { describe, expect, it } from 'vitest';
import { LIST_ITEM_HEIGHT } from '@/features/monitors/components/list/monitor-list-item';
import {
  buildFirstScreen,
  FIRST_SCREEN_ID,
  FIRST_SCREEN_ITEM_HEIGHT,
  type FirstScreenMonitor,
  firstScreenItem,
  tomansText,
} from './first-screen-markup';
import { removeFirstScreen } from './remove-first-screen';

function buildItem(overrides: Partial<FirstScreenMonitor> = {}): FirstScreenMonitor {
  return {
    id: 7,
    protocol_type: 'HTTP',
    url: 'https://shop.example.com/',
    host: null,
    alias: null,
    is_enabled: true,
    last_status_code: 200,
    last_status: null,
    is_flapping: false,
    is_slow: false,
    ...overrides,
  };
}

const profile = { email: 'ana@example.com', charged_budget: 50_000, is_demo: false };

describe('a first-screen list item', () => {
  it('is placed at the React list item pitch', () => {
    expect(FIRST_SCREEN_ITEM_HEIGHT).toBe(LIST_ITEM_HEIGHT);
  });

  it('carries the React item test id, id, link and label', () => {
    const item = firstScreenItem(document, buildItem({ alias: 'Shop' }), false);
    expect(item.dataset).toMatchObject({ testid: 'monitor-item', monitorId: '7', status: 'pending' });
    const link = item.querySelector('a');
    expect(link?.getAttribute('href')).toBe('/monitor/7');
    expect(link?.getAttribute('aria-label')).toBe('HTTP:Shop, Waiting for the first check, 200');
    expect(link?.hasAttribute('aria-current')).toBe(false);
    expect(item.querySelector('.fs-item-name')?.textContent).toBe('HTTP:Shop');
    expect(item.querySelector('.fs-result')?.className).toContain('fs-result-good');
  });

  it('shows a paused monitor as the React item does before its figures load', () => {
    const item = firstScreenItem(document, buildItem({ is_enabled: false, last_status_code: 503 }), false);
    expect(item.dataset.status).toBe('disabled');
    expect(item.querySelector('.fs-badge-disabled')?.textContent).toBe('Disable');
    expect(item.querySelector('.fs-result')?.className).toContain('fs-result-gray');
  });

  it.each([
    ['a script tag', '<script>window.__pwned = 1</script>'],
    ['an image with a handler', '<img src=x onerror="window.__pwned = 1">'],
    ['NUL bytes', 'shop\u0000\u0000<b>bold</b>\u0000'],
    ['10,000 characters', `<i>${'x'.repeat(10_000)}</i>`],
  ])('writes a name with %s as text, never as markup', (_case, alias) => {
    const monitor = buildItem({ alias, url: `https://example.com/?q=${alias}`, protocol_type: 'HTTP' });
    const item = firstScreenItem(document, monitor, false);
    document.body.append(item);
    const name = item.querySelector('.fs-item-name');
    expect(name?.textContent).toBe(`HTTP:${alias.trim()}`);
    expect(name?.getAttribute('title')).toBe(`HTTP:${alias.trim()}`);
    // Nothing of the name became an element.
    expect(item.querySelectorAll('script, img, b, i')).toHaveLength(0);
    expect(name?.childNodes).toHaveLength(1);
    expect(name?.firstChild?.nodeType).toBe(Node.TEXT_NODE);
    expect((window as { __pwned?: number }).__pwned).toBeUndefined();
    item.remove();
  });

  it('writes a hostile status of a non-HTTP monitor as text', () => {
    const status = '<script>window.__pwned = 1</script>';
    const item = firstScreenItem(
      document,
      buildItem({ protocol_type: 'TCP', url: null, host: 'db.example.com:5432', last_status: status }),
      false,
    );
    expect(item.querySelector('.fs-result')?.textContent).toBe(status);
    expect(item.querySelector('.fs-item-name')?.textContent).toBe('db.example.com:5432');
    expect(item.querySelectorAll('script')).toHaveLength(0);
  });
});

it.each([0, 1, -1, 12, 999, 1000, 50_000, 1_234_567, -1_234_567, 2_000_000_000])(
  'writes %i Tomans as formatTomans does, without Intl',
  (amount) => {
    expect(tomansText(amount)).toBe(formatTomans(amount));
  },
);

describe('the first screen', () => {
  const monitors = [buildItem({ id: 3, alias: 'Shop' }), buildItem({ id: 2, alias: 'Blog' })];

  it('draws the header, the count of all monitors and the given items, the first selected when wide', () => {
    const screen = buildFirstScreen(document, { productName: 'Paydar', profile, monitors, total: 1000, wide: true });
    expect(screen.id).toBe(FIRST_SCREEN_ID);
    expect(screen.querySelector('.fs-logo-name')?.textContent).toBe('Paydar');
    expect(screen.querySelector('.fs-wallet-amount')?.textContent).toBe('50,000 Tomans');
    expect(screen.querySelector('.fs-email')?.textContent).toBe('ana@example.com');
    expect(screen.querySelector('.fs-avatar')?.textContent).toBe('A');
    expect(screen.querySelector('.fs-count')?.textContent).toBe('1000 monitors');
    const items = [...screen.querySelectorAll<HTMLElement>('[data-testid="monitor-item"]')];
    expect(items.map((item) => item.dataset.monitorId)).toStrictEqual(['3', '2']);
    expect(items[0]?.querySelector('a')?.getAttribute('aria-current')).toBe('page');
    expect(items[1]?.querySelector('a')?.hasAttribute('aria-current')).toBe(false);
    expect(screen.querySelector('section[aria-label="Monitor detail"]')).not.toBeNull();
    expect(screen.querySelector('.fs-add')?.classList.contains('fs-add-disabled')).toBe(false);
  });

  it('shows Add Monitor disabled for the demo account, as the app does', () => {
    const demo = { ...profile, is_demo: true };
    const screen = buildFirstScreen(document, { productName: 'P', profile: demo, monitors, total: 2, wide: false });
    expect(screen.querySelector('.fs-add')?.classList.contains('fs-add-disabled')).toBe(true);
  });

  it('is the list alone when narrow, nothing selected', () => {
    const screen = buildFirstScreen(document, { productName: 'Paydar', profile, monitors, total: 1, wide: false });
    expect(screen.querySelector('.fs-count')?.textContent).toBe('1 monitor');
    expect(screen.querySelector('[aria-current]')).toBeNull();
    expect(screen.querySelector('section[aria-label="Monitor detail"]')).toBeNull();
  });

  it('writes a hostile product name and email as text', () => {
    const hostile = '<script>window.__pwned = 1</script>';
    const screen = buildFirstScreen(document, {
      productName: hostile,
      profile: { email: `${hostile}@example.com`, charged_budget: 0, is_demo: false },
      monitors,
      total: 2,
      wide: false,
    });
    expect(screen.querySelector('.fs-logo-name')?.textContent).toBe(hostile);
    expect(screen.querySelector('.fs-email')?.textContent).toBe(`${hostile}@example.com`);
    expect(screen.querySelectorAll('script')).toHaveLength(0);
  });

  it('is taken away by removeFirstScreen, which does nothing when there is none', () => {
    document.body.append(buildFirstScreen(document, { productName: 'P', profile, monitors, total: 2, wide: false }));
    expect(document.getElementById(FIRST_SCREEN_ID)).not.toBeNull();
    removeFirstScreen();
    expect(document.getElementById(FIRST_SCREEN_ID)).toBeNull();
    expect(() => removeFirstScreen()).not.toThrow();
  });
});

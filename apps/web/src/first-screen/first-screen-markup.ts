import type { Profile } from '@paydar/contracts/accounts';
import type { MonitorSummary } from '@paydar/contracts/monitor-summary';
import { PROTOCOL_LABELS } from '@paydar/contracts/monitors-options';
import { displayName } from '@paydar/domain/display-name';
import { DISABLED_TEXT, lastResult } from '@paydar/domain/monitor-status';

/**
 * The first screen of a returning visitor's monitor list, in plain DOM (issue 26): the header and
 * the list's first items as the React list draws them before their figures load (dot, protocol,
 * last result, name, blank strip and bars), laid out by first-screen.css at the same places.
 * User strings (names, URLs, results) go in through textContent and attributes only: never parsed
 * as HTML.
 */

/** The list items' pitch, gap included (the React list's LIST_ITEM_HEIGHT: first-screen.test holds them together). */
export const FIRST_SCREEN_ITEM_HEIGHT = 96;

/** The fields of a list item the first screen shows. */
export type FirstScreenMonitor = Pick<
  MonitorSummary,
  | 'id'
  | 'protocol_type'
  | 'url'
  | 'host'
  | 'alias'
  | 'is_enabled'
  | 'last_status_code'
  | 'last_status'
  | 'is_flapping'
  | 'is_slow'
>;

/** The profile's fields the header shows. */
export type FirstScreenProfile = Pick<Profile, 'email' | 'charged_budget' | 'is_demo'>;

export interface FirstScreenContent {
  productName: string;
  profile: FirstScreenProfile;
  /** The items to draw (those on screen), newest first as the list call answers. */
  monitors: readonly FirstScreenMonitor[];
  /** How many monitors the list has: the count line names them all. */
  total: number;
  /** From 850 px wide the list sits beside the detail and its first monitor is selected. */
  wide: boolean;
}

/** The id of the first screen's element; React's list removes it when it has drawn (remove-first-screen.ts). */
export const FIRST_SCREEN_ID = 'first-screen';

/** The APDEX bars of an item: the last day in 2-hour slots (apdex-bars.tsx). */
const APDEX_SLOTS = 12;
const SVG = 'http://www.w3.org/2000/svg';

type Child = Node | string;

function element(doc: Document, tag: string, className: string, children: Child[] = []): HTMLElement {
  const node = doc.createElement(tag);
  if (className) node.className = className;
  for (const child of children) node.append(typeof child === 'string' ? doc.createTextNode(child) : child);
  return node;
}

/** A 24×24 line icon (components/icons.tsx), hidden from screen readers. */
function icon(doc: Document, size: number, path: string, strokeWidth = 2): SVGSVGElement {
  const svg = doc.createElementNS(SVG, 'svg');
  for (const [name, value] of Object.entries({
    width: String(size),
    height: String(size),
    viewBox: '0 0 24 24',
    fill: 'none',
    stroke: 'currentColor',
    'stroke-width': String(strokeWidth),
    'stroke-linecap': 'round',
    'stroke-linejoin': 'round',
    'aria-hidden': 'true',
  })) {
    svg.setAttribute(name, value);
  }
  const line = doc.createElementNS(SVG, 'path');
  line.setAttribute('d', path);
  svg.append(line);
  return svg;
}

// The paths of components/icons.tsx and list-icons.tsx (circles written as arcs).
const PULSE = 'M3 12h4l3-7 4 14 3-7h4';
const PLUS = 'M12 5v14M5 12h14';
const SEARCH = 'M11 4a7 7 0 1 0 0 14a7 7 0 1 0 0-14M21 21l-5-5';
const REFRESH = 'M20 11a8 8 0 0 0-14.9-3.5M4 4v4h4M4 13a8 8 0 0 0 14.9 3.5M20 20v-4h-4';
const WALLET =
  'M17 8V5a1 1 0 0 0-1-1H6a2 2 0 0 0 0 4h12a1 1 0 0 1 1 1v3m0 4v3a1 1 0 0 1-1 1H6a2 2 0 0 1-2-2V6M20 12v4h-4a2 2 0 0 1 0-4h4';
const CHEVRON_DOWN = 'm6 9 6 6 6-6';
const DOTS = 'M12 4a1 1 0 1 0 0 2a1 1 0 1 0 0-2M12 11a1 1 0 1 0 0 2a1 1 0 1 0 0-2M12 18a1 1 0 1 0 0 2a1 1 0 1 0 0-2';

/**
 * A whole number of Tomans as `formatTomans` (@paydar/domain/format) writes it, '50,000 Tomans', without
 * Intl: its first use in a page loads ICU's data, tens of milliseconds before the first paint on a
 * busy machine (first-screen-markup.test holds the two together).
 */
export function tomansText(amount: number): string {
  const digits = String(Math.abs(Math.round(amount))).replace(/\B(?=(\d{3})+$)/g, ',');
  return `${amount < 0 && Math.round(amount) !== 0 ? '-' : ''}${digits} ${Math.abs(amount) === 1 ? 'Toman' : 'Tomans'}`;
}

/** The header's right side (wallet-balance.tsx, user-menu.tsx): balance and the user's email. */
function account(doc: Document, profile: FirstScreenProfile): HTMLElement {
  const wallet = element(doc, 'span', 'fs-wallet', [
    element(doc, 'span', 'fs-wallet-icon', [icon(doc, 16, WALLET)]),
    element(doc, 'span', 'fs-wallet-amount', [tomansText(profile.charged_budget)]),
    element(doc, 'span', 'fs-wallet-charge', [icon(doc, 16, PLUS, 2.5)]),
  ]);
  const user = element(doc, 'span', 'fs-user', [
    element(doc, 'span', 'fs-avatar', [profile.email.charAt(0).toUpperCase()]),
    element(doc, 'span', 'fs-email', [profile.email]),
    icon(doc, 14, CHEVRON_DOWN),
  ]);
  return element(doc, 'span', 'fs-account', [wallet, user]);
}

function header(doc: Document, productName: string, profile: FirstScreenProfile): HTMLElement {
  const logo = element(doc, 'a', 'fs-logo', [
    element(doc, 'span', 'fs-logo-icon', [icon(doc, 18, PULSE, 2.4)]),
    element(doc, 'span', 'fs-logo-name', [productName]),
  ]);
  logo.setAttribute('href', '/');
  logo.setAttribute('aria-label', 'Home');
  return element(doc, 'header', 'fs-header', [logo, account(doc, profile)]);
}

/**
 * The list's tools as they look; they work once the app has taken over (a few hundred ms). Add
 * Monitor shows disabled for the demo account, which may change nothing (lib/read-only.ts).
 */
function toolbar(doc: Document, readOnly: boolean): HTMLElement {
  return element(doc, 'div', 'fs-toolbar', [
    element(doc, 'span', 'fs-search', [icon(doc, 16, SEARCH), 'Search']),
    element(doc, 'span', 'fs-refresh', [icon(doc, 16, REFRESH)]),
    element(doc, 'span', readOnly ? 'fs-add fs-add-disabled' : 'fs-add', [
      icon(doc, 16, PLUS),
      element(doc, 'span', 'fs-add-label', ['Add Monitor']),
    ]),
  ]);
}

/** The badge after the protocol, as monitor-list-item.tsx picks it before the figures load. */
function stateBadge(doc: Document, monitor: FirstScreenMonitor): HTMLElement | null {
  if (!monitor.is_enabled) return element(doc, 'span', 'fs-badge fs-badge-disabled', [DISABLED_TEXT]);
  return null;
}

function resultClass(result: string, enabled: boolean): string {
  if (!enabled) return 'fs-result fs-result-gray';
  return /^[23]\d\d$/.test(result) || result === 'OK' ? 'fs-result fs-result-good' : 'fs-result fs-result-bad';
}

/** One list item: the same `data-testid` and link as the React item, which replaces it. */
export function firstScreenItem(doc: Document, monitor: FirstScreenMonitor, selected: boolean): HTMLElement {
  const name = displayName(monitor);
  const result = lastResult(monitor);
  // Before the figures load the React item reads 'pending' (enabled) or 'disabled' (monitorStatus).
  const status = monitor.is_enabled ? 'pending' : 'disabled';
  const statusText = monitor.is_enabled ? 'Waiting for the first check' : DISABLED_TEXT;

  const dot = element(doc, 'span', `fs-dot fs-dot-${status}`);
  dot.title = statusText;
  const top = element(doc, 'span', 'fs-item-top', [
    dot,
    element(doc, 'span', 'fs-badge', [PROTOCOL_LABELS[monitor.protocol_type] ?? monitor.protocol_type]),
  ]);
  const badge = stateBadge(doc, monitor);
  if (badge) top.append(badge);
  if (monitor.is_flapping && monitor.is_enabled)
    top.append(element(doc, 'span', 'fs-badge fs-badge-flapping', ['Flapping']));
  if (result !== null) {
    const shown = element(doc, 'span', resultClass(result, monitor.is_enabled), [result]);
    shown.title = result;
    top.append(shown);
  }
  const title = element(doc, 'span', 'fs-item-name', [name]);
  title.title = name;
  const bars = element(doc, 'span', 'fs-bars');
  for (let slot = 0; slot < APDEX_SLOTS; slot += 1) bars.append(element(doc, 'span', 'fs-bar'));
  const figures = element(doc, 'span', 'fs-item-figures', [element(doc, 'span', 'fs-strip'), bars]);

  const link = element(doc, 'a', selected ? 'fs-item-link fs-selected' : 'fs-item-link', [top, title, figures]);
  link.setAttribute('href', `/monitor/${monitor.id}`);
  link.setAttribute('aria-label', [name, statusText, result].filter(Boolean).join(', '));
  if (selected) link.setAttribute('aria-current', 'page');
  const item = element(doc, 'div', 'fs-item', [link, element(doc, 'span', 'fs-menu', [icon(doc, 16, DOTS)])]);
  item.dataset.testid = 'monitor-item';
  item.dataset.monitorId = String(monitor.id);
  item.dataset.status = status;
  return item;
}

const monitorsWord = (count: number) => (count === 1 ? 'monitor' : 'monitors');

/** The whole first screen: header, tools, count, the items and (wide) the detail's place. */
export function buildFirstScreen(doc: Document, content: FirstScreenContent): HTMLElement {
  const { monitors, total, wide } = content;
  const items = element(doc, 'ul', 'fs-items');
  items.setAttribute('aria-label', 'Monitors');
  monitors.forEach((monitor, index) => {
    items.append(element(doc, 'li', '', [firstScreenItem(doc, monitor, wide && index === 0)]));
  });
  const count = element(doc, 'p', 'fs-count', [`${total} ${monitorsWord(total)}`]);
  const list = element(doc, 'aside', 'fs-list', [
    toolbar(doc, content.profile.is_demo),
    count,
    element(doc, 'div', 'fs-scroll', [items]),
  ]);
  list.setAttribute('aria-label', 'Monitor list');
  const dashboard = element(doc, 'div', wide ? 'fs-dashboard fs-wide' : 'fs-dashboard', [list]);
  if (wide) {
    const detail = element(doc, 'section', 'fs-detail');
    detail.setAttribute('aria-label', 'Monitor detail');
    dashboard.append(detail);
  }
  const screen = element(doc, 'div', '', [
    header(doc, content.productName, content.profile),
    element(doc, 'main', 'fs-main', [dashboard]),
  ]);
  screen.id = FIRST_SCREEN_ID;
  // Assistive technology hears the live app, which takes over in a moment, not this copy of it.
  screen.setAttribute('aria-busy', 'true');
  return screen;
}

import type { RuntimeConfig } from '@paydar/contracts/runtime-config';
import { RUNTIME_CONFIG_ELEMENT_ID } from '@paydar/contracts/runtime-config-element';
import { type DefaultTreeAdapterMap, parse } from 'parse5';
import { describe, expect, it } from 'vitest';
import { jsonForScriptElement, withInlineRuntimeConfig } from './inline-runtime-config';

type Node = DefaultTreeAdapterMap['node'];
type Element = DefaultTreeAdapterMap['element'];

/** Every element of a page as a browser's parser builds it (parse5 follows the HTML standard). */
function elementsOf(html: string): Element[] {
  const found: Element[] = [];
  const walk = (node: Node) => {
    if ('tagName' in node) found.push(node);
    if ('childNodes' in node) for (const child of node.childNodes) walk(child);
    if ('content' in node) walk(node.content);
  };
  walk(parse(html));
  return found;
}

const textOf = (element: Element) => element.childNodes.map((child) => ('value' in child ? child.value : '')).join('');

const config: RuntimeConfig = {
  productName: 'Paydar',
  apiBaseUrl: 'https://api.example.test',
  dashboardUrl: 'https://app.example.test',
  telegramBotLink: 'https://t.me/PaydarBot',
  baleBotLink: 'https://ble.ir/PaydarBot',
  supportEmail: 'help@example.test',
  supportPhone: '+98 21 1234 5678',
  supportTelegram: 'https://t.me/PaydarHelp',
  analyticsEndpoint: null,
};

const PAGE = `<!doctype html><html><head><title>Uptime</title><script type="module" src="/assets/index.js"></script></head><body><div id="root"></div></body></html>`;

const HOSTILE = [
  '</script><script>alert(1)</script>',
  '</SCRIPT >',
  '<!--<script>',
  '<img src=x onerror=alert(1)>',
  '&lt;&amp;',
  'line\u2028separator\u2029paragraph',
  '"quoted" \\ backslash',
  'پایدار',
];

describe('the runtime configuration inlined in index.html', () => {
  it('is one JSON data block in the head, holding exactly the configuration', () => {
    const elements = elementsOf(withInlineRuntimeConfig(PAGE, config));
    const block = elements.find((element) => element.attrs.some((attr) => attr.value === RUNTIME_CONFIG_ELEMENT_ID));
    expect(block?.tagName).toBe('script');
    expect(block?.attrs).toContainEqual({ name: 'type', value: 'application/json' });
    expect(block?.parentNode && 'tagName' in block.parentNode ? block.parentNode.tagName : null).toBe('head');
    expect(JSON.parse(textOf(block as Element))).toStrictEqual(config);
  });

  it.each(HOSTILE)('keeps a hostile value inside the block, as text: %s', (value) => {
    const page = withInlineRuntimeConfig(PAGE, { ...config, productName: value, supportPhone: value });
    const elements = elementsOf(page);
    // Nothing new but the data block: no second script, no img, no comment swallowing the page.
    expect(elements.map((element) => element.tagName)).toStrictEqual(
      [...elementsOf(PAGE).map((element) => element.tagName)].toSpliced(4, 0, 'script'),
    );
    const block = elements.find((element) => element.attrs.some((attr) => attr.value === RUNTIME_CONFIG_ELEMENT_ID));
    expect(JSON.parse(textOf(block as Element))).toStrictEqual({ ...config, productName: value, supportPhone: value });
  });

  it('writes no <, >, &, U+2028 or U+2029 as itself', () => {
    const json = jsonForScriptElement({ value: HOSTILE.join('') });
    expect(json).not.toMatch(/[<>&\u2028\u2029]/);
    expect(json).toContain('\\u003c/script\\u003e');
    expect(JSON.parse(json)).toStrictEqual({ value: HOSTILE.join('') });
  });

  it('goes at the end of a page without a head (module scripts run after the whole page is parsed)', () => {
    const page = withInlineRuntimeConfig('<!doctype html><div id="root"></div>', config);
    expect(page.startsWith('<!doctype html><div id="root"></div><script type="application/json"')).toBe(true);
  });
});

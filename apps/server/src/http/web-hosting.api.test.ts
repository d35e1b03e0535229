import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync } from 'node:zlib';
import { RUNTIME_CONFIG_ELEMENT_ID } from '@paydar/contracts/runtime-config-element';
import { type DefaultTreeAdapterMap, parse } from 'parse5';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../test/harness';

type Node = DefaultTreeAdapterMap['node'];
type Element = DefaultTreeAdapterMap['element'];

// A deployment whose settings carry markup: the page must still hold them as data, never as markup.
const PRODUCT_NAME = '</script><script>alert("name")</script><!-- \u2028';
const SUPPORT_PHONE = '<img src=x onerror=alert(1)> & </SCRIPT >';
const BUILT_PAGE =
  '<!doctype html><html lang="en"><head><title>Uptime</title><script type="module" src="/assets/app.js"></script></head><body><div id="root"></div></body></html>';

let server: TestServer;
let tempDir: string;
beforeAll(async () => {
  tempDir = await fs.mkdtemp(path.join(os.tmpdir(), 'paydar-web-hosting-'));
  await fs.mkdir(path.join(tempDir, 'assets'));
  await fs.writeFile(path.join(tempDir, 'index.html'), BUILT_PAGE);
  // The build writes precompressed copies of the page too; they lack the configuration.
  await fs.writeFile(path.join(tempDir, 'index.html.br'), brotliCompressSync(BUILT_PAGE));
  await fs.writeFile(path.join(tempDir, 'assets', 'app.js'), 'export {};');
  server = await startTestServer({ WEB_DIST_DIR: tempDir, PRODUCT_NAME, SUPPORT_PHONE });
});
afterAll(async () => {
  await server.close();
  await fs.rm(tempDir, { recursive: true, force: true });
});

const get = (url: string, headers: Record<string, string> = {}) =>
  server.app.inject({ method: 'GET', url, headers: { accept: 'text/html', ...headers } });

function elementsOf(html: string): Element[] {
  const found: Element[] = [];
  const walk = (node: Node) => {
    if ('tagName' in node) found.push(node);
    if ('childNodes' in node) for (const child of node.childNodes) walk(child);
  };
  walk(parse(html));
  return found;
}

/** The configuration block as a browser parses the page, and the page's element names. */
function inlinedConfig(html: string): { config: unknown; tags: string[] } {
  const elements = elementsOf(html);
  const block = elements.find((element) => element.attrs.some((attr) => attr.value === RUNTIME_CONFIG_ELEMENT_ID));
  if (!block) throw new Error('no configuration block in the page');
  const text = block.childNodes.map((child) => ('value' in child ? child.value : '')).join('');
  return { config: JSON.parse(text), tags: elements.map((element) => element.tagName) };
}

describe('index.html with the runtime configuration inlined', () => {
  it.each(['/', '/monitor/12', '/login?next=%2F', '/index.html'])(
    '%s carries what /config.json answers',
    async (url) => {
      const [page, json] = await Promise.all([get(url), get('/config.json', { accept: 'application/json' })]);
      expect(page.statusCode).toBe(200);
      expect(page.headers['content-type']).toMatch(/^text\/html/);
      const { config, tags } = inlinedConfig(page.body);
      expect(config).toStrictEqual(json.json());
      expect(config).toMatchObject({ productName: PRODUCT_NAME, supportPhone: SUPPORT_PHONE });
      // The hostile values added no element: the built page's, plus the one data block.
      expect(tags).toStrictEqual(['html', 'head', 'title', 'script', 'script', 'body', 'div']);
    },
  );

  it('needs no inline script in the Content-Security-Policy: the block is data, never run', async () => {
    const page = await get('/');
    const scriptSrc = /script-src ([^;]+)/.exec(String(page.headers['content-security-policy']))?.[1];
    expect(scriptSrc).toBe("'self'");
    expect(page.body).toContain(`<script type="application/json" id="${RUNTIME_CONFIG_ELEMENT_ID}">`);
  });

  it('never serves the built copies without the configuration', async () => {
    const page = await get('/index.html', { 'accept-encoding': 'br' });
    const body =
      page.headers['content-encoding'] === 'br' ? brotliDecompressSync(page.rawPayload).toString() : page.body;
    expect(inlinedConfig(body).config).toMatchObject({ productName: PRODUCT_NAME });
    for (const url of ['/index.html.br', '/index.html.gz']) expect((await get(url)).statusCode, url).toBe(404);
  });

  it('still serves /config.json and the assets', async () => {
    expect((await get('/config.json', { accept: 'application/json' })).json()).toMatchObject({
      productName: PRODUCT_NAME,
    });
    const asset = await get('/assets/app.js');
    expect(asset.statusCode).toBe(200);
    expect(asset.body).toBe('export {};');
  });
});

describe("the server's own paths never get the web app's page (issue 37)", () => {
  const long = 'a'.repeat(1000);
  const serverPaths = [
    `/ping/${long}`,
    `/ping/${long}/start`,
    `/ping/${long}/fail`,
    `/ping/${'a'.repeat(101)}`,
    `/api/v1/monitors/${long}/`,
    `/api/v1/badges/${long}/status.svg`,
    `/api/v1/public/status_pages/${long}`,
    `/api/v1/live/shared/${long}`,
    `/api/${long}`,
    `/healthz/${long}`,
    `/metrics/${long}`,
    `/config.json/${long}`,
  ];

  it.each(serverPaths.map((url) => [url.replace(/a{20,}/, (run) => `a×${run.length}`), url]))(
    'GET and HEAD %s answer an error in JSON',
    async (_name, url) => {
      for (const method of ['GET', 'HEAD'] as const) {
        const response = await server.app.inject({ method, url, headers: { accept: 'text/html,*/*' } });
        expect([400, 404, 414], `${method} ${response.statusCode}`).toContain(response.statusCode);
        expect(response.headers['content-type'], method).toMatch(/^application\/json/);
        if (method === 'GET') expect(response.body).not.toContain('<html');
      }
    },
  );

  it('POST to a mangled ping URL is refused too, and a ping of an unknown token of 99 characters answers 404', async () => {
    const post = await server.app.inject({ method: 'POST', url: `/ping/${long}`, payload: 'done' });
    expect([400, 404, 414]).toContain(post.statusCode);
    const short = await get(`/ping/${'a'.repeat(99)}`);
    expect(short.statusCode).toBe(404);
    expect(short.headers['content-type']).toMatch(/^application\/json/);
  });

  it("still answers the app's own routes, however long their parts", async () => {
    for (const url of [`/monitors/${long}`, `/pings/${long}`, `/apis`, `/status/${long}`]) {
      const response = await get(url);
      expect(response.statusCode, url).toBe(200);
      expect(response.headers['content-type'], url).toMatch(/^text\/html/);
    }
  });
});

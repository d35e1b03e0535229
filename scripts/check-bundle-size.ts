/**
 * `npm run check:bundle [-- <dist dir>]`: the gzip size of the JavaScript the first page loads before
 * anything else — the entry script of the built index.html, every module it imports statically and
 * the app it starts (all listed as modulepreload links; the chunks' own static imports are followed
 * too). Lazy chunks (screens, charts) do not count. Fails above the budget of issue 4 point 6:
 * 300 KB gzip; or when the entry itself (with its static imports) outgrows 10 KB gzip: it runs
 * before the app arrives, to fire the first calls (issue 15), which only helps while it is small;
 * index.html's inline script (issue 26: the same calls, fired while the page is parsed) counts in both.
 *
 * The public status page (status.html, issue 16) has its own budget for everything its first load
 * fetches — the HTML, its scripts and their static imports, its stylesheets and the fonts they
 * name — 150 KB gzip: thousands open it at once during an outage.
 *
 * It builds nothing: run `npm run build` first (or pass the dir of another build).
 */
import fs from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';

/** Bytes (KB of 1,000 bytes, the stricter reading). */
export const BUDGET_BYTES = 300 * 1000;
export const ENTRY_BUDGET_BYTES = 10 * 1000;
export const STATUS_PAGE_BUDGET_BYTES = 150 * 1000;

const root = path.resolve(import.meta.dirname, '..');

/** Paths of the module scripts and (unless `scriptsOnly`) modulepreload links of an HTML page, as written there. */
export function initialScripts(html: string, scriptsOnly = false): string[] {
  const found = new Set<string>();
  for (const tag of html.match(/<(script|link)\b[^>]*>/gi) ?? []) {
    const isModuleScript = /^<script/i.test(tag) && /\btype=["']?module/i.test(tag);
    const isPreload = !scriptsOnly && /^<link/i.test(tag) && /\brel=["']?modulepreload/i.test(tag);
    const url = /\b(?:src|href)=["']([^"']+)["']/i.exec(tag)?.[1];
    if ((isModuleScript || isPreload) && url && !/^(https?:)?\/\//i.test(url)) found.add(url);
  }
  return [...found];
}

/**
 * Relative specifiers of a built chunk's static imports (`import{a}from"./x.js"`, `import"./y.js"`,
 * `export*from"./z.js"`); `import("./lazy.js")` is left out.
 */
export function staticImports(code: string): string[] {
  const found = new Set<string>();
  const pattern = /(?:\bimport|\bexport)\s*(?:[\w*${}\s,]*?\bfrom\s*)?["'](\.{1,2}\/[^"']+\.m?js)["']/g;
  // A dynamic `import("./x.js")` cannot match: `(` is not among the characters allowed before the quote.
  for (const match of code.matchAll(pattern)) if (match[1]) found.add(match[1]);
  return [...found];
}

/**
 * The code of an HTML page's inline classic scripts (index.html fires its first calls from one,
 * issue 26): JavaScript run before anything else, so counted with the entry. Data blocks
 * (`type="application/json"`) and scripts that load a file are left out.
 */
export function inlineScripts(html: string): string[] {
  const found: string[] = [];
  for (const match of html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script\s*>/gi)) {
    const [, attributes = '', code = ''] = match;
    const type = /\btype=["']?([^"'\s>]+)/i.exec(attributes)?.[1]?.toLowerCase();
    if (/\bsrc=/i.test(attributes) || (type && type !== 'text/javascript' && type !== 'module')) continue;
    if (code.trim()) found.push(code);
  }
  return found;
}

export interface BundleFile {
  file: string;
  bytes: number;
  gzipBytes: number;
}

/** Paths of the stylesheets an HTML page links. */
export function stylesheets(html: string): string[] {
  const found = new Set<string>();
  for (const tag of html.match(/<link\b[^>]*>/gi) ?? []) {
    const url = /\bhref=["']([^"']+)["']/i.exec(tag)?.[1];
    if (/\brel=["']?stylesheet/i.test(tag) && url && !/^(https?:)?\/\//i.test(url)) found.add(url);
  }
  return [...found];
}

/** Relative or root URLs a stylesheet loads (fonts, images): `url(...)`, data: URLs left out. */
export function cssUrls(css: string): string[] {
  const found = new Set<string>();
  for (const match of css.matchAll(/url\(\s*["']?([^"')]+)["']?\s*\)/g)) {
    const url = match[1]?.trim();
    if (url && !/^(data:|https?:|\/\/|#)/i.test(url)) found.add(url);
  }
  return [...found];
}

const sizeOf = (distDir: string, file: string): BundleFile => {
  const content = fs.readFileSync(file);
  return { file: path.relative(distDir, file), bytes: content.length, gzipBytes: gzipSync(content).length };
};

/**
 * Everything an HTML page of the build fetches on first load: the page, its JavaScript (as
 * initialJavaScript), its stylesheets and what they load (fonts), each with its raw and gzip size.
 */
export function firstLoad(distDir: string, page: string): BundleFile[] {
  const htmlFile = path.join(distDir, page);
  const html = fs.readFileSync(htmlFile, 'utf8');
  // The page's own inline scripts are in its size already.
  const scripts = initialJavaScript(distDir, false, page).filter((file) => !file.file.includes('#inline'));
  const files = [sizeOf(distDir, htmlFile), ...scripts];
  for (const sheet of stylesheets(html)) {
    const cssFile = path.join(distDir, sheet.split('?')[0] ?? sheet);
    files.push(sizeOf(distDir, cssFile));
    for (const url of cssUrls(fs.readFileSync(cssFile, 'utf8'))) {
      const asset = url.startsWith('/') ? path.join(distDir, url) : path.resolve(path.dirname(cssFile), url);
      const clean = asset.split(/[?#]/)[0] ?? asset;
      if (fs.existsSync(clean)) files.push(sizeOf(distDir, clean));
    }
  }
  return files.sort((a, b) => b.gzipBytes - a.gzipBytes);
}

/**
 * Every JS file the page loads initially (or only the entry's: `entryOnly`), with its raw and gzip
 * size, and its inline scripts (as `<page>#inline-<n>`), which run first.
 */
export function initialJavaScript(distDir: string, entryOnly = false, page = 'index.html'): BundleFile[] {
  const html = fs.readFileSync(path.join(distDir, page), 'utf8');
  const inline = inlineScripts(html).map((code, index) => {
    const bytes = Buffer.from(code, 'utf8');
    return { file: `${page}#inline-${index + 1}`, bytes: bytes.length, gzipBytes: gzipSync(bytes).length };
  });
  const toFile = (url: string, from = distDir) =>
    url.startsWith('/') ? path.join(distDir, url.split('?')[0] ?? url) : path.resolve(from, url);
  const queue = initialScripts(html, entryOnly)
    .filter((url) => /\.m?js(\?|$)/.test(url))
    .map((url) => toFile(url));
  const seen = new Map<string, BundleFile>();
  while (queue.length) {
    const file = queue.shift() as string;
    if (seen.has(file)) continue;
    const code = fs.readFileSync(file);
    seen.set(file, { file: path.relative(distDir, file), bytes: code.length, gzipBytes: gzipSync(code).length });
    for (const specifier of staticImports(code.toString('utf8'))) queue.push(toFile(specifier, path.dirname(file)));
  }
  return [...inline, ...seen.values()].sort((a, b) => b.gzipBytes - a.gzipBytes);
}

const kb = (bytes: number) => `${(bytes / 1000).toFixed(1)} KB`;

function main(): number {
  const distDir = path.resolve(root, process.argv[2] ?? 'apps/web/dist');
  if (!fs.existsSync(path.join(distDir, 'index.html'))) {
    console.error(`No build in ${distDir}: run \`npm run build\` first, or pass the dir of a build.`);
    return 2;
  }
  const files = initialJavaScript(distDir);
  const total = files.reduce((sum, file) => sum + file.gzipBytes, 0);
  const raw = files.reduce((sum, file) => sum + file.bytes, 0);
  for (const file of files)
    console.log(`  ${kb(file.gzipBytes).padStart(10)} gzip  ${kb(file.bytes).padStart(10)}  ${file.file}`);
  console.log(
    `First page JavaScript: ${kb(total)} gzip (${kb(raw)} raw) in ${files.length} files; budget ${kb(BUDGET_BYTES)}.`,
  );
  const entry = initialJavaScript(distDir, true).reduce((sum, file) => sum + file.gzipBytes, 0);
  console.log(`Entry, run before the app arrives: ${kb(entry)} gzip; budget ${kb(ENTRY_BUDGET_BYTES)}.`);
  const statusFailed = checkStatusPage(distDir);
  if (total > BUDGET_BYTES) {
    console.error(`Over budget by ${kb(total - BUDGET_BYTES)}.`);
    return 1;
  }
  if (entry > ENTRY_BUDGET_BYTES) {
    console.error(
      `The entry is over its budget by ${kb(entry - ENTRY_BUDGET_BYTES)}: keep what main.tsx imports statically small.`,
    );
    return 1;
  }
  return statusFailed ? 1 : 0;
}

/** Prints the status page's first load and whether it is over its budget (true when it is). */
function checkStatusPage(distDir: string): boolean {
  if (!fs.existsSync(path.join(distDir, 'status.html'))) {
    console.error('No status.html in the build: the status page is a second Vite input (apps/web/vite.config.ts).');
    return true;
  }
  const files = firstLoad(distDir, 'status.html');
  const total = files.reduce((sum, file) => sum + file.gzipBytes, 0);
  for (const file of files)
    console.log(`  ${kb(file.gzipBytes).padStart(10)} gzip  ${kb(file.bytes).padStart(10)}  ${file.file}`);
  console.log(
    `Status page first load (HTML, JS, CSS, fonts): ${kb(total)} gzip in ${files.length} files; budget ${kb(STATUS_PAGE_BUDGET_BYTES)}.`,
  );
  if (total <= STATUS_PAGE_BUDGET_BYTES) return false;
  console.error(`The status page is over its budget by ${kb(total - STATUS_PAGE_BUDGET_BYTES)}.`);
  return true;
}

if (process.argv[1] && path.resolve(process.argv[1]) === path.resolve(import.meta.filename)) process.exitCode = main();

import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cssUrls, firstLoad, initialJavaScript, inlineScripts, stylesheets } from './check-bundle-size';

let dist: string;
const write = (file: string, content: string) => {
  fs.mkdirSync(path.dirname(path.join(dist, file)), { recursive: true });
  fs.writeFileSync(path.join(dist, file), content);
};

beforeAll(() => {
  dist = fs.mkdtempSync(path.join(os.tmpdir(), 'paydar-bundle-'));
  write(
    'status.html',
    '<html><head><script type="module" src="/assets/status.js"></script><link rel="modulepreload" href="/assets/start.js"><link rel="stylesheet" href="/assets/status.css"><link rel="stylesheet" href="https://cdn.example.com/x.css"></head></html>',
  );
  write('assets/status.js', 'import"./runtime.js";import("./lazy.js");');
  write('assets/start.js', 'import{a}from"./react.js";');
  write('assets/runtime.js', 'export{};');
  write('assets/react.js', 'export const a=1;'.repeat(50));
  write('assets/lazy.js', 'export const never=1;');
  write('assets/status.css', '@font-face{src:url(./font.woff2) format("woff2"),url(data:font/woff2;base64,AAAA)}');
  write('assets/font.woff2', 'x'.repeat(2_000));
});
afterAll(() => fs.rmSync(dist, { recursive: true, force: true }));

describe('a page’s first load', () => {
  it('finds the stylesheets a page links and what they load, not data: or other sites', () => {
    expect(stylesheets(fs.readFileSync(path.join(dist, 'status.html'), 'utf8'))).toStrictEqual(['/assets/status.css']);
    expect(
      cssUrls('a{background:url("/img/a.png")} b{src:url(data:x)} c{src:url(//cdn/x)} d{src:url(f.woff2)}'),
    ).toStrictEqual(['/img/a.png', 'f.woff2']);
  });

  it('counts the page, its scripts and their static imports, its CSS and fonts — not lazy chunks', () => {
    const files = firstLoad(dist, 'status.html');
    expect(files.map((file) => file.file).sort()).toStrictEqual([
      'assets/font.woff2',
      'assets/react.js',
      'assets/runtime.js',
      'assets/start.js',
      'assets/status.css',
      'assets/status.js',
      'status.html',
    ]);
    const react = files.find((file) => file.file === 'assets/react.js');
    expect(react?.gzipBytes).toBe(gzipSync(fs.readFileSync(path.join(dist, 'assets/react.js'))).length);
  });
});

describe('a page’s inline scripts', () => {
  const page =
    '<head><script>fetch("/a")</script><script type="application/json" id="c">{"a":1}</script><script type="module" src="/assets/main.js"></script><script type="module">import"./x.js"</script></head>';

  it('are the classic and module inline ones: not data blocks, not files', () => {
    expect(inlineScripts(page)).toStrictEqual(['fetch("/a")', 'import"./x.js"']);
  });

  it('count with the entry and the first page, once', () => {
    write('index.html', page);
    write('assets/main.js', 'export{};');
    const entry = initialJavaScript(dist, true).map((file) => file.file);
    expect(entry.sort()).toStrictEqual(['assets/main.js', 'index.html#inline-1', 'index.html#inline-2']);
    expect(initialJavaScript(dist).find((file) => file.file === 'index.html#inline-1')?.bytes).toBe(11);
  });
});

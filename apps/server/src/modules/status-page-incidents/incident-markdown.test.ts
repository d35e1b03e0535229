import { incidentUpdateInput } from '@paydar/contracts/status-page-incidents';
import { describe, expect, it } from 'vitest';
import { escapeMarkdown, renderMarkdown, renderMarkdownUncached } from './incident-markdown';

const REL = 'rel="nofollow noopener noreferrer"';

/** Every tag name and attribute name in the output: only these may ever appear. */
const ALLOWED_TAGS = new Set(
  'p br strong em s code pre blockquote ul ol li a hr h1 h2 h3 h4 h5 h6 table thead tbody tr th td'.split(' '),
);
function tagsOf(html: string): string[] {
  return [...html.matchAll(/<\/?([a-zA-Z0-9]+)/g)].map((match) => (match[1] ?? '').toLowerCase());
}

describe('incident Markdown → sanitized HTML', () => {
  it('renders ordinary Markdown', () => {
    expect(renderMarkdown('**Down** since _10:00_.\n\n- one\n- two')).toBe(
      '<p><strong>Down</strong> since <em>10:00</em>.</p>\n<ul>\n<li>one</li>\n<li>two</li>\n</ul>\n',
    );
  });

  it('gives http(s) and mailto links rel="nofollow noopener noreferrer"', () => {
    expect(renderMarkdown('[status](https://example.test/a?b=1)')).toBe(
      `<p><a href="https://example.test/a?b=1" ${REL}>status</a></p>\n`,
    );
    expect(renderMarkdown('[mail](mailto:ops@example.test)')).toContain(`<a href="mailto:ops@example.test" ${REL}>`);
    expect(renderMarkdown('[plain](http://example.test)')).toContain(`href="http://example.test" ${REL}`);
  });

  it.each([
    ['<script>alert(1)</script>'],
    ['<img src=x onerror=alert(1)>'],
    ['<a href="https://x.test" onclick="alert(1)">x</a>'],
    ['<iframe src="https://evil.test"></iframe>'],
    ['<svg><script>alert(1)</script></svg>'],
    ['<div><p><b onmouseover="x()">nested</b></p></div>'],
    ['<<script>script>alert(1)<</script>/script>'],
  ])('shows raw HTML as text: %s', (source) => {
    const html = renderMarkdown(source);
    expect(tagsOf(html)).toEqual(['p', 'p']);
    expect(html).not.toMatch(/<(script|img|iframe|svg|div|b)\b/i);
    expect(html).toContain('&lt;');
  });

  it.each([
    ['[x](javascript:alert(1))'],
    ['[x](JaVaScRiPt:alert(1))'],
    ['[x](  javascript:alert(1))'],
    ['[x](java\tscript:alert(1))'],
    ['[x](vbscript:msgbox(1))'],
    ['[x](data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==)'],
    ['[x](file:///etc/passwd)'],
    ['<javascript:alert(1)>'],
    ['[x](//evil.test/path)'],
  ])('never links anything but http(s)/mailto: %s', (source) => {
    const html = renderMarkdown(source);
    expect(html).not.toMatch(/href="(?!https?:|mailto:)/i);
    expect(html).not.toMatch(/<a [^>]*href="[^"]*(javascript|vbscript|data|file):/i);
  });

  it('shows no image from anywhere, only its alt text', () => {
    expect(renderMarkdown('![the graph](https://cdn.example.test/graph.png)')).toBe('<p>the graph</p>\n');
    expect(renderMarkdown('![x](data:image/png;base64,AAAA)')).toBe('<p>x</p>\n');
    expect(renderMarkdown('![<script>](https://e.test/a.png)')).not.toContain('<script>');
  });

  it('keeps only the allowed tags and attributes whatever the input', () => {
    const source = [
      '# Title <em onclick=1>x</em>',
      '> quote [a](https://a.test "t\\" onclick=\\"x")',
      '```html\n<script>alert(1)</script>\n```',
      '| a | b |\n|:-|-:|\n| <b>1</b> | 2 |',
      '***[nested **[link](https://b.test)**](https://c.test)***',
    ].join('\n\n');
    const html = renderMarkdown(source);
    for (const tag of tagsOf(html)) expect(ALLOWED_TAGS.has(tag), tag).toBe(true);
    expect(html).not.toMatch(/<[^>]*\son[a-z]+=/i);
    expect(html).toContain('&lt;script&gt;');
  });

  // How fast is bench/pure-functions.bench.ts's figure: a timed assertion failed on a busy machine (issue 26).
  it('renders a 10,000-character body whole', () => {
    const body = `${'**a** [l](https://x.test) <i>b</i> '.repeat(400)}`.slice(0, 10_000);
    const html = renderMarkdownUncached(body);
    expect(html.length).toBeGreaterThan(10_000);
    for (const tag of tagsOf(html)) expect(ALLOWED_TAGS.has(tag), tag).toBe(true);
    const deep = `${'> '.repeat(5_000)}deep`;
    expect(() => renderMarkdownUncached(deep)).not.toThrow();
  });

  it('keeps a rendered body: the same source gives the same HTML', () => {
    expect(renderMarkdown('*a*')).toBe(renderMarkdownUncached('*a*'));
  });

  it('refuses NUL bytes at the contract', () => {
    const parsed = incidentUpdateInput.safeParse({ state: 'identified', body: 'a\u0000b' });
    expect(parsed.success).toBe(false);
  });

  it('escapes a name into Markdown that shows it literally', () => {
    const name = '[click](javascript:alert(1)) **bold** <b>x</b> # h';
    const html = renderMarkdown(escapeMarkdown(name));
    expect(html).toBe('<p>[click](javascript:alert(1)) **bold** &lt;b&gt;x&lt;/b&gt; # h</p>\n');
  });
});

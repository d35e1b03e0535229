import MarkdownIt from 'markdown-it';
import sanitizeHtml from 'sanitize-html';
import { lazyCache } from '../../caches/bounded-cache';

/**
 * Incident Markdown → HTML a visitor's browser may insert as it is. Two locks, each enough alone
 * for the common attacks: markdown-it with `html: false` writes raw HTML in the source as text and
 * refuses `javascript:`/`data:` links, and sanitize-html then keeps only the tags and attributes
 * below (links http(s)/mailto only, with rel="nofollow noopener noreferrer"). Images are never
 * shown (no tracking pixels or mixed content on a status page): `![alt](url)` renders its alt text.
 */

const markdown = new MarkdownIt({ html: false, linkify: false, typographer: false, breaks: true });
markdown.renderer.rules.image = (tokens, index) => markdown.utils.escapeHtml(tokens[index]?.content ?? '');

const LINK_REL = 'nofollow noopener noreferrer';

const policy: sanitizeHtml.IOptions = {
  allowedTags: [
    'p',
    'br',
    'strong',
    'em',
    's',
    'code',
    'pre',
    'blockquote',
    'ul',
    'ol',
    'li',
    'a',
    'hr',
    'h1',
    'h2',
    'h3',
    'h4',
    'h5',
    'h6',
    'table',
    'thead',
    'tbody',
    'tr',
    'th',
    'td',
  ],
  allowedAttributes: { a: ['href', 'rel'], ol: ['start'], th: ['style'], td: ['style'] },
  allowedStyles: { th: { 'text-align': [/^(left|right|center)$/] }, td: { 'text-align': [/^(left|right|center)$/] } },
  allowedSchemes: ['http', 'https', 'mailto'],
  allowedSchemesAppliedToAttributes: ['href'],
  allowProtocolRelative: false,
  disallowedTagsMode: 'escape',
  transformTags: { a: sanitizeHtml.simpleTransform('a', { rel: LINK_REL }) },
};

/** Renders and sanitizes without the cache. */
export function renderMarkdownUncached(source: string): string {
  return sanitizeHtml(markdown.render(source), policy);
}

/**
 * Rendered bodies kept by their source: the HTML is not stored, so a change of this policy applies
 * to everything already written, and the public answer (cached per version) renders rarely anyway.
 */
const rendered = lazyCache<string, string>('incident-markdown', {
  sizeOf: (html, key) => html.length + key.length,
});

export function renderMarkdown(source: string): string {
  const kept = rendered();
  const found = kept.get(source);
  if (found !== undefined) return found;
  const html = renderMarkdownUncached(source);
  kept.set(source, html);
  return html;
}

/** `text` as Markdown that shows it literally (a public name in an automatic update). */
export function escapeMarkdown(text: string): string {
  return text.replace(/[\\`*_{}[\]()#+\-.!<>|~&]/g, (character) => `\\${character}`).replace(/\s+/g, ' ');
}

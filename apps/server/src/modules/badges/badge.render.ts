/** What a badge shows: the left text, the right text and its colour. */
export interface BadgeContent {
  label: string;
  message: string;
  color: string;
  style: 'flat' | 'flat-square';
}

type BadgeMaker = typeof import('badge-maker');

/**
 * badge-maker, loaded at the first badge asked for: its font width tables (anafanafo's, about 45,000
 * arrays, 5 MiB of heap) are not kept by a server nobody asks for a badge.
 */
let badgeMaker: Promise<BadgeMaker> | undefined;
const loadBadgeMaker = () => {
  badgeMaker ??= import('badge-maker');
  return badgeMaker;
};

/**
 * The SVG, drawn by badge-maker (Shields.io's own renderer): it measures the text for the widths
 * and escapes it (XML entities) itself, so a label holding markup stays text.
 */
export async function renderBadge(content: BadgeContent): Promise<string> {
  const { makeBadge } = await loadBadgeMaker();
  return makeBadge({ label: content.label, message: content.message, color: content.color, style: content.style });
}

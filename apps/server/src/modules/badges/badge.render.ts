import { makeBadge } from 'badge-maker';

/** What a badge shows: the left text, the right text and its colour. */
export interface BadgeContent {
  label: string;
  message: string;
  color: string;
  style: 'flat' | 'flat-square';
}

/**
 * The SVG, drawn by badge-maker (Shields.io's own renderer): it measures the text for the widths
 * and escapes it (XML entities) itself, so a label holding markup stays text.
 */
export const renderBadge = (content: BadgeContent): string =>
  makeBadge({ label: content.label, message: content.message, color: content.color, style: content.style });

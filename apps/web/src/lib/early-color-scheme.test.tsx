// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { applyStoredColorScheme, COLOR_SCHEME_KEY } from './early-color-scheme';

const storageWith = (value: string | null) => () => ({
  getItem: (key: string) => (key === COLOR_SCHEME_KEY ? value : null),
});
const schemeOf = (root: HTMLElement) => root.getAttribute('data-mantine-color-scheme');

describe('applyStoredColorScheme', () => {
  it('takes a stored choice over the system', () => {
    const root = document.createElement('html');
    applyStoredColorScheme(root, storageWith('dark'), () => false);
    expect(schemeOf(root)).toBe('dark');
    applyStoredColorScheme(root, storageWith('light'), () => true);
    expect(schemeOf(root)).toBe('light');
  });

  it('follows the system when the choice is System or none', () => {
    const root = document.createElement('html');
    applyStoredColorScheme(root, storageWith('auto'), () => true);
    expect(schemeOf(root)).toBe('dark');
    applyStoredColorScheme(root, storageWith(null), () => false);
    expect(schemeOf(root)).toBe('light');
  });

  it('follows the system when storage refuses', () => {
    const root = document.createElement('html');
    const refusing = () => {
      throw new DOMException("Access to 'localStorage' is denied for this document.", 'SecurityError');
    };
    applyStoredColorScheme(root, refusing, () => true);
    expect(schemeOf(root)).toBe('dark');
  });
});

/** Where the light / dark / system choice is remembered; a device preference, so logout keeps it. */
export const COLOR_SCHEME_KEY = 'paydar.color-scheme';

/**
 * Sets the page's colour scheme from the stored choice (or the system's) before the app's code has
 * arrived, so a dark-mode reader never sees the page flash light first. Mantine's provider takes the
 * attribute over when it mounts. Kept free of Mantine: it runs in the page's first, tiny module.
 */
export function applyStoredColorScheme(
  root: HTMLElement = document.documentElement,
  storage: () => Pick<Storage, 'getItem'> | undefined = () => globalThis.localStorage,
  prefersDark: () => boolean = () => globalThis.matchMedia?.('(prefers-color-scheme: dark)').matches ?? false,
): void {
  let stored: string | null = null;
  try {
    stored = storage()?.getItem(COLOR_SCHEME_KEY) ?? null;
  } catch {
    // Storage refused (private modes, a blocked document): the system's choice.
  }
  const dark = stored === 'dark' || (stored !== 'light' && prefersDark());
  root.setAttribute('data-mantine-color-scheme', dark ? 'dark' : 'light');
}

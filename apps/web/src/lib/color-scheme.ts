import { localStorageColorSchemeManager } from '@mantine/core';

/** Where the light / dark / system choice is remembered; a device preference, so logout keeps it. */
export const COLOR_SCHEME_KEY = 'paydar.color-scheme';

/** Mantine's manager over localStorage: reads, writes and follows other tabs' changes of the choice. */
export const colorSchemeManager = localStorageColorSchemeManager({ key: COLOR_SCHEME_KEY });

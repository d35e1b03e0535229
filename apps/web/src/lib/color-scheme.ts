import { localStorageColorSchemeManager } from '@mantine/core';

import { COLOR_SCHEME_KEY } from './early-color-scheme';

export { COLOR_SCHEME_KEY };

/** Mantine's manager over localStorage: reads, writes and follows other tabs' changes of the choice. */
export const colorSchemeManager = localStorageColorSchemeManager({ key: COLOR_SCHEME_KEY });

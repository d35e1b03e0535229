import { configure } from '@testing-library/react';

/**
 * Set up in every web test file (vitest.config.ts): `findBy…` and `waitFor` wait up to 60 s instead
 * of Testing Library's 1 s. A jsdom render on a machine whose two cores are busy takes longer than
 * a second (issue 26); the wait ends as soon as the expectation holds, so an idle machine loses nothing.
 */
configure({ asyncUtilTimeout: 60_000 });

import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const specsDir = join(import.meta.dirname, '..', 'e2e', 'specs');

/** The value imports a spec takes from '@playwright/test' (type-only imports are fine). */
function playwrightValueImports(source: string): string[] {
  const imports = [...source.matchAll(/import\s+(type\s+)?\{([^}]*)\}\s+from\s+'@playwright\/test'/g)];
  return imports
    .filter((match) => !match[1])
    .flatMap((match) => (match[2] ?? '').split(','))
    .map((name) => name.trim())
    .filter((name) => name && !name.startsWith('type '));
}

describe('e2e specs', () => {
  // Issue 15: every screen is free of console errors, which only holds while every spec runs under
  // the guard of e2e/support/test.ts; a spec importing Playwright's own `test` would slip past it.
  it.each(readdirSync(specsDir).filter((name) => name.endsWith('.spec.ts')))(
    '%s takes test and expect from support/test (the console-error guard)',
    (name) => {
      expect(playwrightValueImports(readFileSync(join(specsDir, name), 'utf8'))).toEqual([]);
    },
  );

  it('finds a value import of Playwright', () => {
    expect(playwrightValueImports("import { expect, type Page, test } from '@playwright/test';")).toEqual([
      'expect',
      'test',
    ]);
    expect(playwrightValueImports("import type { Page } from '@playwright/test';")).toEqual([]);
  });
});

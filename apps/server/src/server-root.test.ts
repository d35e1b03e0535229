import { existsSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { migrationsFolder } from './db/migrate';
import { openApiFile } from './openapi/openapi-document';
import { serverRoot } from './server-root';

describe('the server root', () => {
  it('is apps/server, where the files the server reads at run time are', () => {
    expect(serverRoot).toBe(path.resolve(import.meta.dirname, '..'));
    expect(existsSync(path.join(serverRoot, 'package.json'))).toBe(true);
    expect(existsSync(path.join(serverRoot, 'assets', 'favicon.ico'))).toBe(true);
    expect(existsSync(openApiFile)).toBe(true);
    expect(existsSync(path.join(migrationsFolder, 'meta', '_journal.json'))).toBe(true);
  });
});

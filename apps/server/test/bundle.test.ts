import fs from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { bundledServer, bundleServer } from '../scripts/bundle';
import { startArguments } from './server-process';

describe('the bundled server npm start runs', () => {
  it('holds our packages and leaves npm packages and built-ins to Node', async () => {
    const file = await bundleServer();
    expect(file).toBe(path.resolve(import.meta.dirname, '..', 'dist', 'main.js'));
    const text = await fs.readFile(file, 'utf8');
    const imported = [...text.matchAll(/^import .* from "([^"]+)";$/gm)].map((match) => match[1]);
    expect(imported).toContain('pg');
    expect(imported).toContain('fastify');
    expect(imported).toContain('node:crypto');
    expect(imported.filter((name) => name?.startsWith('@paydar/') || name?.startsWith('.'))).toEqual([]);
    // Names kept: logs and stack traces name functions as the source does.
    expect(text).toContain('__name(startRuntime, "startRuntime")');
  });

  it('is what the tests and benchmarks start, with the start script’s node arguments', () => {
    expect(startArguments()).toEqual(['--max-semi-space-size=4', bundledServer]);
  });
});

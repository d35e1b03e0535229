import fs from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import { generateOpenApiDocument, openApiFile } from './openapi-document';

describe('the committed OpenAPI document', () => {
  it('matches the routes (run `npm run openapi` after changing an API)', async () => {
    const committed = await fs.readFile(openApiFile, 'utf8').catch(() => '(missing)');
    const generated = await generateOpenApiDocument();
    expect(committed, 'apps/server/openapi.json is out of date: run `npm run openapi`').toBe(generated);
    expect(JSON.parse(generated).paths['/api/v1/users/login']).toBeDefined();
  });
});

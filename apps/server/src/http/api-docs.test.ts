import { describe, expect, it } from 'vitest';
import { generateOpenApiDocument } from '../openapi/openapi-document';

type Operation = { security?: Array<Record<string, string[]>> };

describe('the OpenAPI document’s security', () => {
  it('declares both schemes and, per operation, the credentials the server accepts', async () => {
    const document = JSON.parse(await generateOpenApiDocument());
    expect(Object.keys(document.components.securitySchemes).sort()).toEqual(['apiToken', 'prober', 'session']);
    expect(document.components.securitySchemes.apiToken).toMatchObject({ type: 'http', scheme: 'bearer' });
    expect(document.security).toBeUndefined();
    const operation = (path: string, method: string): Operation => document.paths[path][method];
    const both = [{ session: [] }, { apiToken: [] }];
    expect(operation('/api/v1/monitors/', 'get').security).toEqual(both);
    expect(operation('/api/v1/monitors/', 'post').security).toEqual(both);
    expect(operation('/api/v1/users/profile', 'get').security).toEqual(both);
    expect(operation('/api/v1/users/profile', 'put').security).toEqual([{ session: [] }]);
    expect(operation('/api/v1/users/api_tokens', 'post').security).toEqual([{ session: [] }]);
    expect(operation('/api/v1/users/logout', 'post').security).toEqual([{ session: [] }]);
    for (const [path, method] of [
      ['/api/v1/users/login', 'post'],
      ['/api/v1/users/register', 'post'],
      ['/api/v1/monitors/{token}/share_info', 'get'],
      ['/api/v1/public/status_pages/{slug}', 'get'],
    ] as const)
      expect(operation(path, method).security, `${method} ${path}`).toEqual([]);
    const secured = Object.values(document.paths).flatMap((operations) =>
      Object.values(operations as Record<string, Operation>).filter((op) => op.security?.length),
    );
    expect(secured.length).toBeGreaterThan(40);
  });
});

describe('the OpenAPI document’s operations', () => {
  it('gives every operation a summary of its own, so the docs list says what each call does', async () => {
    const document = JSON.parse(await generateOpenApiDocument());
    const operations = Object.entries(document.paths as Record<string, Record<string, { summary?: string }>>).flatMap(
      ([path, methods]) =>
        Object.entries(methods).map(([method, operation]) => ({ name: `${method} ${path}`, operation })),
    );
    expect(operations.length).toBeGreaterThan(80);
    const missing = operations.filter(({ operation }) => !operation.summary?.trim()).map(({ name }) => name);
    expect(missing).toEqual([]);
    const summaries = operations.map(({ operation }) => operation.summary);
    expect(new Set(summaries).size).toBe(summaries.length);
  });
});

describe('the OpenAPI document’s responses', () => {
  type Responses = Record<string, { description?: string }>;
  const operationsOf = (document: {
    paths: Record<string, Record<string, { responses: Responses; security?: unknown[] }>>;
  }) =>
    Object.entries(document.paths).flatMap(([path, methods]) =>
      Object.entries(methods).map(([method, operation]) => ({ name: `${method} ${path}`, method, path, operation })),
    );

  it('describes every response (none left as "Default Response")', async () => {
    const operations = operationsOf(JSON.parse(await generateOpenApiDocument()));
    const vague = operations.flatMap(({ name, operation }) =>
      Object.entries(operation.responses)
        .filter(([, response]) => !response.description?.trim() || response.description === 'Default Response')
        .map(([status]) => `${name} ${status}`),
    );
    expect(vague).toEqual([]);
  });

  it('lists the refusals that follow from a route’s shape: credentials, writes, path parameters', async () => {
    const operations = operationsOf(JSON.parse(await generateOpenApiDocument()));
    const statusesOf = (method: string, path: string) =>
      Object.keys(operations.find((op) => op.method === method && op.path === path)?.operation.responses ?? {});
    // Secured: 401; a write with a token may be refused (read-only token): 403; a body: 413 and 415.
    expect(statusesOf('post', '/api/v1/monitors/')).toEqual(
      expect.arrayContaining(['400', '401', '403', '413', '415']),
    );
    // A path parameter can be too long for the router: 414.
    expect(statusesOf('get', '/api/v1/monitors/{id}/')).toEqual(expect.arrayContaining(['400', '401', '404', '414']));
    // Public reads: no 401 from the shape.
    expect(statusesOf('get', '/api/v1/monitors/{token}/share_info')).not.toContain('413');
    for (const { name, operation } of operations.filter(({ operation }) => operation.security?.length))
      expect(Object.keys(operation.responses), name).toContain('401');
  });

  it('declares the media type each answer has: no body on 204 and 302, the live streams as text/event-stream', async () => {
    const document = JSON.parse(await generateOpenApiDocument());
    const operations = operationsOf(document);
    const withBody = operations.flatMap(({ name, operation }) =>
      Object.entries(operation.responses as Record<string, { content?: object }>)
        .filter(([status, response]) => ['204', '302', '303'].includes(status) && response.content)
        .map(([status]) => `${name} ${status}`),
    );
    expect(withBody).toEqual([]);
    for (const path of ['/api/v1/live/', '/api/v1/live/shared/{token}'])
      expect(Object.keys(document.paths[path].get.responses['200'].content), path).toEqual(['text/event-stream']);
  });
});

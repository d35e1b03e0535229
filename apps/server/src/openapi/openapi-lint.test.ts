import path from 'node:path';
import { lintFromString, loadConfig } from '@redocly/openapi-core';
import { describe, expect, it } from 'vitest';
import { generateOpenApiDocument, openApiFile } from './openapi-document';
import { OPERATION_ID } from './operation-ids';

/** The repository's redocly.yaml: the recommended rules, with the few it turns off and why. */
const configPath = path.resolve(import.meta.dirname, '../../../../redocly.yaml');

const source = await generateOpenApiDocument();
const document = JSON.parse(source) as {
  paths: Record<string, Record<string, { operationId?: string; security?: unknown[] }>>;
};
const operations = Object.entries(document.paths).flatMap(([path, methods]) =>
  Object.entries(methods).map(([method, operation]) => ({ name: `${method.toUpperCase()} ${path}`, operation })),
);

describe('the OpenAPI document under @redocly lint', () => {
  it('has no error under the recommended rules', async () => {
    const config = await loadConfig({ configPath });
    const problems = await lintFromString({ source, absoluteRef: openApiFile, config });
    const errors = problems
      .filter((problem) => problem.severity === 'error')
      .map((problem) => `${problem.ruleId} at ${problem.location[0]?.pointer}: ${problem.message}`);
    expect(errors).toEqual([]);
  });

  it('would see an error: an operation without an operationId or security', async () => {
    const config = await loadConfig({ configPath });
    const broken = JSON.parse(source);
    delete broken.paths['/api/v1/monitors/'].get.operationId;
    delete broken.paths['/api/v1/users/login'].post.security;
    const problems = await lintFromString({ source: JSON.stringify(broken), absoluteRef: openApiFile, config });
    const rules = problems.filter((problem) => problem.severity === 'error').map((problem) => problem.ruleId);
    expect(rules.sort()).toEqual(['operation-operationId', 'security-defined']);
  });

  it('gives every operation a unique camelCase operationId', () => {
    expect(operations.length).toBeGreaterThan(80);
    const bad = operations.filter(({ operation }) => !OPERATION_ID.test(operation.operationId ?? ''));
    expect(bad.map(({ name }) => name)).toEqual([]);
    const ids = operations.map(({ operation }) => operation.operationId);
    const repeated = ids.filter((id, index) => ids.indexOf(id) !== index);
    expect(repeated).toEqual([]);
    expect(document.paths['/api/v1/monitors/']?.get?.operationId).toBe('listMonitors');
    expect(document.paths['/api/v1/monitors/{id}/metric']?.get?.operationId).toBe('getMonitorMetric');
  });

  it('declares security on every operation: none (`[]`) on a public one', () => {
    expect(operations.filter(({ operation }) => !Array.isArray(operation.security)).map(({ name }) => name)).toEqual(
      [],
    );
    expect(document.paths['/api/v1/users/login']?.post?.security).toEqual([]);
    expect(document.paths['/api/agent/v1/results']?.post?.security).toEqual([{ prober: [] }]);
  });
});

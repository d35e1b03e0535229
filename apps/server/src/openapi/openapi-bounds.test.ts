import { INT4_MAX } from '@paydar/contracts/edge-values';
import { describe, expect, it } from 'vitest';
import { generateOpenApiDocument } from './openapi-document';

/**
 * CONVENTIONS.md §13 for numbers and lengths, kept true for routes yet to come: every value a
 * client sends (path, query, header, body) is bounded in the schema, so an id of 2^31 or an
 * amount of 1e308 is a 400 naming the field, never an overflow in PostgreSQL. Integers fit
 * `integer` (int4); a field that really needs more must say so here.
 */

interface Schema {
  type?: string | string[];
  properties?: Record<string, Schema>;
  items?: Schema | Schema[];
  prefixItems?: Schema[];
  additionalProperties?: Schema | boolean;
  anyOf?: Schema[];
  oneOf?: Schema[];
  allOf?: Schema[];
  enum?: unknown[];
  const?: unknown;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  /** OpenAPI 3.1 (JSON Schema 2020-12): a number, the bound itself excluded. */
  exclusiveMinimum?: number;
  exclusiveMaximum?: number;
}

const INT4_MIN = -INT4_MAX - 1;

/** Each unbounded string or number under `schema`, by its dotted path. */
function unbounded(schema: Schema | boolean | undefined, path: string, found: string[] = []): string[] {
  if (!schema || typeof schema !== 'object') return found;
  const types = ([] as string[]).concat(schema.type ?? []);
  const fixed = schema.enum !== undefined || schema.const !== undefined;
  if (types.includes('string') && !fixed && schema.maxLength === undefined)
    found.push(`${path}: string without maxLength`);
  if (types.includes('integer') && !fixed) {
    const minimum = schema.minimum ?? schema.exclusiveMinimum;
    const maximum = schema.maximum ?? schema.exclusiveMaximum;
    if (minimum === undefined || maximum === undefined || minimum < INT4_MIN || maximum > INT4_MAX) {
      found.push(`${path}: integer outside int4 (${minimum} … ${maximum})`);
    }
  } else if (types.includes('number') && !fixed) {
    if (
      !Number.isFinite(schema.minimum ?? schema.exclusiveMinimum) ||
      !Number.isFinite(schema.maximum ?? schema.exclusiveMaximum)
    ) {
      found.push(`${path}: number without minimum and maximum`);
    }
  }
  for (const [key, property] of Object.entries(schema.properties ?? {})) unbounded(property, `${path}.${key}`, found);
  for (const item of ([] as Schema[]).concat(schema.items ?? [], schema.prefixItems ?? [])) {
    unbounded(item, `${path}[]`, found);
  }
  unbounded(schema.additionalProperties, `${path}{}`, found);
  for (const option of [...(schema.anyOf ?? []), ...(schema.oneOf ?? []), ...(schema.allOf ?? [])]) {
    unbounded(option, path, found);
  }
  return found;
}

interface Operation {
  parameters?: Array<{ in: string; name: string; schema?: Schema }>;
  requestBody?: { content: Record<string, { schema?: Schema }> };
}

const document = JSON.parse(await generateOpenApiDocument()) as { paths: Record<string, Record<string, Operation>> };
const operations = Object.entries(document.paths).flatMap(([path, methods]) =>
  Object.entries(methods).map(([method, operation]) => ({ name: `${method.toUpperCase()} ${path}`, operation })),
);

describe('what clients send is bounded in the API document', () => {
  it('walks every operation, and would see an unbounded field', () => {
    expect(operations.length).toBeGreaterThan(25);
    expect(unbounded({ type: 'object', properties: { id: { type: 'integer', minimum: 1 } } }, 'body')).toEqual([
      'body.id: integer outside int4 (1 … undefined)',
    ]);
  });

  it.each(operations)('$name', ({ operation }) => {
    const found = (operation.parameters ?? []).flatMap((parameter) =>
      unbounded(parameter.schema, `${parameter.in}:${parameter.name}`),
    );
    for (const content of Object.values(operation.requestBody?.content ?? {})) unbounded(content.schema, 'body', found);
    expect(found).toEqual([]);
  });
});

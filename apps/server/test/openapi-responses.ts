import { Ajv2020, type ValidateFunction } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';

/** The parts of an OpenAPI 3.1 document a response is checked against. */
export interface ApiDocument {
  paths: Record<string, Record<string, { operationId?: string; responses?: Record<string, ApiResponse> }>>;
}
interface ApiResponse {
  content?: Record<string, { schema?: object }>;
}

/** An answer as the app gave it: the route's path as Fastify has it (`/monitors/:id/`), status, headers, body. */
export interface Answer {
  method: string;
  route: string;
  statusCode: number;
  contentType: string | undefined;
  /** undefined: not readable here (a stream, a compressed body); its status and media type are still checked. */
  body: string | undefined;
}

/** The OpenAPI path of a Fastify route: `/monitors/:id/` → `/monitors/{id}/`. */
export const documentPath = (route: string) => route.replace(/:(\w+)/g, '{$1}');

/**
 * Checks answers against the OpenAPI document (issue 37: it must describe what the API sends): the
 * status is declared, the media type is one the status declares (none for a bodiless one), and a
 * JSON body matches the declared schema (ajv, JSON Schema 2020-12 as OpenAPI 3.1 has it).
 */
export function responseChecker(document: ApiDocument) {
  const ajv = new Ajv2020({ strict: false, allErrors: true });
  addFormats.default(ajv);
  const compiled = new Map<string, ValidateFunction>();
  const validatorOf = (key: string, schema: object) => {
    let validate = compiled.get(key);
    if (!validate) {
      validate = ajv.compile(schema);
      compiled.set(key, validate);
    }
    return validate;
  };

  /** The operationId the answer belongs to, or undefined for a route the document leaves out. */
  const operationOf = (answer: Pick<Answer, 'method' | 'route'>) =>
    document.paths[documentPath(answer.route)]?.[answer.method.toLowerCase()]?.operationId;

  /** What is wrong with the answer, or null when the document describes it (or leaves its route out). */
  function problemOf(answer: Answer): string | null {
    const path = documentPath(answer.route);
    // HEAD is GET without the body (Fastify answers it from the GET route).
    const method = answer.method === 'HEAD' ? 'get' : answer.method.toLowerCase();
    const operation = document.paths[path]?.[method];
    if (!operation) return null;
    const status = String(answer.statusCode);
    const response = operation.responses?.[status] ?? operation.responses?.[`${status[0]}XX`];
    if (!response) return `status ${status} is not declared`;
    const mediaType = answer.contentType?.split(';')[0]?.trim().toLowerCase();
    const bodyKnown = answer.body !== undefined && answer.method !== 'HEAD';
    if (!response.content) {
      if (!bodyKnown || answer.body === '') return null;
      return `${status} declares no body, sent ${answer.body?.length} bytes (${mediaType})`;
    }
    const declared = Object.keys(response.content);
    if (!mediaType || !declared.includes(mediaType))
      return `${status} sent ${mediaType ?? 'no content-type'}, the document declares ${declared.join(', ')}`;
    const schema = response.content[mediaType]?.schema;
    if (!bodyKnown || answer.body === undefined || mediaType !== 'application/json' || !schema) return null;
    let body: unknown;
    try {
      body = JSON.parse(answer.body);
    } catch {
      return `${status} sent application/json that does not parse: ${answer.body.slice(0, 100)}`;
    }
    const validate = validatorOf(`${method} ${path} ${status} ${mediaType}`, schema);
    if (validate(body)) return null;
    const errors = ajv.errorsText(validate.errors, { separator: '; ', dataVar: 'body' });
    return `${status} body does not match the document: ${errors.slice(0, 600)}`;
  }

  return { problemOf, operationOf };
}

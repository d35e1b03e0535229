import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { AppError, type ErrorCode, invalidField } from '../errors';

interface ErrorResponse {
  status: number;
  body: Record<string, unknown>;
  headers?: Record<string, string>;
}

function fieldName(instancePath: string, key?: string): string {
  return [instancePath.replace(/^\//, '').replaceAll('/', '.'), key].filter(Boolean).join('.') || 'non_field_errors';
}

function validationResponse(
  issues: Array<{ keyword?: string; instancePath: string; message: string; params?: unknown }>,
): ErrorResponse {
  // No prototype: a field the client names `constructor` or `toString` must not find Object.prototype's.
  const fields: Record<string, string[]> = Object.create(null);
  for (const issue of issues) {
    // fastify-type-provider-zod puts zod's issue code in `keyword` and the rest of the issue in `params`.
    const keys = (issue.params as { keys?: unknown } | undefined)?.keys;
    // Unknown keys are named one by one, so the client sees which field to drop.
    const unknownKeys = issue.keyword === 'unrecognized_keys' && Array.isArray(keys) ? keys.map(String) : [];
    const names = unknownKeys.length
      ? unknownKeys.map((key) => fieldName(issue.instancePath, key))
      : [fieldName(issue.instancePath)];
    for (const name of names) {
      const message = unknownKeys.length ? 'Unknown field.' : issue.message;
      fields[name] = [...(fields[name] ?? []), message];
    }
  }
  const [firstField, firstMessages] = Object.entries(fields)[0] ?? ['non_field_errors', ['Invalid input.']];
  return {
    status: 400,
    body: { ...fields, code: 'VALIDATION_FAILED', detail: `${firstField}: ${firstMessages[0]}` },
  };
}

/** Errors Fastify raises itself, mapped to our stable codes. */
const fastifyCodes: Record<string, { code: ErrorCode; detail: string }> = {
  FST_ERR_CTP_INVALID_JSON_BODY: { code: 'INVALID_JSON', detail: 'The request body is not valid JSON.' },
  FST_ERR_CTP_EMPTY_JSON_BODY: { code: 'INVALID_JSON', detail: 'The request body is empty but says it is JSON.' },
  FST_ERR_CTP_BODY_TOO_LARGE: { code: 'BODY_TOO_LARGE', detail: 'The request body is larger than 1 MB.' },
  FST_ERR_CTP_INVALID_MEDIA_TYPE: { code: 'UNSUPPORTED_MEDIA_TYPE', detail: 'Send the body as application/json.' },
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: { code: 'INVALID_JSON', detail: 'The Content-Length does not match the body.' },
};

function toResponse(error: FastifyError | AppError | Error): ErrorResponse {
  if (error instanceof AppError) {
    return {
      status: error.statusCode,
      body: { ...error.fields, code: error.code, detail: error.detail },
      headers: error.headers,
    };
  }
  if (hasZodFastifySchemaValidationErrors(error)) {
    return validationResponse(error.validation as never);
  }
  const fastifyError = error as FastifyError;
  const known = fastifyError.code ? fastifyCodes[fastifyError.code] : undefined;
  if (known) {
    const status = known.code === 'BODY_TOO_LARGE' ? 413 : known.code === 'UNSUPPORTED_MEDIA_TYPE' ? 415 : 400;
    return { status, body: { code: known.code, detail: known.detail } };
  }
  if (fastifyError.validation) {
    return validationResponse(fastifyError.validation as never);
  }
  if (fastifyError.statusCode && fastifyError.statusCode >= 400 && fastifyError.statusCode < 500) {
    return {
      status: fastifyError.statusCode,
      body: { code: 'BAD_REQUEST', detail: 'The request could not be understood.' },
    };
  }
  return { status: 500, body: { code: 'INTERNAL', detail: 'Something went wrong on our side. Please try again.' } };
}

/**
 * Fastify's `frameworkErrors`: what it refuses before routing gets the same body as everything
 * else; a path that is not UTF-8 once percent-decoded (`%ED%A0%80`) names the path.
 */
export function sendFrameworkError(error: FastifyError, _request: FastifyRequest, reply: FastifyReply): void {
  const refused =
    error.code === 'FST_ERR_BAD_URL' ? invalidField('path', 'Must be valid UTF-8 text once decoded.') : error;
  const response = toResponse(refused);
  void reply.status(response.status).send(response.body);
}

/** The one place errors become responses: stable codes, never a stack or raw message to the client. */
export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error, request, reply) => {
    const response = toResponse(error as Error);
    if (response.status >= 500) request.log.error({ err: error }, 'request failed');
    else request.log.info({ code: response.body.code }, 'request refused');
    if (response.headers) void reply.headers(response.headers);
    return reply.status(response.status).send(response.body);
  });
}

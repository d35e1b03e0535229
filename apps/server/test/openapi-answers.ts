import { randomUUID } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { testEnvironment } from './config';
import { type ApiDocument, responseChecker } from './openapi-responses';

export interface CheckedAnswers {
  /** Each answer the document does not describe: `METHOD route: problem`. */
  readonly problems: string[];
  /** The operationIds that gave an answer, by status. */
  readonly seen: Map<string, Set<number>>;
  /** Writes `seen` to OPENAPI_COVERAGE_DIR when it is set, then fails on any problem. */
  finish(): Promise<void>;
}

/**
 * Hooks the test server's app so that every answer it gives (app.inject or a real connection) is
 * checked against the app's own OpenAPI document (openapi-responses.ts). Streams (event streams,
 * files) and compressed bodies are checked for status and media type only.
 */
export function checkAnswersAgainstDocument(app: FastifyInstance): CheckedAnswers {
  let checker: ReturnType<typeof responseChecker> | undefined;
  const problems: string[] = [];
  const seen = new Map<string, Set<number>>();
  app.addHook('onSend', async (request, reply, payload) => {
    const route = request.routeOptions.url;
    if (!route) return payload;
    const readable = (typeof payload === 'string' || Buffer.isBuffer(payload)) && !reply.getHeader('content-encoding');
    // Fastify sends no body with a 204 or 304, whatever the handler gave (`send(null)` is "null" here).
    const empty = payload === null || payload === undefined || reply.statusCode === 204 || reply.statusCode === 304;
    const contentType = reply.getHeader('content-type');
    const answer = {
      method: request.method,
      route,
      statusCode: reply.statusCode,
      contentType: typeof contentType === 'string' ? contentType : undefined,
      body: empty ? '' : readable ? String(payload) : undefined,
    };
    let found: string | null;
    try {
      checker ??= responseChecker(app.swagger() as ApiDocument);
      found = checker.problemOf(answer);
    } catch (error) {
      // Never the answer's problem: the check's own failure is reported with the file, not turned into a 500.
      found = `could not be checked: ${String(error).slice(0, 200)}`;
    }
    if (found) problems.push(`${request.method} ${route} (${request.url.slice(0, 120)}): ${found}`);
    const operationId = checker?.operationOf(answer);
    if (operationId) {
      const statuses = seen.get(operationId) ?? new Set<number>();
      statuses.add(reply.statusCode);
      seen.set(operationId, statuses);
    }
    return payload;
  });
  return {
    problems,
    seen,
    async finish() {
      const dir = testEnvironment.openApiCoverageDir;
      if (dir) {
        await mkdir(dir, { recursive: true });
        const statuses = Object.fromEntries([...seen].map(([id, set]) => [id, [...set].sort()]));
        await writeFile(path.join(dir, `${randomUUID()}.json`), JSON.stringify(statuses));
      }
      if (problems.length)
        throw new Error(`answers the OpenAPI document does not describe:\n${[...new Set(problems)].join('\n')}`);
    },
  };
}

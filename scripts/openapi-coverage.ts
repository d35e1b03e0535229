/**
 * Which operations of the OpenAPI document the tests saw answer, and with which statuses: run the
 * server tests with OPENAPI_COVERAGE_DIR=<dir> (every test server writes what it answered there,
 * each answer checked against the document), then `npx tsx scripts/openapi-coverage.ts <dir>`.
 * Lists every operation; exits 1 when one had no successful (2xx or 3xx) answer checked.
 */
import fs from 'node:fs';
import path from 'node:path';

const dir = process.argv[2];
if (!dir) throw new Error('usage: tsx scripts/openapi-coverage.ts <OPENAPI_COVERAGE_DIR>');
const documentFile = path.resolve(import.meta.dirname, '../apps/server/openapi.json');
const document = JSON.parse(fs.readFileSync(documentFile, 'utf8')) as {
  paths: Record<string, Record<string, { operationId: string }>>;
};
const seen = new Map<string, Set<number>>();
for (const file of fs.readdirSync(dir).filter((name) => name.endsWith('.json'))) {
  const statuses = JSON.parse(fs.readFileSync(path.join(dir, file), 'utf8')) as Record<string, number[]>;
  for (const [id, list] of Object.entries(statuses))
    for (const status of list) seen.set(id, (seen.get(id) ?? new Set()).add(status));
}
const missing: string[] = [];
for (const [route, methods] of Object.entries(document.paths)) {
  for (const [method, { operationId }] of Object.entries(methods)) {
    const statuses = [...(seen.get(operationId) ?? [])].sort();
    const success = statuses.some((status) => status >= 200 && status < 400);
    if (!success) missing.push(operationId);
    console.log(
      `${success ? 'ok  ' : 'MISS'} ${operationId.padEnd(34)} ${method.toUpperCase()} ${route}  [${statuses.join(' ')}]`,
    );
  }
}
console.log(
  `\n${missing.length} operations without a checked 2xx/3xx answer${missing.length ? `: ${missing.join(', ')}` : ''}`,
);
process.exitCode = missing.length ? 1 : 0;

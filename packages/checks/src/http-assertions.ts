import type { IncomingHttpHeaders } from 'node:http';
import type { CheckSpec } from '@paydar/contracts/agent';
import { DEFAULT_ACCEPTED_STATUSES, type HttpAssertion, isStatusAccepted } from '@paydar/contracts/http-assertions';
import { formatJsonPath, parseJsonPath, readJsonPath } from '@paydar/contracts/json-path';
import { CheckError } from './errors';

/**
 * Judges an HTTP check's final answer against the monitor's assertions (issue 17). A failed
 * assertion throws a CheckError — a target failure — whose text names the assertion and what was
 * found, each quoted value cut to a few dozen characters.
 */

type HttpOptions = NonNullable<CheckSpec['http']>;

/** The final answer as the check read it: the body only when an assertion needs it, cut at the read limit. */
export interface FinalResponse {
  status: number;
  statusText: string;
  headers: IncomingHttpHeaders;
  body: Buffer | null;
}

/** How much of a quoted value an error text shows. */
const SHOWN_CHARACTERS = 60;

function quoted(text: string): string {
  const shown = text.length > SHOWN_CHARACTERS ? `${text.slice(0, SHOWN_CHARACTERS)}…` : text;
  return JSON.stringify(shown);
}

/** Whether the check must keep the body of the final answer (and so read more of it). */
export const needsBody = (options: HttpOptions): boolean =>
  (options.assertions ?? []).some((assertion) => assertion.type !== 'header');

/** Throws the first assertion that does not hold; the status first, as the check did before them. */
export function assertHttpResponse(options: HttpOptions, response: FinalResponse): void {
  assertStatus(options, response);
  for (const assertion of options.assertions ?? []) assertOne(assertion, response);
}

function assertStatus(options: HttpOptions, { status, statusText }: FinalResponse): void {
  if (!options.accepted_statuses) {
    // Today's rule, and today's text, for monitors that kept the default and for older servers.
    if (status >= 400) throw new CheckError(`HTTP ${status} ${statusText}`.trim());
    return;
  }
  if (isStatusAccepted(status, options.accepted_statuses)) return;
  const accepted = options.accepted_statuses.map(([low, high]) => (low === high ? `${low}` : `${low}-${high}`));
  throw new CheckError(`Status ${status} not in ${accepted.join(', ') || DEFAULT_ACCEPTED_STATUSES}`);
}

function assertOne(assertion: HttpAssertion, response: FinalResponse): void {
  if (assertion.type === 'keyword') assertKeyword(assertion, bodyText(response));
  else if (assertion.type === 'json') assertJson(assertion, bodyText(response));
  else assertHeader(assertion, response.headers);
}

const bodyText = (response: FinalResponse) => response.body?.toString('utf8') ?? '';

function assertKeyword(assertion: Extract<HttpAssertion, { type: 'keyword' }>, body: string): void {
  const found = assertion.case_sensitive
    ? body.includes(assertion.value)
    : body.toLowerCase().includes(assertion.value.toLowerCase());
  if (assertion.mode === 'present' && !found) throw new CheckError(`Keyword ${quoted(assertion.value)} not found`);
  if (assertion.mode === 'absent' && found) throw new CheckError(`Keyword ${quoted(assertion.value)} found`);
}

/** A found value as text: a string as it is, anything else as JSON, so `true` equals "true". */
const asText = (value: unknown): string => (typeof value === 'string' ? value : JSON.stringify(value));

function assertJson(assertion: Extract<HttpAssertion, { type: 'json' }>, body: string): void {
  const parsed = parseJsonPath(assertion.path);
  // The server checked the path at save; an agent still refuses what it cannot read, as the target's failure.
  if (!parsed.ok) throw new CheckError(`JSON path ${quoted(assertion.path)} is not valid`);
  const path = formatJsonPath(parsed.segments);
  let document: unknown;
  try {
    document = JSON.parse(body);
  } catch {
    throw new CheckError(`Body is not JSON (${path} not read)`);
  }
  const found = readJsonPath(document, parsed.segments);
  if (found === undefined) throw new CheckError(`${path} not found`);
  if (assertion.operator === 'exists') return;
  const text = asText(found);
  if (assertion.operator === 'equals' && text !== assertion.value) {
    throw new CheckError(`${path} was ${quoted(text)}, expected ${quoted(assertion.value)}`);
  }
  if (assertion.operator === 'contains' && !containsValue(found, assertion.value)) {
    throw new CheckError(`${path} was ${quoted(text)}, expected to contain ${quoted(assertion.value)}`);
  }
}

/** An array contains an item equal to the value; anything else contains it as text. */
function containsValue(found: unknown, value: string): boolean {
  if (Array.isArray(found)) return found.some((item) => asText(item) === value);
  return asText(found).includes(value);
}

function assertHeader(assertion: Extract<HttpAssertion, { type: 'header' }>, headers: IncomingHttpHeaders): void {
  const name = assertion.name.toLowerCase();
  const raw = headers[name];
  if (raw === undefined) throw new CheckError(`Header ${name} missing, expected ${quoted(assertion.value)}`);
  const actual = (Array.isArray(raw) ? raw.join(', ') : raw).trim();
  if (actual !== assertion.value.trim()) {
    throw new CheckError(`Header ${name} was ${quoted(actual)}, expected ${quoted(assertion.value)}`);
  }
}

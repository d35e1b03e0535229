import {
  DEFAULT_ACCEPTED_STATUSES,
  type HttpAssertion,
  type HttpAssertionInput,
  httpAssertion,
  type JSON_OPERATORS,
  parseStatusRanges,
} from '@paydar/contracts/http-assertions';
import { MAX_TIMEOUT_SECONDS, type Monitor } from '@paydar/contracts/monitors';

/**
 * The "Response checks" part of the monitor form (issue 17): accepted status codes, timeout,
 * redirects and the assertions. The names match the API's (`http_assertions.0.value` …), so a
 * refusal from the server lands under the same field; the bounds and texts are the server's
 * (contracts/http-assertions).
 */

export type AssertionType = HttpAssertion['type'];

/** One assertion row: every kind's fields, so switching the kind keeps what was typed. */
export type AssertionFormRow = {
  type: AssertionType;
  mode: 'present' | 'absent';
  case_sensitive: boolean;
  path: string;
  operator: (typeof JSON_OPERATORS)[number];
  name: string;
  value: string;
};

export type HttpAssertionFormValues = {
  http_accepted_statuses: string;
  http_follow_redirects: boolean;
  /** Seconds; '' for the default (the period, at most 30 s). */
  timeout: number | string;
  http_assertions: AssertionFormRow[];
};

export const newAssertionRow = (type: AssertionType = 'keyword'): AssertionFormRow => ({
  type,
  mode: type === 'keyword' ? 'absent' : 'present',
  case_sensitive: false,
  path: '',
  operator: 'equals',
  name: '',
  value: '',
});

export const defaultHttpAssertionValues = (): HttpAssertionFormValues => ({
  http_accepted_statuses: DEFAULT_ACCEPTED_STATUSES,
  http_follow_redirects: true,
  timeout: '',
  http_assertions: [],
});

const rowOf = (assertion: HttpAssertion): AssertionFormRow => ({ ...newAssertionRow(assertion.type), ...assertion });

/** The values an edit form starts with. */
export const httpAssertionValuesOf = (monitor: Monitor): HttpAssertionFormValues => ({
  http_accepted_statuses: monitor.http_accepted_statuses,
  http_follow_redirects: monitor.http_follow_redirects,
  timeout: monitor.timeout ?? '',
  http_assertions: monitor.http_assertions.map(rowOf),
});

/** A row as the API takes it: only its kind's fields. */
export function assertionInputOf(row: AssertionFormRow): HttpAssertionInput {
  if (row.type === 'keyword') {
    return { type: 'keyword', mode: row.mode, value: row.value, case_sensitive: row.case_sensitive };
  }
  if (row.type === 'json') {
    return { type: 'json', path: row.path, operator: row.operator, value: row.operator === 'exists' ? '' : row.value };
  }
  return { type: 'header', name: row.name, value: row.value };
}

/** The API's fields of this part. Unchecked: see httpAssertionErrors. */
export function httpAssertionInputOf(values: HttpAssertionFormValues) {
  return {
    http_accepted_statuses: values.http_accepted_statuses,
    http_follow_redirects: values.http_follow_redirects,
    timeout: values.timeout === '' ? null : Number(values.timeout),
    http_assertions: values.http_assertions.map(assertionInputOf),
  };
}

/** The longest timeout the period allows. */
export const maxTimeoutOf = (period: number | null) => Math.min(MAX_TIMEOUT_SECONDS, period ?? MAX_TIMEOUT_SECONDS);

/** The messages of the part's fields, by form path (`http_assertions.0.value` …); empty when it may be saved. */
export function httpAssertionErrors(values: HttpAssertionFormValues, period: number | null): Record<string, string> {
  const errors: Record<string, string> = {};
  const statuses = parseStatusRanges(values.http_accepted_statuses);
  if (!statuses.ok) errors.http_accepted_statuses = statuses.message;
  if (values.timeout !== '') {
    const timeout = Number(values.timeout);
    const max = maxTimeoutOf(period);
    if (!Number.isInteger(timeout) || timeout < 1 || timeout > max) {
      errors.timeout = `Enter whole seconds from 1 to ${max}${max < MAX_TIMEOUT_SECONDS ? ' (the period)' : ''}.`;
    }
  }
  values.http_assertions.forEach((row, index) => {
    const parsed = httpAssertion.safeParse(assertionInputOf(row));
    if (parsed.success) return;
    for (const issue of parsed.error.issues) {
      errors[`http_assertions.${index}.${issue.path.join('.') || 'type'}`] ??= issue.message;
    }
  });
  return errors;
}

import { z } from 'zod';
import { edgeText } from './edge-values';
import { headerNameProblem, isFramingHeader } from './http-headers';
import { parseJsonPath } from './json-path';

/**
 * HTTP assertions (issue 17, part 1): what an HTTP check's answer must hold beyond "it answered".
 * The accepted status codes are a field of their own; the other assertions are a short list. The
 * bounds here are the server's, the form's and the agent's alike.
 */
export const HTTP_ASSERTION_LIMITS = {
  /** Assertions on one monitor. */
  count: 10,
  /** Characters of a keyword, an expected value or a header name. */
  valueLength: 256,
  /** Characters of the accepted status codes text, and its number of codes and ranges. */
  statusesLength: 200,
  statusRanges: 20,
  /** How much of a body keyword and JSON assertions read; the rest is not looked at. */
  bodyBytes: 1024 * 1024,
} as const;

/** Today's rule and the default: any final status from 200 to 399. */
export const DEFAULT_ACCEPTED_STATUSES = '200-399';

export type StatusRange = readonly [number, number];

export type ParsedStatuses = { ok: true; ranges: StatusRange[]; text: string } | { ok: false; message: string };

const STATUS_ITEM = /^(\d{1,3})(?:\s*-\s*(\d{1,3}))?$/;

/** `200-299, 301` → the ranges and the text written the one way (`200-299, 301`), or why not. */
export function parseStatusRanges(text: string): ParsedStatuses {
  if (text.length > HTTP_ASSERTION_LIMITS.statusesLength) {
    return { ok: false, message: `Write at most ${HTTP_ASSERTION_LIMITS.statusesLength} characters.` };
  }
  const items = text
    .split(',')
    .map((item) => item.trim())
    .filter(Boolean);
  if (items.length === 0) return { ok: false, message: 'Enter at least one status code, like 200-299.' };
  if (items.length > HTTP_ASSERTION_LIMITS.statusRanges) {
    return { ok: false, message: `Enter at most ${HTTP_ASSERTION_LIMITS.statusRanges} codes and ranges.` };
  }
  const ranges: StatusRange[] = [];
  for (const item of items) {
    const match = item.match(STATUS_ITEM);
    if (!match) return { ok: false, message: `"${item.slice(0, 20)}" is not a status code or a range like 200-299.` };
    const low = Number(match[1]);
    const high = match[2] === undefined ? low : Number(match[2]);
    if (low < 100 || high > 599) return { ok: false, message: 'Status codes are from 100 to 599.' };
    if (low > high) return { ok: false, message: `The range ${low}-${high} ends before it starts.` };
    ranges.push([low, high]);
  }
  const written = ranges.map(([low, high]) => (low === high ? `${low}` : `${low}-${high}`)).join(', ');
  return { ok: true, ranges, text: written };
}

export const isStatusAccepted = (status: number, ranges: readonly StatusRange[]) =>
  ranges.some(([low, high]) => status >= low && status <= high);

/** The accepted status codes as the API takes them: text, checked and written the one way. */
export const acceptedStatuses = z
  .string()
  .max(HTTP_ASSERTION_LIMITS.statusesLength)
  .transform((text, context) => {
    const parsed = parseStatusRanges(text);
    if (parsed.ok) return parsed.text;
    context.addIssue({ code: 'custom', message: parsed.message });
    return z.NEVER;
  })
  .meta({ description: 'Accepted final status codes: codes and ranges, like `200-299, 301`.', example: '200-399' });

const value = (what: string) =>
  edgeText(HTTP_ASSERTION_LIMITS.valueLength, `Write at most ${HTTP_ASSERTION_LIMITS.valueLength} characters.`).meta({
    description: `${what} (at most 256 characters).`,
  });

export const keywordAssertion = z.strictObject({
  type: z.literal('keyword'),
  /** present: the body must hold the keyword; absent: it must not. */
  mode: z.enum(['present', 'absent']),
  value: value('The text to look for in the first 1 MB of the body').min(1, { message: 'Enter the keyword.' }),
  case_sensitive: z.boolean().default(false),
});

export const JSON_OPERATORS = ['equals', 'contains', 'exists'] as const;

export const jsonAssertion = z
  .strictObject({
    type: z.literal('json'),
    path: value('Where in the JSON body, like data.items[0].status').superRefine((path, context) => {
      const parsed = parseJsonPath(path);
      if (!parsed.ok) context.addIssue({ code: 'custom', message: parsed.message });
    }),
    operator: z.enum(JSON_OPERATORS),
    /** Compared with the value as text: a string as it is, anything else as JSON (`true`, `42`, `null`). */
    value: value('The expected value; not used by exists').default(''),
  })
  .superRefine((assertion, context) => {
    if (assertion.operator === 'contains' && assertion.value === '') {
      context.addIssue({ code: 'custom', path: ['value'], message: 'Enter the text the value must contain.' });
    }
  });

export const headerAssertion = z.strictObject({
  type: z.literal('header'),
  name: z
    .string()
    .trim()
    .min(1, { message: 'Enter the header name.' })
    .max(HTTP_ASSERTION_LIMITS.valueLength)
    .superRefine((name, context) => {
      // Framing headers may not be sent from a monitor, but reading one back is fine.
      const problem = isFramingHeader(name) ? undefined : headerNameProblem(name);
      if (problem) context.addIssue({ code: 'custom', message: problem });
    }),
  /** The whole value, compared exactly (after trimming spaces at its ends). */
  value: value('The header value the response must have'),
});

export const httpAssertion = z.discriminatedUnion('type', [keywordAssertion, jsonAssertion, headerAssertion], {
  message: "Choose an assertion type: 'keyword', 'json' or 'header'.",
});
export type HttpAssertion = z.output<typeof httpAssertion>;
export type HttpAssertionInput = z.input<typeof httpAssertion>;

export const httpAssertions = z
  .array(httpAssertion)
  .max(HTTP_ASSERTION_LIMITS.count, { message: `A monitor has at most ${HTTP_ASSERTION_LIMITS.count} assertions.` });

import { z } from 'zod';

/**
 * What a monitor may send as its own request headers. Checked when the monitor is saved, so a
 * header that would fail at send (or be dangerous to send) is refused with its field named.
 */

/**
 * Headers that frame the message or manage the connection: the check sets them itself. Sent
 * from a monitor they would desynchronise the target or a proxy in front of it (a wrong
 * Content-Length, Transfer-Encoding or Trailer is request smuggling), hold the check waiting
 * for a body that never comes, switch protocols (Upgrade) or keep a connection the check
 * must close (Connection, Keep-Alive, Proxy-Connection, TE are hop-by-hop, RFC 9110 §7.6.1).
 * Host is not here: the check connects to the URL's own address whatever Host says.
 */
export const FRAMING_HEADERS = [
  'connection',
  'content-length',
  'keep-alive',
  'proxy-connection',
  'te',
  'trailer',
  'transfer-encoding',
  'upgrade',
] as const;

/** RFC 9110 §5.6.2: a field name is a token. */
const TOKEN = /^[!#$%&'*+\-.^_`|~0-9A-Za-z]+$/;
/** What Node's http sends in a field value: tab, visible ASCII, space and Latin-1; no CR, LF or other controls. */
const FIELD_VALUE = /^[\t\u0020-\u007e\u0080-\u00ff]*$/;

export const isFramingHeader = (name: string) =>
  (FRAMING_HEADERS as readonly string[]).includes(name.trim().toLowerCase());

/** Why a monitor may not send this header name, or undefined when it may. */
export function headerNameProblem(name: string): string | undefined {
  if (!TOKEN.test(name)) return "A header name is letters, digits and ! # $ % & ' * + - . ^ _ ` | ~ only.";
  if (isFramingHeader(name)) return `${name} is set by the check itself and cannot be sent from a monitor.`;
  return undefined;
}

/** Why a monitor may not send this header value, or undefined when it may. */
export function headerValueProblem(value: string): string | undefined {
  return FIELD_VALUE.test(value)
    ? undefined
    : 'A header value is one line of printable characters: no line breaks or control characters, Latin-1 at most.';
}

/** One `{key, value}` header of a monitor; a refusal names `key` or `value`. */
export const httpHeader = z
  .strictObject({ key: z.string().trim().min(1).max(256), value: z.string().max(4096) })
  .superRefine((header, context) => {
    const nameProblem = headerNameProblem(header.key);
    if (nameProblem) context.addIssue({ code: 'custom', path: ['key'], message: nameProblem });
    const valueProblem = headerValueProblem(header.value);
    if (valueProblem) context.addIssue({ code: 'custom', path: ['value'], message: valueProblem });
  });

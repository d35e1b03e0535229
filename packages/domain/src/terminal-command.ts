import type { CheckSpec } from '@paydar/contracts/agent';
import { METHODS_WITH_BODY } from '@paydar/contracts/monitors-options';
import { DEFAULT_TCP_PORT, splitHostPort } from './monitor-input';

/**
 * A shell line that reproduces a check (the monitor's `terminal_command`): curl for HTTP, ping for
 * ICMP, nc for TCP, dig for DNS. Every value a user typed is single-quoted for POSIX sh (a quote
 * inside becomes '\''), so pasting the line runs exactly one command whatever the target holds;
 * hosts follow `--` (or `-q` for dig) so one starting with '-' is not read as an option.
 *
 * - HTTP: `--data-raw`, not `--data`, so a body starting with '@' is sent, not read from a file;
 *   HEAD uses `--head` (curl waits for a body after `-X HEAD`); redirects are followed (`-L`) up to
 *   the limit only when the limit is above 0. The timings printed are curl's, each counted from the
 *   start: dns, connect, tls (0 without TLS), ttfb and total, in seconds.
 * - DNS: the name asked is `dns.query_name` (the target when it is empty), against `dns.resolver`
 *   when given, else the system's; ANAME has no record type of its own, so the line asks for A and
 *   says so in a trailing comment.
 */

export type TerminalCommandInput = Pick<CheckSpec, 'protocol' | 'target' | 'http' | 'dns'> & {
  /** Defaults to 10 s. */
  timeout_ms?: number;
};

const DEFAULT_TIMEOUT_SECONDS = 10;

/** curl's --write-out: the phases of the check, counted from the start, then the status code. */
export const CURL_WRITE_OUT =
  'dns: %{time_namelookup}s\\nconnect: %{time_connect}s\\ntls: %{time_appconnect}s\\nttfb: %{time_starttransfer}s\\ntotal: %{time_total}s\\nstatus: %{http_code}\\n';

export const ANAME_NOTE = '# ANAME has no record type of its own: the check resolves the A/AAAA records at the name';

/** A value as one POSIX sh word: 'it'\''s' — nothing inside single quotes is special. */
export function shellQuote(value: string): string {
  return `'${value.replaceAll("'", `'\\''`)}'`;
}

/** The shell line that reproduces the check. */
export function terminalCommand(check: TerminalCommandInput): string {
  const timeoutSeconds = Math.max(1, Math.ceil((check.timeout_ms ?? DEFAULT_TIMEOUT_SECONDS * 1000) / 1000));
  switch (check.protocol) {
    case 'HTTP':
      return httpCommand(check, timeoutSeconds);
    case 'ICMP':
      return ['ping', '-c', '1', '--', shellQuote(check.target)].join(' ');
    case 'TCP': {
      const parts = splitHostPort(check.target);
      const host = parts?.host ?? check.target;
      const port = parts?.port ?? DEFAULT_TCP_PORT;
      return ['nc', '-vz', '-w', String(timeoutSeconds), '--', shellQuote(host), String(port)].join(' ');
    }
    case 'DNS':
      return dnsCommand(check);
  }
}

function httpCommand(check: TerminalCommandInput, timeoutSeconds: number): string {
  const http = check.http;
  const method = http?.method ?? 'GET';
  const words = ['curl', '-sS', '-o', '/dev/null', '-w', shellQuote(CURL_WRITE_OUT)];
  if (method === 'HEAD') words.push('--head');
  // The method comes from a fixed list; quoting anything else keeps a bad value inert all the same.
  else if (method !== 'GET') words.push('-X', /^[A-Z]+$/.test(method) ? method : shellQuote(method));
  for (const header of http?.headers ?? []) words.push('-H', shellQuote(`${header.key}: ${header.value}`));
  if (http?.body != null && METHODS_WITH_BODY.includes(method)) words.push('--data-raw', shellQuote(http.body));
  const redirects = http?.max_redirects ?? 0;
  if (redirects > 0) words.push('-L', '--max-redirs', String(redirects));
  words.push('--max-time', String(timeoutSeconds));
  words.push(...(check.target.startsWith('-') ? ['--url', shellQuote(check.target)] : [shellQuote(check.target)]));
  return words.join(' ');
}

function dnsCommand(check: TerminalCommandInput): string {
  const name = check.dns?.query_name || check.target;
  const type = check.dns?.query_type ?? 'A';
  const words = ['dig'];
  if (check.dns?.resolver) {
    const resolver = splitHostPort(check.dns.resolver);
    words.push(shellQuote(`@${resolver?.host ?? check.dns.resolver}`));
    if (resolver?.port != null) words.push('-p', String(resolver.port));
  }
  words.push('-t', type === 'ANAME' ? 'A' : type, '-q', shellQuote(name));
  const line = words.join(' ');
  return type === 'ANAME' ? `${line}  ${ANAME_NOTE}` : line;
}

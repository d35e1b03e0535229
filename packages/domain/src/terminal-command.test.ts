import { execFileSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { ANAME_NOTE, CURL_WRITE_OUT, shellQuote, type TerminalCommandInput, terminalCommand } from './terminal-command';

/**
 * Runs a command line in a real POSIX sh with an empty PATH, where curl, ping, nc, dig and rm are
 * shell functions: the tools print the words they were given, and anything an injection manages
 * to run either fails (no PATH) or lands in a harmless `rm` that says so.
 */
function argvUnderSh(line: string): { argv: string[]; injected: boolean } {
  const tools = ['curl', 'ping', 'nc', 'dig'].map((tool) => `${tool}() { printf '%s\\000' ${tool} "$@"; }`);
  const script = [...tools, `rm() { printf 'INJECTED'; }`, line].join('\n');
  let out: string;
  try {
    out = execFileSync('/bin/sh', ['-c', script], {
      env: { PATH: '' },
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'pipe'],
    });
  } catch (error) {
    out = String((error as { stdout?: string }).stdout ?? '');
  }
  return { argv: out.split('\0').slice(0, -1), injected: out.includes('INJECTED') };
}

const http = (overrides: Partial<NonNullable<TerminalCommandInput['http']>> = {}): TerminalCommandInput['http'] => ({
  method: 'GET',
  headers: [],
  body: null,
  max_redirects: 0,
  ...overrides,
});

describe('shellQuote', () => {
  it.each([
    ['', "''"],
    ['example.com', "'example.com'"],
    ["it's", `'it'\\''s'`],
    ['$HOME `id` "x"', `'$HOME \`id\` "x"'`],
  ])('%j → %s', (value, quoted) => {
    expect(shellQuote(value)).toBe(quoted);
  });
});

describe('terminalCommand', () => {
  const w = shellQuote(CURL_WRITE_OUT);
  it.each<[string, TerminalCommandInput, string]>([
    [
      'HTTP GET',
      { protocol: 'HTTP', target: 'https://example.com/', http: http() },
      `curl -sS -o /dev/null -w ${w} --max-time 10 'https://example.com/'`,
    ],
    [
      'HTTP POST with headers, body, redirects and a timeout',
      {
        protocol: 'HTTP',
        target: 'https://api.example.com/x?a=1&b=2',
        timeout_ms: 30_000,
        http: http({
          method: 'POST',
          headers: [
            { key: 'Content-Type', value: 'application/json' },
            { key: 'X-Token', value: "a'b" },
          ],
          body: '{"ok":true}',
          max_redirects: 5,
        }),
      },
      `curl -sS -o /dev/null -w ${w} -X POST -H 'Content-Type: application/json' -H 'X-Token: a'\\''b' --data-raw '{"ok":true}' -L --max-redirs 5 --max-time 30 'https://api.example.com/x?a=1&b=2'`,
    ],
    [
      'HTTP HEAD uses --head',
      { protocol: 'HTTP', target: 'http://a.io', http: http({ method: 'HEAD' }) },
      `curl -sS -o /dev/null -w ${w} --head --max-time 10 'http://a.io'`,
    ],
    [
      'HTTP DELETE never sends a body',
      { protocol: 'HTTP', target: 'http://a.io', timeout_ms: 2500, http: http({ method: 'DELETE', body: 'x' }) },
      `curl -sS -o /dev/null -w ${w} -X DELETE --max-time 3 'http://a.io'`,
    ],
    ['ICMP', { protocol: 'ICMP', target: '8.8.8.8' }, `ping -c 1 -- '8.8.8.8'`],
    ['TCP', { protocol: 'TCP', target: 'db.example.com:5432' }, `nc -vz -w 10 -- 'db.example.com' 5432`],
    ['TCP over IPv6', { protocol: 'TCP', target: '[::1]:22', timeout_ms: 5000 }, `nc -vz -w 5 -- '::1' 22`],
    ['TCP without a port', { protocol: 'TCP', target: 'a.io' }, `nc -vz -w 10 -- 'a.io' 80`],
    [
      'DNS against a resolver',
      {
        protocol: 'DNS',
        target: 'ns.example.com',
        dns: { query_name: 'example.com', query_type: 'MX', resolver: '1.1.1.1:5353' },
      },
      `dig '@1.1.1.1' -p 5353 -t MX -q 'example.com'`,
    ],
    [
      'DNS against an IPv6 resolver without a port',
      {
        protocol: 'DNS',
        target: 'x',
        dns: { query_name: 'example.com', query_type: 'AAAA', resolver: '[2606:4700::1111]' },
      },
      `dig '@2606:4700::1111' -t AAAA -q 'example.com'`,
    ],
    [
      'DNS with the system resolver, name from the target',
      { protocol: 'DNS', target: 'example.com', dns: { query_name: '', query_type: 'TXT' } },
      `dig -t TXT -q 'example.com'`,
    ],
    [
      'DNS ANAME asks for A and says so',
      { protocol: 'DNS', target: 'x', dns: { query_name: 'example.com', query_type: 'ANAME' } },
      `dig -t A -q 'example.com'  ${ANAME_NOTE}`,
    ],
  ])('%s', (_name, check, line) => {
    expect(terminalCommand(check)).toBe(line);
  });
});

describe('terminalCommand under a real sh', () => {
  const hostile = [
    "example.com'; rm -rf /",
    "example.com'; rm -rf / #",
    '$(rm -rf /)',
    '`rm -rf /`',
    'a\nrm -rf /',
    '"; rm -rf / #',
    "'''",
    '-oProxyCommand=rm',
    'a b\tc',
  ];

  it.each(hostile)('a target %j is one inert word for ping, nc and curl', (target) => {
    for (const [protocol, tool] of [
      ['ICMP', 'ping'],
      ['TCP', 'nc'],
      ['HTTP', 'curl'],
    ] as const) {
      const { argv, injected } = argvUnderSh(terminalCommand({ protocol, target, http: http() }));
      expect(injected).toBe(false);
      expect(argv[0]).toBe(tool);
      expect(argv.at(-1) === target || argv.at(-2) === target).toBe(true);
    }
  });

  it.each(hostile)('header, body and DNS values %j stay inert', (value) => {
    const post = terminalCommand({
      protocol: 'HTTP',
      target: 'http://a.io',
      http: http({ method: 'PUT', headers: [{ key: 'X', value }], body: value }),
    });
    const run = argvUnderSh(post);
    expect(run.injected).toBe(false);
    expect(run.argv).toEqual([
      'curl',
      '-sS',
      '-o',
      '/dev/null',
      '-w',
      CURL_WRITE_OUT,
      '-X',
      'PUT',
      '-H',
      `X: ${value}`,
      '--data-raw',
      value,
      '--max-time',
      '10',
      'http://a.io',
    ]);

    const dig = argvUnderSh(
      terminalCommand({
        protocol: 'DNS',
        target: 'x',
        dns: { query_name: value, query_type: 'ANAME', resolver: value },
      }),
    );
    expect(dig.injected).toBe(false);
    expect(dig.argv.at(-1)).toBe(value);
  });

  it('passes the write-out through unchanged', () => {
    const { argv } = argvUnderSh(terminalCommand({ protocol: 'HTTP', target: 'http://a.io', http: http() }));
    expect(argv[5]).toBe(CURL_WRITE_OUT);
    expect(CURL_WRITE_OUT).toContain('%{time_appconnect}');
  });
});

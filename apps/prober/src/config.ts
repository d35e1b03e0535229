import { parseArgs } from 'node:util';
import { z } from 'zod';

/** The only reader of the command line and of process.env in the prober. */

const booleanText = z.union([
  z.boolean(),
  z.enum(['true', 'false', '1', '0']).transform((v) => v === 'true' || v === '1'),
]);

const configSchema = z.object({
  /** The server's base URL. */
  serverUrl: z.url({ protocol: /^https?$/, error: 'must be an http:// or https:// URL' }),
  /** The key `npm run admin -- add-prober` printed. */
  key: z.string().min(1, 'is required'),
  /** Where results wait while the server cannot be reached, and the last assignment set. */
  dataDir: z.string().min(1).default('data'),
  /** At most this many results are kept on disk; past it the oldest are dropped, counted and logged. */
  maxBuffer: z.coerce.number().int().positive().default(1_000_000),
  /** Let checks reach loopback and private addresses: only for tests and self-hosted installs. */
  allowPrivateTargets: booleanText.default(false),
  logLevel: z.enum(['debug', 'info', 'warn', 'error']).default('info'),
  /** The `ping` executable ICMP checks run; unset: `ping` found on PATH. Without it they fail as the prober's fault. */
  pingPath: z.string().min(1, 'must not be empty').optional(),
});

export type ProberConfig = z.infer<typeof configSchema>;

export const USAGE = `Usage: npm run prober -- --server URL --key KEY [--data-dir DIR] [--max-buffer N] [--allow-private-targets]
                          [--ping-path PATH]

  --server URL               the Paydar server (env PAYDAR_SERVER_URL)
  --key KEY                  this prober's key from \`npm run admin -- add-prober\` (env PAYDAR_PROBER_KEY;
                             prefer the variable: arguments are visible to every user of the host)
  --data-dir DIR             buffered results and the last assignments (env PAYDAR_DATA_DIR; default ./data)
  --max-buffer N             results kept while the server is unreachable (env PAYDAR_MAX_BUFFER; default 1000000)
  --allow-private-targets    let checks reach loopback/private addresses (env ALLOW_PRIVATE_TARGETS=true)
  --log-level LEVEL          debug, info, warn or error (env LOG_LEVEL; default info)
  --ping-path PATH           the ping executable for ICMP checks (env PING_PATH; default ping on PATH)`;

export class ConfigError extends Error {
  override readonly name = 'ConfigError';
}

/** Arguments win over the environment. Throws ConfigError listing every bad setting. */
export function loadConfig(argv: string[], env: NodeJS.ProcessEnv): ProberConfig {
  let values: ReturnType<typeof parse>['values'];
  try {
    values = parse(argv).values;
  } catch (err) {
    throw new ConfigError((err as Error).message);
  }
  const parsed = configSchema.safeParse({
    serverUrl: values.server ?? env.PAYDAR_SERVER_URL,
    key: values.key ?? env.PAYDAR_PROBER_KEY ?? '',
    dataDir: values['data-dir'] ?? env.PAYDAR_DATA_DIR,
    maxBuffer: values['max-buffer'] ?? env.PAYDAR_MAX_BUFFER,
    allowPrivateTargets: values['allow-private-targets'] || env.ALLOW_PRIVATE_TARGETS,
    logLevel: values['log-level'] ?? env.LOG_LEVEL,
    pingPath: values['ping-path'] ?? env.PING_PATH,
  });
  if (parsed.success) return parsed.data;
  const names: Record<string, string> = {
    serverUrl: '--server',
    key: '--key',
    dataDir: '--data-dir',
    maxBuffer: '--max-buffer',
    allowPrivateTargets: '--allow-private-targets',
    logLevel: '--log-level',
    pingPath: '--ping-path',
  };
  const lines = parsed.error.issues.map((issue) => {
    const field = String(issue.path[0] ?? '');
    return `${names[field] ?? field}: ${issue.message}`;
  });
  throw new ConfigError(lines.join('\n'));
}

function parse(argv: string[]) {
  return parseArgs({
    args: argv,
    strict: true,
    options: {
      server: { type: 'string' },
      key: { type: 'string' },
      'data-dir': { type: 'string' },
      'max-buffer': { type: 'string' },
      'allow-private-targets': { type: 'boolean' },
      'log-level': { type: 'string' },
      'ping-path': { type: 'string' },
      help: { type: 'boolean', short: 'h' },
    },
  });
}

/** Whether the command line asks for the usage text. */
export const wantsHelp = (argv: string[]) => argv.includes('--help') || argv.includes('-h');

import { randomBytes } from 'node:crypto';
import { isIP } from 'node:net';
import path from 'node:path';
import { z } from 'zod';
import { parseCacheLimits } from './caches/cache-limits-setting';
import { serverRoot } from './server-root';

/** The repository root: relative paths in the environment are read from here, whatever the working directory. */
const repositoryRoot = path.resolve(serverRoot, '../..');

const booleanFlag = z.enum(['true', 'false', '1', '0']).transform((value) => value === 'true' || value === '1');

const optionalUrl = z
  .string()
  .optional()
  .transform((value) => (value?.trim() ? value.trim() : undefined))
  .pipe(z.url().optional());

/**
 * Which proxies in front of us to believe about the client's address: none, the last N hops, or the
 * listed addresses and CIDR ranges (plus proxy-addr's names `loopback`, `linklocal`, `uniquelocal`).
 * Never "every X-Forwarded-For entry": its left-most entries are whatever the client sent.
 */
export type TrustProxy = false | { hops: number } | { addresses: string[] };

const PROXY_RANGE_NAMES = new Set(['loopback', 'linklocal', 'uniquelocal']);

function isProxyAddress(entry: string): boolean {
  if (PROXY_RANGE_NAMES.has(entry)) return true;
  const [address = '', prefix, ...rest] = entry.split('/');
  const version = isIP(address);
  if (!version || rest.length) return false;
  if (prefix === undefined) return true;
  return /^\d{1,3}$/.test(prefix) && Number(prefix) <= (version === 4 ? 32 : 128);
}

/** `false`/`0` (default), a hop count, or a comma-separated list; `true` means one hop (one load balancer). */
const trustProxy = z
  .string()
  .default('false')
  .transform((value, context): TrustProxy => {
    const text = value.trim().toLowerCase();
    if (text === 'false' || text === '0' || text === '') return false;
    if (text === 'true') return { hops: 1 };
    if (/^\d+$/.test(text)) return { hops: Math.min(Number(text), 32) };
    const addresses = text.split(',').map((entry) => entry.trim());
    if (addresses.every(isProxyAddress)) return { addresses };
    context.addIssue({
      code: 'custom',
      message: 'expected false, true, a hop count or a comma-separated list of proxy addresses/CIDRs',
    });
    return z.NEVER;
  });

/** `https://a.example,http://127.0.0.1:9000`: each entry a URL reduced to its origin. */
const originList = z.string().transform((value, context): string[] => {
  const origins: string[] = [];
  for (const entry of value
    .split(',')
    .map((item) => item.trim())
    .filter(Boolean)) {
    if (!URL.canParse(entry) || !/^https?:$/.test(new URL(entry).protocol)) {
      context.addIssue({ code: 'custom', message: `expected comma-separated http(s) origins, got ${entry}` });
      return z.NEVER;
    }
    origins.push(new URL(entry).origin);
  }
  return origins;
});

/** A value that may be absent; an empty or blank one counts as absent. */
const optionalText = z
  .string()
  .optional()
  .transform((value) => (value?.trim() ? value.trim() : undefined));

const environmentSchema = z
  .object({
    NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
    HOST: z.string().default('0.0.0.0'),
    PORT: z.coerce.number().int().min(0).max(65535).default(3000),
    /** Behind load balancers: whose X-Forwarded-For entries to believe (see TrustProxy). */
    TRUST_PROXY: trustProxy,
    LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
    /** `pretty` (for a person) or `json` (for a machine); unset picks pretty only when stdout is a terminal. */
    LOG_FORMAT: z.enum(['json', 'pretty']).optional(),
    /** Where the embedded PostgreSQL keeps its files and the built-in prober the results not yet stored (any database). */
    DATA_DIR: z.string().default('./data'),
    /** External PostgreSQL; when unset an embedded one is started in DATA_DIR. */
    DATABASE_URL: optionalUrl,
    EMBEDDED_POSTGRES_PORT: z.coerce.number().int().min(1).max(65535).default(54329),
    /** smtp(s)://user:pass@host:port; when unset mails and their links are written to the log. */
    SMTP_URL: optionalUrl,
    MAIL_FROM: z.string().default('Paydar <no-reply@paydar.local>'),
    PRODUCT_NAME: z.string().default('Paydar'),
    /** Where this server is reached from outside (callbacks, API base for the browser); default http://localhost:PORT. */
    PUBLIC_URL: z.url().optional(),
    /** Where the web app is reached; links in mails point here; default PUBLIC_URL. */
    DASHBOARD_URL: z.url().optional(),
    /** Directory of the built web app served with SPA fallback; `off` turns web hosting off. */
    WEB_DIST_DIR: z.string().default('apps/web/dist'),
    TELEGRAM_BOT_LINK: z.string().default('https://t.me/PaydarAlertBot'),
    /** The Bale alert bot's page, where a user opens it with `?start=<token>`. */
    BALE_BOT_LINK: z.string().default('https://ble.ir/PaydarAlertBot'),
    SUPPORT_EMAIL: z.string().default('support@paydar.local'),
    SUPPORT_PHONE: z.string().default('+98 21 0000 0000'),
    SUPPORT_TELEGRAM: z.string().default('https://t.me/PaydarSupport'),
    /** Email and password of the seeded demo account. */
    DEMO_EMAIL: z.string().default('demo@paydar.local'),
    DEMO_PASSWORD: z.string().min(8).default('demo-account-password'),
    /** Give the demo account its generated monitors and history (modules/demo); default on, off in tests. */
    DEMO_DATA_ENABLED: booleanFlag.optional(),
    /**
     * A session unused this long ends: long enough that someone who looks at their monitors once a
     * month stays signed in, short enough that a key left on a forgotten machine stops working.
     */
    SESSION_IDLE_DAYS: z.coerce.number().int().min(1).max(365).default(30),
    /** Every session ends this long after sign-in, however busy: a leaked key works for a quarter at most. */
    SESSION_MAX_AGE_DAYS: z.coerce.number().int().min(1).max(3650).default(90),
    /** Turn rate limits off only for load tests. */
    RATE_LIMITS_ENABLED: booleanFlag.default(true),
    /** Start job workers in this process (mail and later alerts, billing). */
    JOBS_ENABLED: booleanFlag.default(true),
    /** Run the built-in prober ("Local") in this process. */
    BUILTIN_PROBER_ENABLED: booleanFlag.default(true),
    BUILTIN_PROBER_NAME: z.string().min(1).default('Local'),
    /** Two-letter country code of where this server runs. */
    BUILTIN_PROBER_COUNTRY: z
      .string()
      .regex(/^[A-Za-z]{2}$/)
      .default('IR'),
    BUILTIN_PROBER_DATACENTER: z.string().min(1).default('Local'),
    /** Allow monitors of loopback, private, link-local and metadata addresses (tests, self-hosted installs). */
    ALLOW_PRIVATE_TARGETS: booleanFlag.default(false),
    SHUTDOWN_TIMEOUT_MS: z.coerce.number().int().min(1000).default(15000),
    /** Kavenegar API base (SMS, voice call, OTP); point it at the local fake in tests and development. */
    KAVENEGAR_BASE_URL: z.url().default('https://api.kavenegar.com'),
    /** Kavenegar API key; when unset SMS and voice alerts cannot be sent. */
    KAVENEGAR_API_KEY: optionalText,
    /** Name of the Kavenegar verify/lookup template that carries the phone verification code. */
    KAVENEGAR_VERIFY_TEMPLATE: z.string().trim().min(1).default('paydar-verify'),
    /** Kavenegar sender line number; unset uses the account's default line. */
    KAVENEGAR_SENDER: optionalText,
    /** Telegram Bot API base; point it at the local fake in tests and development. */
    TELEGRAM_API_BASE_URL: z.url().default('https://api.telegram.org'),
    /** Token of the alert bot (from BotFather); when unset Telegram alerts are off. */
    TELEGRAM_BOT_TOKEN: optionalText,
    /** Bale Bot API base (it follows Telegram's: /bot<token>/sendMessage); the local fake's URL in tests. */
    BALE_API_BASE_URL: z.url().default('https://tapi.bale.ai'),
    /** Token of the Bale alert bot; when unset Bale alerts are off. */
    BALE_BOT_TOKEN: optionalText,
    /** Origins Slack incoming webhooks may be on (comma-separated); a fake's origin in tests. */
    SLACK_WEBHOOK_ORIGINS: originList.default(['https://hooks.slack.com']),
    /** Origins Discord webhooks may be on (comma-separated). Mattermost is self-hosted: any public origin. */
    DISCORD_WEBHOOK_ORIGINS: originList.default([
      'https://discord.com',
      'https://discordapp.com',
      'https://ptb.discord.com',
      'https://canary.discord.com',
    ]),
    /** The picture Mattermost shows beside alert posts (when the server lets webhooks override it). */
    MATTERMOST_ICON_URL: optionalUrl,
    /** How long one webhook delivery may take, connection to response, in milliseconds. */
    WEBHOOK_TIMEOUT_MS: z.coerce.number().int().min(100).max(120000).default(10000),
    /** Zarinpal v4 API base (request.json, verify.json) and StartPay; the local fake's URL in tests and development. */
    ZARINPAL_BASE_URL: z.url().default('https://payment.zarinpal.com'),
    /** Zarinpal merchant id (36 characters); when unset card payments are off. */
    ZARINPAL_MERCHANT_ID: optionalText,
    /** The hosting console's API (credit transfer, organization link); when unset console credit is off. */
    CONSOLE_API_URL: optionalUrl,
    CONSOLE_API_KEY: optionalText,
    /**
     * Signs the access tokens of password-protected status pages (HMAC-SHA256). Set it, the same on
     * every replica, in production; unset, each process makes up its own and a restart signs
     * visitors out of protected pages.
     */
    STATUS_PAGE_TOKEN_SECRET: z.string().min(32, 'at least 32 characters').max(512).optional(),
    /** How long an unlocked status page stays unlocked for its visitor. */
    STATUS_PAGE_TOKEN_HOURS: z.coerce
      .number()
      .int()
      .min(1)
      .max(24 * 90)
      .default(24),
    /** Where the browser sends analytics events (purchase, plan upgrade); unset keeps analytics silent. */
    ANALYTICS_ENDPOINT: optionalUrl,
    /**
     * Turns on the operators' `GET /metrics` (Prometheus), asked with `Authorization: Bearer <this>`;
     * unset, `/metrics` is 404. At least 16 characters: it guards figures about every user.
     */
    METRICS_TOKEN: optionalText.pipe(z.string().min(16, 'at least 16 characters').max(256).optional()),
    /** Wait before an alert's second attempt after a retryable failure; the third waits four times as long. */
    ALERT_RETRY_DELAY_SECONDS: z.coerce.number().int().min(1).max(3600).default(30),
    /**
     * Limits of the in-memory caches, `name=limit,…` in each one's unit (caches/cache-catalogue.ts);
     * the operators' `/metrics` shows each one's entries, size and limit.
     */
    CACHE_LIMITS: z
      .string()
      .optional()
      .transform((text, context) => {
        const parsed = parseCacheLimits(text);
        if ('limits' in parsed) return parsed.limits;
        context.addIssue({ code: 'custom', message: parsed.error });
        return z.NEVER;
      }),
  })
  .superRefine((value, context) => {
    if (value.SESSION_IDLE_DAYS > value.SESSION_MAX_AGE_DAYS)
      context.addIssue({
        code: 'custom',
        path: ['SESSION_IDLE_DAYS'],
        message: 'must not be longer than SESSION_MAX_AGE_DAYS',
      });
  });

export type Config = Omit<
  z.infer<typeof environmentSchema>,
  'PUBLIC_URL' | 'DASHBOARD_URL' | 'DEMO_DATA_ENABLED' | 'STATUS_PAGE_TOKEN_SECRET'
> & {
  PUBLIC_URL: string;
  STATUS_PAGE_TOKEN_SECRET: string;
  DEMO_DATA_ENABLED: boolean;
  DASHBOARD_URL: string;
  webDistDir: string | undefined;
  dataDir: string;
};

/** Reads and validates the environment once; throws with every bad variable listed. */
export function loadConfig(environment: NodeJS.ProcessEnv = process.env): Config {
  const parsed = environmentSchema.safeParse(environment);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((issue) => `  ${issue.path.join('.')}: ${issue.message}`);
    throw new Error(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const value = parsed.data;
  const publicUrl = value.PUBLIC_URL ?? `http://localhost:${value.PORT}`;
  return {
    ...value,
    PUBLIC_URL: publicUrl,
    DASHBOARD_URL: value.DASHBOARD_URL ?? publicUrl,
    STATUS_PAGE_TOKEN_SECRET: value.STATUS_PAGE_TOKEN_SECRET ?? randomBytes(32).toString('base64url'),
    DEMO_DATA_ENABLED: value.DEMO_DATA_ENABLED ?? value.NODE_ENV !== 'test',
    dataDir: path.resolve(repositoryRoot, value.DATA_DIR),
    webDistDir: value.WEB_DIST_DIR === 'off' ? undefined : path.resolve(repositoryRoot, value.WEB_DIST_DIR),
  };
}

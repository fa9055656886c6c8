import { z } from 'zod';

const flag = z
  .enum(['1', '0', 'true', 'false', ''])
  .optional()
  .transform((v) => v === '1' || v === 'true');

const secretKey = z
  .string()
  .optional()
  .transform((v, ctx) => {
    if (v === undefined || v === '') return undefined;
    const key = Buffer.from(v, 'base64');
    if (key.length !== 32) {
      ctx.addIssue({ code: 'custom', message: 'AEVS_SECRET_KEY must be 32 bytes, base64-encoded' });
      return z.NEVER;
    }
    return key;
  });

const retrySchedule = z
  .string()
  .default('5,300,1800,7200,18000,36000,36000')
  .transform((v, ctx) => {
    const parts = v.split(',').map((s) => s.trim());
    const seconds = parts.map(Number);
    if (parts.some((s) => !/^\d+$/.test(s))) {
      ctx.addIssue({ code: 'custom', message: 'a comma-separated list of whole seconds, e.g. 5,300,1800' });
      return z.NEVER;
    }
    return seconds;
  });

/** A whole number written in decimal digits (not `0x1f`, `1e3` or `12.0`), within its bounds. */
const whole = (min: number, max: number, fallback: number) =>
  z
    .string()
    .regex(/^\d+$/, 'must be a whole number in decimal digits')
    .transform(Number)
    .pipe(z.number().min(min).max(max))
    .default(fallback);

/** Every environment variable the service reads (docs/decisions.md, configuration). */
const Env = z.object({
  PORT: whole(0, 65535, 8080),
  HOST: z.string().min(1).default('127.0.0.1'),
  AEVS_DATA_DIR: z.string().min(1).default('./data'),
  AEVS_DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'must be a postgres:// URL')
    .optional()
    .or(z.literal('').transform(() => undefined)),
  AEVS_RATE_LIMIT_PER_MINUTE: whole(1, Number.MAX_SAFE_INTEGER, 600),
  AEVS_MONTHLY_ALLOWANCE: whole(0, Number.MAX_SAFE_INTEGER, 10000),
  AEVS_WEBHOOK_RETRY_SCHEDULE: retrySchedule,
  AEVS_WEBHOOK_TIMEOUT_MS: whole(1, Number.MAX_SAFE_INTEGER, 10000),
  AEVS_ALLOW_PRIVATE_WEBHOOKS: flag,
  AEVS_TRUST_PROXY: flag,
  AEVS_ABR_GUID: z.string().optional(),
  AEVS_ABR_BASE_URL: z
    .string()
    .url('must be an absolute URL')
    .optional()
    .or(z.literal('').transform(() => undefined)),
  AEVS_SECRET_KEY: secretKey,
  AEVS_LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  AEVS_SYNC: z.enum(['on', 'off']).default('off'),
  AEVS_SOURCES_FILE: z.string().optional(),
  AEVS_SYNC_ATTEMPTS: whole(1, 20, 5),
  // The usual proxy variables (either case), for every download of `aevs sync` (docs/sources.md).
  HTTPS_PROXY: z.string().optional(),
  https_proxy: z.string().optional(),
  HTTP_PROXY: z.string().optional(),
  http_proxy: z.string().optional(),
  NO_PROXY: z.string().optional(),
  no_proxy: z.string().optional(),
});

export type Config = {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  rateLimitPerMinute: number;
  monthlyAllowance: number;
  webhookRetrySchedule: number[];
  webhookTimeoutMs: number;
  allowPrivateWebhooks: boolean;
  /** Behind a reverse proxy: X-Forwarded-For and X-Forwarded-Proto name the client and its scheme. */
  trustProxy: boolean;
  abrGuid: string | undefined;
  /** The ABR web services' address; unset means the ABR's own. */
  abrBaseUrl: string | undefined;
  secretKey: Buffer | undefined;
  logLevel: z.infer<typeof Env>['AEVS_LOG_LEVEL'];
  /** `AEVS_SYNC=on`: the server keeps the live partition synced from the official sources. */
  sync: boolean;
  /** A JSON file overriding entries of the source catalogue (docs/sources.md). */
  sourcesFile: string | undefined;
  /** Attempts at each request of a sync before a transient failure (5xx, 429, a cut download) fails it. */
  syncAttempts: number;
  /** Proxies for downloads; empty when not set (no proxy). */
  proxy: { http: string; https: string; noProxy: string };
};

export class ConfigError extends Error {
  override name = 'ConfigError';
}

/**
 * The only reader of the environment: parsed once at start and passed down. A variable set to
 * nothing (`PORT=`) counts as not set: its default applies.
 */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const set = Object.fromEntries(
    Object.entries(env).filter(([, value]) => value !== undefined && value.trim() !== ''),
  );
  const parsed = Env.safeParse(set);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((issue) => `  ${issue.path.join('.')}: ${issue.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  return {
    port: e.PORT,
    host: e.HOST,
    dataDir: e.AEVS_DATA_DIR,
    databaseUrl: e.AEVS_DATABASE_URL,
    rateLimitPerMinute: e.AEVS_RATE_LIMIT_PER_MINUTE,
    monthlyAllowance: e.AEVS_MONTHLY_ALLOWANCE,
    webhookRetrySchedule: e.AEVS_WEBHOOK_RETRY_SCHEDULE,
    webhookTimeoutMs: e.AEVS_WEBHOOK_TIMEOUT_MS,
    allowPrivateWebhooks: e.AEVS_ALLOW_PRIVATE_WEBHOOKS,
    trustProxy: e.AEVS_TRUST_PROXY,
    abrGuid: e.AEVS_ABR_GUID || undefined,
    abrBaseUrl: e.AEVS_ABR_BASE_URL,
    secretKey: e.AEVS_SECRET_KEY,
    logLevel: e.AEVS_LOG_LEVEL,
    sync: e.AEVS_SYNC === 'on',
    sourcesFile: e.AEVS_SOURCES_FILE,
    syncAttempts: e.AEVS_SYNC_ATTEMPTS,
    proxy: {
      http: e.HTTP_PROXY ?? e.http_proxy ?? '',
      https: e.HTTPS_PROXY ?? e.https_proxy ?? '',
      noProxy: e.NO_PROXY ?? e.no_proxy ?? '',
    },
  };
}

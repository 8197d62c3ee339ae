import path from 'node:path';
import { z } from 'zod';

const optionalText = z
  .string()
  .trim()
  .transform((v) => (v === '' ? undefined : v))
  .optional();

const Env = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().trim().min(1).default('localhost'),
  DATA_DIR: z.string().trim().min(1).default('./data'),
  PUBLIC_URL: z
    .url()
    .optional()
    .or(z.literal('').transform(() => undefined)),
  DATABASE_URL: optionalText.pipe(
    z
      .string()
      .regex(/^postgres(ql)?:\/\//, 'DATABASE_URL must start with postgres:// or postgresql://')
      .optional(),
  ),
  REDIS_URL: optionalText.pipe(
    z
      .string()
      .regex(/^rediss?:\/\//, 'REDIS_URL must start with redis:// or rediss://')
      .optional(),
  ),
  SMTP_URL: optionalText,
  MAIL_FROM: z.string().trim().default('Rith <no-reply@rith.ie>'),
  TRUST_PROXY: z.coerce
    .number()
    .int()
    .min(0)
    .max(10)
    .default(0)
    .describe('proxies in front of the API whose X-Forwarded-For is trusted (1 behind nginx)'),
  ANALYTICS_PROVIDER: z
    .enum(['none', 'plausible', 'ga4'])
    .default('none')
    .describe('third-party analytics, loaded in the browser only after consent'),
  ANALYTICS_ID: optionalText.describe('the Plausible domain or the GA4 measurement id'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).optional(),
  SEED_DEMO: z
    .enum(['auto', 'true', 'false'])
    .default('auto')
    .describe('auto: seed demo data into an empty database unless NODE_ENV=production'),
});

export type DatabaseConfig =
  { kind: 'pglite'; dataDir: string | undefined } | { kind: 'postgres'; url: string };

export interface Config {
  env: 'development' | 'production' | 'test';
  port: number;
  host: string;
  dataDir: string;
  publicUrl: string | undefined;
  database: DatabaseConfig;
  redisUrl: string | undefined;
  smtpUrl: string | undefined;
  mailFrom: string;
  logLevel: NonNullable<z.infer<typeof Env>['LOG_LEVEL']>;
  seedDemo: boolean;
  /** How many proxies' X-Forwarded-For to believe for the client's address (0: none). */
  trustProxyHops: number;
  analytics: { provider: 'none' | 'plausible' | 'ga4'; id: string | null };
  /** Namespace of the rate-limit keys in Redis (tests give each run its own). */
  rateLimitPrefix: string;
}

export class ConfigError extends Error {}

/** Reads and validates the environment once; nothing else in the product reads process.env. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = Env.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  const dataDir = path.resolve(e.DATA_DIR);
  return {
    env: e.NODE_ENV,
    port: e.PORT,
    host: e.HOST,
    dataDir,
    publicUrl: e.PUBLIC_URL?.replace(/\/$/, ''),
    database: e.DATABASE_URL
      ? { kind: 'postgres', url: e.DATABASE_URL }
      : { kind: 'pglite', dataDir: path.join(dataDir, 'pglite') },
    redisUrl: e.REDIS_URL,
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    // Request logs are for operators; a newcomer's terminal shows warnings only.
    logLevel: e.LOG_LEVEL ?? (e.NODE_ENV === 'production' ? 'info' : 'warn'),
    seedDemo: e.SEED_DEMO === 'auto' ? e.NODE_ENV !== 'production' : e.SEED_DEMO === 'true',
    trustProxyHops: e.TRUST_PROXY,
    // A provider without its id has nowhere to send: off.
    analytics:
      e.ANALYTICS_PROVIDER !== 'none' && e.ANALYTICS_ID
        ? { provider: e.ANALYTICS_PROVIDER, id: e.ANALYTICS_ID }
        : { provider: 'none', id: null },
    rateLimitPrefix: 'rith:rl',
  };
}

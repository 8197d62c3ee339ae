import { availableParallelism } from 'node:os';
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
  LIVE_MAX_CONNECTIONS_PER_ADDRESS: z.coerce
    .number()
    .int()
    .min(1)
    .default(100)
    .describe('live-update sockets one client address may hold open at once'),
  LIVE_PROCESSES: z.coerce
    .number()
    .int()
    .min(1)
    .max(64)
    .default(availableParallelism())
    .describe(
      "processes holding spectators' live sockets, this one included (default: one per core)",
    ),
  ANALYTICS_PROVIDER: z
    .enum(['none', 'plausible', 'ga4'])
    .default('none')
    .describe('third-party analytics, loaded in the browser only after consent'),
  ANALYTICS_ID: optionalText.describe('the Plausible domain or the GA4 measurement id'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).optional(),
  SWEEP_INTERVAL_MS: z.coerce
    .number()
    .int()
    .min(10)
    .max(3_600_000)
    .default(5_000)
    .describe(
      'how often every node and worker looks for stranded uploads and undelivered notices and e-mails',
    ),
  UPLOAD_LEASE_MS: z.coerce
    .number()
    .int()
    .min(100)
    .default(30_000)
    .describe('an upload queued or parsing that long without progress is queued again'),
  OUTBOX_LEASE_MS: z.coerce
    .number()
    .int()
    .min(100)
    .default(15_000)
    .describe('how long a process has to deliver a notice or e-mail it took before another may'),
  OUTBOX_RETRY_MS: z.coerce
    .number()
    .int()
    .min(10)
    .default(2_000)
    .describe('the wait before the first retry of a notice or e-mail; it doubles, up to an hour'),
  RESULTS_SETTLE_MS: z.coerce
    .number()
    .int()
    .min(100)
    .max(3_600_000)
    .default(120_000)
    .describe(
      "a heat's results file short of its start list is Official once it has not changed for this long",
    ),
  UPLOAD_FAILED_RETENTION_DAYS: z.coerce
    .number()
    .min(0.0001)
    .max(3650)
    .default(30)
    .describe('days a failed upload keeps its raw files; its report stays'),
  REQUEST_TIMEOUT_MS: z.coerce
    .number()
    .int()
    .min(1_000)
    .max(3_600_000)
    .default(120_000)
    .describe('a request (an upload body included) not fully received by then is answered 408'),
  METRICS_TOKEN: optionalText
    .pipe(z.string().min(16, 'METRICS_TOKEN must be at least 16 characters').optional())
    .describe('a bearer token that may read /metrics from outside the private network'),
  METRICS_PORT: optionalText
    .pipe(z.coerce.number<string>().int().min(1).max(65535).optional())
    .describe("the port of the worker's /metrics (npm run worker); unset: none"),
  SHUTDOWN_TIMEOUT_MS: z.coerce
    .number()
    .int()
    .min(100)
    .max(600_000)
    .default(10_000)
    .describe(
      'how long a stop may take to finish requests and jobs before the process exits anyway',
    ),
  VAPID_PUBLIC_KEY: optionalText.describe(
    'Web Push (VAPID) public key; unset: a key pair is generated once and kept in the database',
  ),
  VAPID_PRIVATE_KEY: optionalText.describe('the private key of VAPID_PUBLIC_KEY'),
  VAPID_SUBJECT: z
    .string()
    .trim()
    .regex(/^(mailto:|https:)/, 'VAPID_SUBJECT must be a mailto: or https: address')
    .default('mailto:alerts@rith.ie')
    .describe('who push services contact about this sender'),
  PUSH_ENDPOINT_HOSTS: z
    .string()
    .trim()
    .default('fcm.googleapis.com,*.push.services.mozilla.com,*.push.apple.com,*.notify.windows.com')
    .describe(
      'hosts a Web Push subscription may name (https only; "*." allows subdomains): the server posts to them',
    ),
  PUSH_TICK_MS: z.coerce
    .number()
    .int()
    .min(100)
    .max(600_000)
    .default(60_000)
    .describe('how often the worker looks for start-soon alerts'),
  PUSH_SUBSCRIPTIONS_PER_ADDRESS: z.coerce
    .number()
    .int()
    .min(1)
    .default(1_000)
    .describe(
      "devices with alerts on that one address (an IPv6 /64) may add; a stadium's Wi-Fi or a mobile network's shared address is many phones",
    ),
  PUSH_SUBSCRIPTIONS_MAX: z.coerce
    .number()
    .int()
    .min(1)
    .default(100_000)
    .describe('devices with alerts on, in all'),
  PUSH_SUBSCRIPTION_EXPIRY_DAYS: z.coerce
    .number()
    .int()
    .min(1)
    .max(3650)
    .default(60)
    .describe(
      'a device that has not saved its alert subscription for this long (each visit to the site saves it) is dropped',
    ),
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
  /** Live-update sockets one client address may hold open at once. */
  liveMaxConnectionsPerAddress: number;
  /** Processes holding live sockets: this one, and LIVE_PROCESSES - 1 fan-out processes. */
  liveProcesses: number;
  /**
   * /dev/mail (the outbox, with live reset links): outside production, only when no proxy
   * is trusted and the site's public address (if set) is this machine, so "from this
   * machine" really means the developer's own machine, even behind a same-host proxy that
   * adds no forwarding headers.
   */
  devMailbox: boolean;
  analytics: { provider: 'none' | 'plausible' | 'ga4'; id: string | null };
  /** Namespace of the rate-limit keys in Redis (tests give each run its own). */
  rateLimitPrefix: string;
  /** The recovery sweep: stranded uploads, and the outbox of live notices and e-mails. */
  recovery: RecoveryConfig;
  /** How long a failed upload keeps its raw files. */
  failedUploadRetentionMs: number;
  /** The longest a client may take to send a whole request, its body included. */
  requestTimeoutMs: number;
  /** Lets a scraper outside the private network read /metrics (Authorization: Bearer). */
  metricsToken: string | undefined;
  /** Where the worker serves its /metrics; the API serves them on its own port. */
  metricsPort: number | undefined;
  /** A stop (SIGTERM, SIGINT) that takes longer ends the process anyway, with code 1. */
  shutdownTimeoutMs: number;
  push: PushConfig;
}

export interface PushConfig {
  /** Both or neither: without them, a pair is generated once and kept (server/push/keys.ts). */
  vapidKeys: { publicKey: string; privateKey: string } | undefined;
  vapidSubject: string;
  /** Hosts subscriptions may name; tests add their own endpoint's `127.0.0.1:port` (http). */
  endpointHosts: string[];
  tickMs: number;
  /** New subscriptions one address (an IPv6 /64) may make while it holds this many. */
  maxSubscriptionsPerAddress: number;
  /** New subscriptions are refused while there are this many. */
  maxSubscriptions: number;
  /** A subscription its device has not saved for this many days is dropped. */
  subscriptionExpiryDays: number;
}

export interface RecoveryConfig {
  sweepIntervalMs: number;
  uploadLeaseMs: number;
  outboxLeaseMs: number;
  outboxRetryMs: number;
  /** A heat's results held short of its start list are Official once unchanged this long. */
  resultsSettleMs: number;
}

export class ConfigError extends Error {}

/** This machine's own names: a site published under any other is not a developer's. */
const isLoopbackHost = (host: string) =>
  host === 'localhost' || host === '[::1]' || /^127\.\d+\.\d+\.\d+$/.test(host);

/** Reads and validates the environment once; nothing else in the product reads process.env. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = Env.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  if ((e.VAPID_PUBLIC_KEY === undefined) !== (e.VAPID_PRIVATE_KEY === undefined)) {
    throw new ConfigError(
      'Invalid configuration:\n  VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY are set together or not at all',
    );
  }
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
    liveMaxConnectionsPerAddress: e.LIVE_MAX_CONNECTIONS_PER_ADDRESS,
    liveProcesses: e.LIVE_PROCESSES,
    devMailbox:
      e.NODE_ENV !== 'production' &&
      e.TRUST_PROXY === 0 &&
      (e.PUBLIC_URL === undefined || isLoopbackHost(new URL(e.PUBLIC_URL).hostname)),
    // A provider without its id has nowhere to send: off.
    analytics:
      e.ANALYTICS_PROVIDER !== 'none' && e.ANALYTICS_ID
        ? { provider: e.ANALYTICS_PROVIDER, id: e.ANALYTICS_ID }
        : { provider: 'none', id: null },
    rateLimitPrefix: 'rith:rl',
    recovery: {
      sweepIntervalMs: e.SWEEP_INTERVAL_MS,
      uploadLeaseMs: e.UPLOAD_LEASE_MS,
      outboxLeaseMs: e.OUTBOX_LEASE_MS,
      outboxRetryMs: e.OUTBOX_RETRY_MS,
      resultsSettleMs: e.RESULTS_SETTLE_MS,
    },
    failedUploadRetentionMs: Math.round(e.UPLOAD_FAILED_RETENTION_DAYS * 24 * 60 * 60 * 1000),
    requestTimeoutMs: e.REQUEST_TIMEOUT_MS,
    metricsToken: e.METRICS_TOKEN,
    metricsPort: e.METRICS_PORT,
    shutdownTimeoutMs: e.SHUTDOWN_TIMEOUT_MS,
    push: {
      vapidKeys:
        e.VAPID_PUBLIC_KEY && e.VAPID_PRIVATE_KEY
          ? { publicKey: e.VAPID_PUBLIC_KEY, privateKey: e.VAPID_PRIVATE_KEY }
          : undefined,
      vapidSubject: e.VAPID_SUBJECT,
      endpointHosts: e.PUSH_ENDPOINT_HOSTS.split(',')
        .map((h) => h.trim().toLowerCase())
        .filter((h) => h !== ''),
      tickMs: e.PUSH_TICK_MS,
      maxSubscriptionsPerAddress: e.PUSH_SUBSCRIPTIONS_PER_ADDRESS,
      maxSubscriptions: e.PUSH_SUBSCRIPTIONS_MAX,
      subscriptionExpiryDays: e.PUSH_SUBSCRIPTION_EXPIRY_DAYS,
    },
  };
}

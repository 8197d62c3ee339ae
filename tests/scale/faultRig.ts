import type { ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import { Redis } from 'ioredis';
import { QueryClient, QueryObserver } from '@tanstack/react-query';
import { connectDatabase, type DatabaseHandle } from '../../server/db/connect.ts';
import { migrateToLatest } from '../../server/db/migrate.ts';
import { ensurePricePlans } from '../../server/pricing/plans.ts';
import { LiveConnection } from '../../client/lib/live.ts';
import { queryKeys } from '../../shared/queryKeys.ts';
import type { EventSummary } from '../../shared/schemas/event.ts';
import { UploadAccepted } from '../../shared/schemas/upload.ts';
import { freePort } from '../support/ports.ts';
import { exited, runScript, untilUp, type Env } from '../support/rithProcess.ts';
import { RedisServer } from './redisServer.ts';

/*
 * Rith as the scaled deployment runs it, in processes of its own, for the fault suite: two
 * API nodes, one worker, a PostgreSQL database and a redis-server of the suite's own (so
 * terminating connections and restarting Redis disturb no other test), and the means to
 * hurt each of them.
 */

/** The suite's own database connection: spared when the others are terminated. */
const OBSERVER = 'rith-faults-observer';

export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Polls until `condition` holds; false when the deadline passed first (never throws). */
export async function waitFor(
  condition: () => boolean | Promise<boolean>,
  ms: number,
  every = 50,
): Promise<boolean> {
  const until = Date.now() + ms;
  for (;;) {
    if (await condition()) return true;
    if (Date.now() > until) return false;
    await sleep(every);
  }
}

/** A product process (an API node, the worker) that a scenario may SIGKILL and start again. */
export class Service {
  private child: ChildProcess | null = null;
  /** How many times it was started since the rig began: each scenario counts its own. */
  starts = 0;

  constructor(
    readonly script: string,
    private readonly env: Env,
    readonly port: number | null,
  ) {}

  get url(): string {
    return `http://127.0.0.1:${this.port}`;
  }

  get running(): boolean {
    return this.child !== null && this.child.exitCode === null && this.child.signalCode === null;
  }

  async start(): Promise<void> {
    const port: Env = this.port === null ? {} : { PORT: String(this.port), HOST: '127.0.0.1' };
    const child = runScript(this.script, { ...this.env, ...port });
    this.child = child;
    this.starts += 1;
    if (this.port === null) return;
    // A process that fails to start says so at once rather than after the wait.
    await Promise.race([
      untilUp(this.url),
      exited(child).then((code) => {
        throw new Error(`${this.script} exited (${code}) before it was up`);
      }),
    ]);
  }

  async kill(): Promise<void> {
    const child = this.child;
    if (!child || !this.running) return;
    child.kill('SIGKILL');
    await exited(child);
  }
}

export class Rig {
  private constructor(
    /** The suite's own connection to its database (never terminated). */
    readonly db: DatabaseHandle,
    /** A connection to another database, to create, drop and terminate this one. */
    private readonly admin: DatabaseHandle,
    private readonly name: string,
    readonly redis: RedisServer,
    /** Takes the uploads: the node a scenario kills. */
    readonly uploadsNode: Service,
    /** Holds the spectator's and the admin's sockets: it keeps running throughout. */
    readonly liveNode: Service,
    readonly worker: Service,
  ) {}

  /**
   * A new database beside `sharedUrl`'s (migrated, with the price plans), a redis-server,
   * and the processes on them, each given `env` on top (the recovery intervals, say).
   */
  static async start(sharedUrl: string, env: Env): Promise<Rig> {
    const admin = await connectDatabase({ kind: 'postgres', url: sharedUrl });
    const name = `rith_faults_${randomBytes(4).toString('hex')}`;
    await sql`create database ${sql.id(name)}`.execute(admin.db);
    const url = new URL(sharedUrl);
    url.pathname = `/${name}`;
    const observerUrl = new URL(url);
    observerUrl.searchParams.set('application_name', OBSERVER);
    const db = await connectDatabase({ kind: 'postgres', url: observerUrl.toString() });
    await migrateToLatest(db.db);
    await ensurePricePlans(db.db);
    const redis = await RedisServer.start();
    const common = { ...env, DATABASE_URL: url.toString(), REDIS_URL: redis.url };
    const rig = new Rig(
      db,
      admin,
      name,
      redis,
      new Service('server/main.ts', common, await freePort()),
      new Service('server/main.ts', common, await freePort()),
      new Service('worker/main.ts', common, null),
    );
    await Promise.all(rig.services().map((s) => s.start()));
    return rig;
  }

  services(): Service[] {
    return [this.uploadsNode, this.liveNode, this.worker];
  }

  /** Ends every connection the product holds to the database; returns how many. */
  async terminateBackends(): Promise<number> {
    // The backends are chosen first and ended after: with pg_terminate_backend(pid) in the
    // same WHERE as datname, the planner evaluates it before the join that filters by
    // database, and every backend of the whole cluster (other tests', this one's) is ended.
    const { rows } = await sql<{ pid: number }>`
      with chosen as materialized (
        select pid from pg_stat_activity
        where datname = ${this.name} and application_name <> ${OBSERVER}
          and pid <> pg_backend_pid()
      )
      select pid from chosen where pg_terminate_backend(pid)`.execute(this.admin.db);
    return rows.length;
  }

  /**
   * Holds every write to Redis (BullMQ's enqueue is a write) until `unpauseRedisWrites`:
   * an upload committed meanwhile is stored but not yet queued.
   */
  async pauseRedisWrites(): Promise<void> {
    await this.redisCommand('CLIENT', 'PAUSE', '30000', 'WRITE');
  }

  async unpauseRedisWrites(): Promise<void> {
    await this.redisCommand('CLIENT', 'UNPAUSE');
  }

  private async redisCommand(...args: string[]): Promise<void> {
    const client = new Redis(this.redis.url, { maxRetriesPerRequest: 1 });
    client.on('error', () => {});
    try {
      await client.call(args[0]!, ...args.slice(1));
    } finally {
      client.disconnect();
    }
  }

  async close(): Promise<void> {
    for (const service of this.services()) await service.kill();
    await this.redis.kill();
    await this.db.close();
    await sql`drop database if exists ${sql.id(this.name)} with (force)`.execute(this.admin.db);
    await this.admin.close();
  }
}

/** What a burst of uploads met on the way in. */
export interface Sending {
  /** Files answered 202 (stored) or 200 (Rith had that very file already). */
  accepted: number;
  /** Sends tried again after no answer, a timeout or a server error, as the agent does. */
  retried: number;
  /** The longest any answered request took, in ms. */
  slowestMs: number;
}

const RETRY_BASE_MS = 250;
const RETRY_MAX_MS = 2_000;
/** An answer slower than this counts as none: the sender gives up on it and sends again. */
const ANSWER_TIMEOUT_MS = 20_000;

/**
 * Sends one FinishLynx file as the timing room agent does: with the competition's token,
 * again and again until Rith answers it (a file Rith already has is acknowledged, not stored
 * twice). A refusal (4xx other than 429) is a failure of the suite and throws. Returns the
 * upload that holds the file, or null when no answer came before `deadline`.
 */
export async function sendLynxFile(
  url: string,
  token: string,
  competitionUic: number,
  file: { name: string; bytes: Uint8Array },
  sending: Sending,
  deadline: number,
): Promise<string | null> {
  for (let attempt = 1; ; attempt += 1) {
    const form = new FormData();
    form.append('files', new Blob([new Uint8Array(file.bytes)]), file.name);
    const started = Date.now();
    const res = await fetch(`${url}/api/admin/competitions/${competitionUic}/upload-lynx`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}` },
      body: form,
      signal: AbortSignal.timeout(ANSWER_TIMEOUT_MS),
    }).catch(() => null);
    if (res) sending.slowestMs = Math.max(sending.slowestMs, Date.now() - started);
    if (res && (res.status === 200 || res.status === 202)) {
      sending.accepted += 1;
      return UploadAccepted.parse(await res.json()).uploadId;
    }
    if (res && res.status < 500 && res.status !== 429) {
      throw new Error(`${file.name} refused: ${res.status} ${await res.text()}`);
    }
    await res?.body?.cancel();
    if (Date.now() > deadline) return null;
    sending.retried += 1;
    await sleep(Math.min(RETRY_MAX_MS, RETRY_BASE_MS * 2 ** (attempt - 1)));
  }
}

/**
 * A spectator's page of the competition: the browser's own live code (client/lib/live.ts and
 * its cache writer) keeping the competition's event list, fetched once and then only pushed.
 */
export async function spectatorPage(baseUrl: string, competitionUic: number) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const observer = new QueryObserver(queryClient, {
    queryKey: queryKeys.events(competitionUic),
    queryFn: async () => {
      const res = await fetch(`${baseUrl}/api/events?competitionUic=${competitionUic}`);
      if (!res.ok) throw new Error(`event list: ${res.status}`);
      return (await res.json()) as EventSummary[];
    },
    staleTime: 30_000,
  });
  const stopObserving = observer.subscribe(() => {});
  const live = new LiveConnection(queryClient, { url: baseUrl });
  const stopLive = live.subscribe({ competitionUic });
  const list = () => queryClient.getQueryData<EventSummary[]>(queryKeys.events(competitionUic));
  const ready = await waitFor(() => live.getStatus() === 'live' && list() !== undefined, 30_000);
  if (!ready) throw new Error('the spectator page did not go live');
  return {
    /** The events the page shows with results. */
    withResults: () => new Set((list() ?? []).filter((e) => e.hasResults).map((e) => e.id)),
    close() {
      stopLive();
      stopObserving();
      live.close();
      queryClient.clear();
    },
  };
}

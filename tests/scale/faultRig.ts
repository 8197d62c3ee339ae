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
import type { LivePayload } from '../../shared/live/messages.ts';
import { eventRoom, RESYNC } from '../../shared/live/protocol.ts';
import { freePort } from '../support/ports.ts';
import { exited, runScript, untilUp, type Env } from '../support/rithProcess.ts';
import { Spectator } from '../support/spectator.ts';
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
    /** Holds the page's and the admin's sockets (and half the crowd's): it keeps running throughout. */
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
   * Runs `during` while no upload can be stored: the uploads table is locked against writes,
   * so a request storing one waits inside its transaction, at its insert, until `during`
   * ends and the lock goes. `during` is given how many such inserts are waiting.
   */
  async holdingUploadInserts<T>(during: (waiting: () => Promise<number>) => Promise<T>) {
    const waiting = async () => {
      const { rows } = await sql<{ n: number }>`
        select count(*)::int as n from pg_stat_activity
        where datname = ${this.name} and wait_event_type = 'Lock'
          and query like 'insert into "uploads"%'`.execute(this.db.db);
      return rows[0]?.n ?? 0;
    };
    return this.db.db.transaction().execute(async (trx) => {
      await sql`lock table uploads in share row exclusive mode`.execute(trx);
      return during(waiting);
    });
  }

  /**
   * Runs `during` while the competition's row is locked as a busy worker's job holds it: the
   * upload jobs that reach it wait there (at most four run at once), and the uploads after
   * them wait in the queue. New uploads are still stored (their foreign key's share lock on
   * the row does not conflict with this one).
   */
  async holdingCompetition<T>(competitionUic: number, during: () => Promise<T>): Promise<T> {
    return this.db.db.transaction().execute(async (trx) => {
      await sql`select uic from competitions where uic = ${competitionUic} for no key update`.execute(
        trx,
      );
      return during();
    });
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

  /** Whether a worker is connected to the uploads queue, taking jobs (BullMQ names its connection). */
  async workerTakingJobs(): Promise<boolean> {
    const clients = String(await this.redisCommand('CLIENT', 'LIST'));
    return clients.includes(` name=bull:${Buffer.from('uploads').toString('base64')} `);
  }

  private async redisCommand(...args: string[]): Promise<unknown> {
    const client = new Redis(this.redis.url, { maxRetriesPerRequest: 1 });
    client.on('error', () => {});
    try {
      return await client.call(args[0]!, ...args.slice(1));
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

/** The key prefix of an event's version in a subscription's answer (`event:{id}`). */
const EVENT_KEY = eventRoom('');
/** As the page (client/lib/live.ts): a refused-for-now subscription is asked again after 2 s, 4 s, … */
const SUBSCRIBE_RETRY_MS = 2_000;
const SUBSCRIBE_RETRY_MAX_MS = 30_000;
/** …and a resync is answered within 2 s, spread so spectators do not all ask at once. */
const RESYNC_SPREAD_MS = 2_000;
/** A page whose socket was lost connects again within this (Socket.IO waits 0.5 to 1.5 s). */
const RECONNECT_SPREAD_MS = 1_000;
/** Spectators connecting at once while the crowd gathers. */
const JOINING_AT_ONCE = 50;

/**
 * One spectator's phone, kept lean: one Socket.IO client (tests/support/spectator.ts)
 * subscribed to the competition, holding for each event the version its page would hold
 * (from the subscription's answer, after which the page fetches what is newer, and from each
 * push) and the moment it first held it. When its socket is lost (its node killed) it
 * connects again to the next node, as nginx sends a reconnecting page to a node that
 * answers, and subscribes again; told to resync, it subscribes again too.
 */
class CrowdMember {
  /** Per event id: the version held, and when it was first held. */
  readonly held = new Map<string, { version: number; at: number }>();
  subscribed = false;
  reconnects = 0;
  /** Subscriptions refused for good (none expected). */
  readonly refusals: string[] = [];
  private spectator: Spectator | null = null;
  private closed = false;

  constructor(
    private readonly nodes: readonly string[],
    private node: number,
    private readonly competitionUic: number,
  ) {}

  /** Connects (to the next node while one does not answer) and subscribes. */
  async join(): Promise<void> {
    while (!this.closed) {
      const url = this.nodes[this.node % this.nodes.length]!;
      const spectator = await Spectator.connect(url).catch(() => null);
      if (!spectator) {
        this.node += 1;
        await sleep(Math.random() * RECONNECT_SPREAD_MS);
        continue;
      }
      if (this.closed) return spectator.close();
      this.spectator = spectator;
      this.listen(spectator);
      return this.subscribe(spectator);
    }
  }

  close(): void {
    this.closed = true;
    this.spectator?.close();
    this.spectator = null;
  }

  private hold(eventId: string, version: number): void {
    const had = this.held.get(eventId);
    if (!had || version > had.version) this.held.set(eventId, { version, at: Date.now() });
  }

  private listen(spectator: Spectator): void {
    const { socket } = spectator;
    socket.on('event.changed', (p: LivePayload<'event.changed'>) =>
      this.hold(p.event.id, p.version),
    );
    // Too large to push: the page fetches the event, at (at least) this version.
    socket.on('event.outdated', (p: LivePayload<'event.outdated'>) =>
      this.hold(p.eventId, p.version),
    );
    socket.on(RESYNC, () => {
      setTimeout(() => {
        if (this.spectator === spectator) void this.subscribe(spectator);
      }, Math.random() * RESYNC_SPREAD_MS);
    });
    socket.on('disconnect', () => {
      if (this.closed || this.spectator !== spectator) return;
      this.spectator = null;
      this.reconnects += 1;
      this.node += 1;
      setTimeout(() => void this.join(), Math.random() * RECONNECT_SPREAD_MS);
    });
  }

  private async subscribe(spectator: Spectator): Promise<void> {
    const target = { competitionUic: this.competitionUic };
    for (let attempt = 0; this.spectator === spectator && spectator.socket.connected; attempt++) {
      const ack = await spectator.subscribe(target).catch(() => null);
      if (ack?.ok) {
        for (const [key, version] of Object.entries(ack.versions)) {
          if (key.startsWith(EVENT_KEY)) this.hold(key.slice(EVENT_KEY.length), version);
        }
        this.subscribed = true;
        return;
      }
      if (ack && !ack.retry) {
        this.refusals.push(ack.error);
        return;
      }
      await sleep(Math.min(SUBSCRIBE_RETRY_MAX_MS, SUBSCRIBE_RETRY_MS * 2 ** attempt));
    }
  }
}

/**
 * A crowd of spectators following one competition, spread over the API nodes: lightweight
 * sockets, not browsers, each holding what its page would show (CrowdMember).
 */
export class Crowd {
  private constructor(private readonly members: CrowdMember[]) {}

  static async gather(nodes: readonly string[], competitionUic: number, size: number) {
    const members = Array.from(
      { length: size },
      (_, i) => new CrowdMember(nodes, i % nodes.length, competitionUic),
    );
    const crowd = new Crowd(members);
    for (let i = 0; i < size; i += JOINING_AT_ONCE) {
      await Promise.all(members.slice(i, i + JOINING_AT_ONCE).map((m) => m.join()));
    }
    const left = members.filter((m) => !m.subscribed).length;
    if (left > 0) {
      crowd.close();
      throw new Error(`${left} of ${size} spectators could not subscribe`);
    }
    return crowd;
  }

  get size(): number {
    return this.members.length;
  }

  /** Spectators missing the final version (`finals`: event id to version) of some event. */
  behind(finals: ReadonlyMap<string, number>): number {
    return this.members.filter((m) =>
      [...finals].some(([id, version]) => m.held.get(id)?.version !== version),
    ).length;
  }

  /** The event whose final version the last spectator came to hold last, and when. */
  lastReached(finals: ReadonlyMap<string, number>): { eventId: string; at: number } | null {
    let last: { eventId: string; at: number } | null = null;
    for (const m of this.members) {
      for (const [eventId, version] of finals) {
        const held = m.held.get(eventId);
        if (held?.version === version && held.at > (last?.at ?? 0)) last = { eventId, at: held.at };
      }
    }
    return last;
  }

  /** How many times a spectator's socket was lost and it connected again. */
  get reconnects(): number {
    return this.members.reduce((sum, m) => sum + m.reconnects, 0);
  }

  get refusals(): string[] {
    return this.members.flatMap((m) => m.refusals);
  }

  close(): void {
    for (const m of this.members) m.close();
  }
}

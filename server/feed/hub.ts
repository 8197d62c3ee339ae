import type { WebSocket } from 'ws';
import type { Bus } from '../infra/bus.ts';
import type { Logger } from '../infra/logger.ts';
import { liveFeedSockets } from '../infra/metrics.ts';
import { serialise, type PublicReads } from '../publicCache/reads.ts';
import { Coalescer } from '../live/coalescer.ts';
import { COALESCE_WINDOW_MS } from '../live/hub.ts';
import { ScopeCache } from '../live/scopeCache.ts';
import { TokenBucket } from '../live/tokenBucket.ts';
import type { LiveMessage, LivePayload } from '../../shared/live/messages.ts';
import { fullEvent } from '../../shared/live/pushedEvent.ts';
import { PublicEvent } from '../../shared/schemas/event.ts';
import { routeOf } from '../live/route.ts';
import { competitionRoom, eventRoom } from '../../shared/live/protocol.ts';
import type { ErrorCode } from '../../shared/errorCodes.ts';
import { FEED_CLOSE, type FeedMessage } from './schemas.ts';
import { readSnapshot, type FeedScope, type SnapshotRead } from './snapshot.ts';

/** Each socket is pinged this often; one that has not answered the last ping is dropped. */
const HEARTBEAT_MS = 30_000;
/**
 * The feed is read-only: a client may send a few messages (a library's keep-alive), and one
 * that keeps sending is closed (1008).
 */
const MESSAGE_BURST = 5;
const MESSAGES_PER_SECOND = 1;
/**
 * A client that stops reading leaves its frames in this process's memory: a frame that would
 * take what waits for it past this much (several full snapshots of a big meet) is not
 * written, and the client is dropped (it reconnects when it reads again).
 */
const MAX_BUFFERED_BYTES = 16 * 1024 * 1024;
/**
 * The same, for all the sockets of one address together: a hundred feeds that never read
 * cannot hold a hundred snapshots' worth. Frames are shared, so this counts what the
 * address is owed rather than memory, and bounds both.
 */
const MAX_ADDRESS_BUFFERED_BYTES = 64 * 1024 * 1024;
/**
 * A larger snapshot is refused (4413): follow single events. Half of what a socket may be
 * owed, so a client that reads is never dropped for the changes that follow it.
 */
const MAX_SNAPSHOT_BYTES = MAX_BUFFERED_BYTES / 2;

/** A message encoded once for all its sockets; key and version say what a snapshot covers. */
interface Frame {
  data: Buffer;
  key?: string;
  version?: number;
}

interface FeedClient {
  socket: WebSocket;
  scope: FeedScope;
  address: string;
  /** Whether it answered the last ping. */
  alive: boolean;
  /** Frames that came while its snapshot was read: sent after it, unless it covers them. */
  held: Frame[] | null;
  /** Snapshots asked for: only the last one asked is sent. */
  snapshots: number;
}

const text = (s: string) => Buffer.from(s);
const scopeKey = ({ competitionUic, eventId }: FeedScope) => eventId ?? `c${competitionUic}`;

/** The tables of a competition that keeps none. */
const NO_TABLES = Buffer.from('{"tables":[]}');

/** Close handshakes a refused client has to answer in, before it is cut off. */
const REFUSED_CLOSE_MS = 1_000;

/**
 * Sends an `error` message and closes with `closeCode`; a client that does not answer the
 * close (one that stopped reading) is cut off soon after.
 */
export function refuse(socket: WebSocket, closeCode: number, code: ErrorCode, message: string) {
  const refusal: FeedMessage = { type: 'error', code, message };
  socket.send(JSON.stringify(refusal));
  socket.close(closeCode, message.slice(0, 120));
  setTimeout(() => socket.terminate(), REFUSED_CLOSE_MS).unref();
}

/**
 * The open feed's sockets in this process (GET /feed, routes.ts) and what they are sent: one
 * bus subscription for all of them, bursts coalesced per event as for Socket.IO, each change
 * encoded once for every socket that follows it. Events are sent whole, as the API answers
 * them: a changed event from its message, with the competition and club the node's cache
 * holds; one the message carries in part (its lines) or not at all (too large for the bus)
 * read from the cache.
 */
export class FeedHub {
  private readonly byCompetition = new Map<number, Set<FeedClient>>();
  private readonly byAddress = new Map<string, Set<FeedClient>>();
  private readonly snapshots = new ScopeCache<SnapshotRead>();
  private readonly coalescer = new Coalescer<LiveMessage>(COALESCE_WINDOW_MS, (message) =>
    this.deliver(message),
  );
  /** Per event, its deliveries in order: a read from the cache never overtakes a removal. */
  private readonly chains = new Map<string, Promise<void>>();
  /** The team tables last sent per competition: sent again only when they change. */
  private readonly teams = new Map<number, Buffer>();
  private readonly stopListening: () => void;
  private readonly heartbeat: NodeJS.Timeout;

  constructor(
    private readonly deps: { reads: PublicReads; bus: Pick<Bus, 'subscribe'>; log: Logger },
  ) {
    this.stopListening = deps.bus.subscribe(
      (message) => {
        const route = routeOf(message);
        // Most changes concern no feed at all: they cost nothing more.
        const uic = route.competitionUic;
        if (uic === undefined || !this.byCompetition.has(uic)) return;
        // A clock's tick is in no snapshot; anything else makes the competition's stale.
        if (route.version !== undefined) this.snapshots.invalidate(uic);
        // A change of the meet's results may move its team tables (worked out once, in the
        // cache); its scoreboard lines never do.
        if (route.version !== undefined && message.name !== 'event.live') {
          this.inOrder(`teams:${uic}`, () => this.sendTeams(uic));
        }
        this.coalescer.push(route.key, message, route.version);
      },
      // Changes may have been missed: every socket is sent its state afresh.
      () => {
        this.snapshots.clear();
        this.resnapshot();
      },
    );
    this.heartbeat = setInterval(() => this.beat(), HEARTBEAT_MS).unref();
  }

  /** Follows a socket just opened: its snapshot now, then every public change in its scope. */
  add(socket: WebSocket, scope: FeedScope, address: string): void {
    const client: FeedClient = { socket, scope, address, alive: true, held: null, snapshots: 0 };
    const uic = scope.competitionUic;
    const clients = joinSet(this.byCompetition, uic, client);
    const neighbours = joinSet(this.byAddress, address, client);
    liveFeedSockets.inc();
    socket.once('close', () => {
      if (leaveSet(this.byCompetition, uic, clients, client)) this.snapshots.invalidate(uic);
      leaveSet(this.byAddress, address, neighbours, client);
      liveFeedSockets.dec();
    });
    socket.on('pong', () => (client.alive = true));
    const messages = new TokenBucket(MESSAGE_BURST, MESSAGES_PER_SECOND);
    socket.on('message', () => {
      if (!messages.take() && socket.readyState === socket.OPEN) {
        this.deps.log.warn('live feed socket flooding with messages: closed');
        socket.close(1008, 'The feed is read-only: too many messages');
      }
    });
    void this.snapshot(client, this.readSnapshot(scope));
  }

  private readSnapshot(scope: FeedScope): Promise<SnapshotRead> {
    return this.snapshots.get(scope.competitionUic, scopeKey(scope), () =>
      readSnapshot(this.deps.reads, scope, MAX_SNAPSHOT_BYTES),
    );
  }

  /** Closes every socket with 1001, so clients reconnect (to another node, or this one back). */
  close(): void {
    this.stopListening();
    this.coalescer.close();
    clearInterval(this.heartbeat);
    for (const clients of this.byCompetition.values()) {
      for (const { socket } of clients) socket.close(1001, 'Rith is restarting. Please reconnect.');
    }
  }

  private deliver(message: LiveMessage): void {
    switch (message.name) {
      case 'competition.changed': {
        const { competition, version } = message.payload;
        const changed: FeedMessage = { type: 'competition.changed', version, competition };
        const frame = {
          data: text(JSON.stringify(changed)),
          key: competitionRoom(competition.uic),
          version,
        };
        this.send(competition.uic, null, frame);
        return;
      }
      case 'event.clock': {
        const { eventId, competitionUic, state, elapsedMs } = message.payload;
        const clock: FeedMessage = { type: 'event.clock', eventId, state, elapsedMs };
        this.send(competitionUic, eventId, { data: text(JSON.stringify(clock)) });
        return;
      }
      case 'event.removed': {
        const { eventId, competitionUic, version } = message.payload;
        const removed: FeedMessage = { type: 'event.removed', eventId, version };
        const frame = { data: text(JSON.stringify(removed)), key: eventRoom(eventId), version };
        this.inOrder(eventId, () => this.send(competitionUic, eventId, frame));
        return;
      }
      case 'event.changed': {
        const { payload } = message;
        this.inOrder(payload.event.id, () => this.sendChanged(payload));
        return;
      }
      // Without the rows its lines keep (`event.live`) or too large for the bus
      // (`event.outdated`): the feed's events are whole, read from the cache instead.
      case 'event.live':
      case 'event.outdated': {
        const { id, competitionUic } =
          message.name === 'event.outdated'
            ? { id: message.payload.eventId, competitionUic: message.payload.competitionUic }
            : message.payload.event;
        this.inOrder(id, () => this.readEvent(id, competitionUic));
        return;
      }
    }
  }

  /**
   * The event as its change left it, whole again with the competition and club this node
   * holds: the change made the event stale in every node's cache, and reading it again would
   * cost each node a database read per change.
   */
  private async sendChanged({ event, version }: LivePayload<'event.changed'>): Promise<void> {
    const { id, competitionUic } = event;
    const parents = (await this.deps.reads.eventParents(competitionUic)).facts;
    // No longer public: its removal (or its competition's) is on its way.
    if (!parents) return;
    this.sendEvent(id, competitionUic, version, serialise(PublicEvent, fullEvent(event, parents)));
  }

  private async readEvent(id: string, competitionUic: number): Promise<void> {
    const event = await this.deps.reads.event(id);
    // No longer public: its removal (or its competition's) is on its way.
    if (!event.json || event.facts?.competitionUic !== competitionUic) return;
    this.sendEvent(id, competitionUic, event.facts.version, event.json);
  }

  private sendEvent(id: string, competitionUic: number, version: number, json: Buffer): void {
    const data = Buffer.concat([
      text(`{"type":"event.changed","version":${version},"event":`),
      json,
      text('}'),
    ]);
    this.send(competitionUic, id, { data, key: eventRoom(id), version });
  }

  /** The competition's team tables, as a frame; null when it keeps none, or is not public. */
  private async teamsFrame(uic: number): Promise<Buffer | null> {
    if (!(await this.deps.reads.keepsTeamTables(uic)).facts) return null;
    const { json } = await this.deps.reads.teamScores(uic);
    if (!json || json.equals(NO_TABLES)) return null;
    return Buffer.concat([
      text(`{"type":"team-scores","competitionUic":${uic},`),
      json.subarray(1),
    ]);
  }

  /** To the competition's feeds (not single events'), when the tables changed. */
  private async sendTeams(uic: number): Promise<void> {
    const frame = await this.teamsFrame(uic);
    if (!frame || this.teams.get(uic)?.equals(frame)) return;
    this.teams.set(uic, frame);
    for (const client of this.byCompetition.get(uic) ?? []) {
      if (client.scope.eventId === undefined) this.write(client, { data: frame });
    }
  }

  private inOrder(eventId: string, send: () => void | Promise<void>): void {
    const next = (this.chains.get(eventId) ?? Promise.resolve())
      .then(send)
      .catch((err: unknown) => this.deps.log.error({ err }, 'live feed: a change was not sent'));
    this.chains.set(eventId, next);
    void next.then(() => {
      if (this.chains.get(eventId) === next) this.chains.delete(eventId);
    });
  }

  /** To the competition's sockets; of an event's, only those following it or its competition. */
  private send(competitionUic: number, eventId: string | null, frame: Frame): void {
    for (const client of this.byCompetition.get(competitionUic) ?? []) {
      const followed = client.scope.eventId;
      if (eventId === null || followed === undefined || followed === eventId) {
        this.write(client, frame);
      }
    }
  }

  /** Whether writing `bytes` more to the client keeps it, and its address, within the limits. */
  private fits(client: FeedClient, bytes: number): boolean {
    return (
      client.socket.bufferedAmount + bytes <= MAX_BUFFERED_BYTES &&
      this.owedTo(client.address) + bytes <= MAX_ADDRESS_BUFFERED_BYTES
    );
  }

  private write(client: FeedClient, frame: Frame): void {
    if (client.held) {
      client.held.push(frame);
      return;
    }
    const { socket } = client;
    if (socket.readyState !== socket.OPEN) return;
    // Counted before writing: what a client is owed never passes the limits.
    if (!this.fits(client, frame.data.length)) {
      this.deps.log.warn({ address: client.address }, 'live feed socket not reading: dropped');
      socket.terminate();
      return;
    }
    socket.send(frame.data, { binary: false });
  }

  /** What this node has yet to write to an address's sockets. */
  private owedTo(address: string): number {
    let owed = 0;
    for (const { socket } of this.byAddress.get(address) ?? []) owed += socket.bufferedAmount;
    return owed;
  }

  /**
   * Sends the client the snapshot being read; what changed meanwhile was held and goes after
   * it, unless the snapshot has it already. A later snapshot asked for meanwhile wins.
   */
  private async snapshot(client: FeedClient, reading: Promise<SnapshotRead>): Promise<void> {
    const turn = ++client.snapshots;
    client.held ??= [];
    let snapshot: SnapshotRead | 'failed';
    try {
      snapshot = await reading;
    } catch (err) {
      this.deps.log.error({ err }, 'live feed: snapshot failed');
      snapshot = 'failed';
    }
    if (turn !== client.snapshots) return;
    const held = client.held;
    client.held = null;
    const { socket } = client;
    if (socket.readyState !== socket.OPEN) return;
    if (snapshot === 'failed') {
      refuse(socket, 1011, 'internal', 'Something went wrong. Please reconnect.');
      return;
    }
    if (snapshot === 'not_found') {
      const what = client.scope.eventId === undefined ? 'Competition' : 'Event';
      refuse(socket, FEED_CLOSE.notFound, 'not_found', `${what} not found`);
      return;
    }
    if (snapshot === 'too_large') {
      refuse(
        socket,
        FEED_CLOSE.tooLarge,
        'payload_too_large',
        'This competition is too large to send whole: follow its events one at a time (?eventId=).',
      );
      return;
    }
    // A feed its address cannot take more for is told why, not dropped without a word.
    if (!this.fits(client, snapshot.frame.length)) {
      refuse(
        socket,
        FEED_CLOSE.tooManyConnections,
        'too_many_requests',
        "This address's feeds are not reading what they were sent: read it, or open fewer.",
      );
      return;
    }
    this.write(client, { data: snapshot.frame });
    for (const frame of held) {
      const covered = frame.key === undefined ? undefined : snapshot.versions[frame.key];
      if (covered === undefined || frame.version === undefined || covered < frame.version) {
        this.write(client, frame);
      }
    }
    // A competition's feed starts with its team tables, when it keeps them.
    if (client.scope.eventId === undefined) {
      const teams = await this.teamsFrame(client.scope.competitionUic);
      if (teams) this.write(client, { data: teams });
    }
  }

  /** Every socket's state afresh, each scope's snapshot read once. */
  private resnapshot(): void {
    for (const clients of this.byCompetition.values()) {
      for (const client of clients) void this.snapshot(client, this.readSnapshot(client.scope));
    }
  }

  private beat(): void {
    for (const clients of this.byCompetition.values()) {
      for (const client of clients) {
        if (!client.alive) {
          client.socket.terminate();
          continue;
        }
        client.alive = false;
        client.socket.ping();
      }
    }
  }
}

/** Adds `item` to the set under `key`, made if need be; the set is returned. */
function joinSet<K, T>(map: Map<K, Set<T>>, key: K, item: T): Set<T> {
  let set = map.get(key);
  if (!set) map.set(key, (set = new Set()));
  set.add(item);
  return set;
}

/** Takes `item` out of `set`, and the set out of the map once empty: whether it was. */
function leaveSet<K, T>(map: Map<K, Set<T>>, key: K, set: Set<T>, item: T): boolean {
  set.delete(item);
  if (set.size > 0 || map.get(key) !== set) return false;
  map.delete(key);
  return true;
}

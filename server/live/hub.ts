import type { IncomingMessage } from 'node:http';
import proxyAddr from '@fastify/proxy-addr';
import { parseCookie } from 'cookie';
import type { Server, ServerOptions, Socket } from 'socket.io';
import type { Bus, Envelope } from '../infra/bus.ts';
import type { Logger } from '../infra/logger.ts';
import type { Config } from '../config.ts';
import { isSameOrigin } from '../auth/origin.ts';
import { hashSessionId, SESSION_COOKIE } from '../auth/sessions.ts';
import { LiveTarget, type LiveMessage, type SubscribeAck } from '../../shared/live/messages.ts';
import { routeOf } from './route.ts';
import { coalesced } from '../../shared/live/liveLines.ts';
import {
  clubAdminRoom,
  sessionRoom,
  competitionRoom,
  eventRoom,
  RESYNC,
  roomOf,
} from '../../shared/live/protocol.ts';
import type { LiveBackend } from './backend.ts';
import { Coalescer } from './coalescer.ts';
import { emitToRooms } from './frames.ts';
import { ScopeCache } from './scopeCache.ts';
import type { ConnectionCounts } from './connections.ts';
import { TokenBucket } from './tokenBucket.ts';
import { UploadStatusOrder } from './uploadOrder.ts';

/** Changes to one event or competition within this window go out as one broadcast. */
export const COALESCE_WINDOW_MS = 100;
/** A page needs two or three rooms; the cap keeps one socket from joining thousands. */
const MAX_ROOMS_PER_SOCKET = 16;
/**
 * Each subscription may read the database (the node's cache answers most): a socket may make
 * a burst of this many, then one per second, which is far more than a page (re)subscribing
 * ever needs.
 */
const SUBSCRIBE_BURST = 20;
const SUBSCRIBE_PER_SECOND = 1;
/**
 * Every message a client sends (subscribe, unsubscribe, anything else) spends from this
 * budget; a page sends a handful per page view. A socket that runs it dry is flooding and
 * is disconnected before its message is even decoded.
 */
export const MESSAGE_BURST = 100;
const MESSAGES_PER_SECOND = 10;

/** How every live process (the API process, each fan-out process) runs Socket.IO. */
export const LIVE_SERVER_OPTIONS = {
  path: '/socket.io',
  serveClient: false,
  // Compressing per socket would cost the server CPU for every spectator on every change.
  perMessageDeflate: false,
  // Clients only ever send small subscription requests.
  maxHttpBufferSize: 16 * 1024,
} satisfies Partial<ServerOptions>;

/**
 * What a socket that stops reading may be owed before its next subscription answer is
 * refused and it is disconnected, and the same for all of one address's sockets together
 * (a hundred that never read cannot hold a hundred answers' worth).
 */
const MAX_OWED_BYTES = 4 * 1024 * 1024;
const MAX_ADDRESS_OWED_BYTES = 64 * 1024 * 1024;

/** The answer for a socket that disconnected while its request waited: never sent. */
const GONE: SubscribeAck = { ok: false, error: 'Disconnected' };

/** What is used here of an Engine.IO connection. */
interface EngineConnection {
  request: IncomingMessage | null;
  /** Packets not yet handed to the transport. */
  writeBuffer: { data?: unknown }[];
  /** A websocket transport's socket, with what it has yet to write. */
  transport: { socket?: { bufferedAmount?: number } };
  once(event: 'close', listener: () => void): void;
  on(event: 'packet', listener: (packet: { type: string }) => void): void;
  close(discard: boolean): void;
}

/** What a connection has been given to send and not yet written to its client. */
function owedBy(connection: EngineConnection): number {
  let owed = connection.transport.socket?.bufferedAmount ?? 0;
  for (const { data } of connection.writeBuffer) {
    if (typeof data === 'string') owed += data.length;
    else if (Buffer.isBuffer(data)) owed += data.length;
  }
  return owed;
}

/** A subscription's versions, and about how many bytes its answer takes. */
interface Versions {
  versions: Record<string, number>;
  bytes: number;
}

/** A message on its way to the sockets, with when its change was committed. */
type Pushed = { message: LiveMessage } & Envelope;

interface Handshake {
  sessionId: string | undefined;
  sameOrigin: boolean;
}

/** What a process's live sockets report, for /metrics (the API process adds them up). */
export interface LiveMetrics {
  spectators(delta: number): void;
  pushed(message: LiveMessage['name'], secondsSinceCommit: number): void;
}

export interface LiveHubDeps {
  backend: LiveBackend;
  bus: Pick<Bus, 'subscribe'>;
  config: Pick<Config, 'publicUrl' | 'trustProxyHops'>;
  log: Logger;
  metrics: LiveMetrics;
  /**
   * Counts sockets per address when this process accepts them itself; absent in a fan-out
   * process, whose sockets the API process counted as it handed them over.
   */
  connections?: ConnectionCounts;
}

/** The client's address as the HTTP routes see it: a trusted proxy's X-Forwarded-For. */
export function clientAddress(request: IncomingMessage, trustProxyHops: number): string {
  return proxyAddr(request, (_address, hop) => hop < trustProxyHops);
}

/**
 * One process's live sockets: their subscriptions, and every change the bus carries pushed
 * to their rooms, encoded once per broadcast. The API process runs one on its own port; each
 * fan-out process runs one on the sockets handed to it (fanout/), so a publication is written
 * by every core at once.
 */
export function createLiveHub(io: Server, deps: LiveHubDeps): { close(): void } {
  const { backend, bus, config, log, metrics, connections } = deps;

  const handshakes = new WeakMap<object, Handshake>();
  const addresses = new WeakMap<object, string>();
  const byAddress = new Map<string, Set<EngineConnection>>();
  io.engine.on('connection', (raw: EngineConnection) => {
    const request = raw.request!;
    const address = clientAddress(request, config.trustProxyHops);
    if (connections) {
      connections.add(address);
      raw.once('close', () => connections.release(address));
    }
    addresses.set(raw, address);
    let neighbours = byAddress.get(address);
    if (!neighbours) byAddress.set(address, (neighbours = new Set()));
    neighbours.add(raw);
    raw.once('close', () => {
      neighbours.delete(raw);
      if (neighbours.size === 0 && byAddress.get(address) === neighbours) byAddress.delete(address);
    });
    const messages = new TokenBucket(MESSAGE_BURST, MESSAGES_PER_SECOND);
    // 'packet' comes before the packet is handed to Socket.IO: a flood is cut off unread.
    raw.on('packet', (packet) => {
      if (packet.type === 'message' && !messages.take()) {
        log.warn({ address }, 'live socket flooding with messages: disconnected');
        raw.close(true);
      }
    });
    const cookie = request.headers.cookie;
    handshakes.set(raw, {
      sessionId: cookie ? parseCookie(cookie)[SESSION_COOKIE] : undefined,
      sameOrigin: isSameOrigin(request, config.publicUrl, config.trustProxyHops),
    });
    // The upgrade request would stay in memory for the life of the connection: kilobytes per
    // spectator. What is needed of it was taken above.
    raw.request = null;
  });

  // Which competition each event room in this process belongs to, so a competition change
  // also reaches the pages showing one of its events.
  const eventsOfCompetition = new Map<number, Set<string>>();
  const competitionOfEvent = new Map<string, number>();
  io.of('/').adapter.on('delete-room', (room: string) => {
    if (!room.startsWith('event:')) return;
    const id = room.slice('event:'.length);
    const uic = competitionOfEvent.get(id);
    competitionOfEvent.delete(id);
    const ids = uic === undefined ? undefined : eventsOfCompetition.get(uic);
    ids?.delete(id);
    if (uic !== undefined && ids?.size === 0) eventsOfCompetition.delete(uic);
  });

  /** A session that ended hears nothing more of its clubs' admin rooms. */
  async function leaveAdminRooms(sessionHashes: string[]): Promise<void> {
    if (sessionHashes.length === 0) return;
    const sockets = await io.in(sessionHashes.map(sessionRoom)).fetchSockets();
    for (const socket of sockets) {
      for (const room of socket.rooms) {
        if (room.startsWith('club-admin:') || room.startsWith('session:')) socket.leave(room);
      }
    }
  }

  function broadcast({ message, committedAt }: Pushed): void {
    let rooms: string[];
    switch (message.name) {
      case 'event.changed':
      case 'event.live':
        rooms = [
          competitionRoom(message.payload.event.competitionUic),
          eventRoom(message.payload.event.id),
        ];
        break;
      case 'event.removed':
      case 'event.outdated':
        rooms = [
          competitionRoom(message.payload.competitionUic),
          eventRoom(message.payload.eventId),
        ];
        break;
      case 'competition.changed': {
        const uic = message.payload.competition.uic;
        rooms = [competitionRoom(uic), ...[...(eventsOfCompetition.get(uic) ?? [])].map(eventRoom)];
        break;
      }
      case 'upload.status':
      case 'agent.status':
        rooms = [clubAdminRoom(message.payload.clubUic)];
        break;
      case 'event.clock':
        rooms = [eventRoom(message.payload.eventId)];
        break;
      case 'session.ended':
        leaveAdminRooms(message.payload.sessionHashes).catch((err: unknown) =>
          log.error({ err }, 'ended session kept its admin rooms'),
        );
        return;
    }
    // One frame for all the rooms: a socket in several gets the message once.
    emitToRooms(io, rooms, message.name, message.payload);
    metrics.pushed(message.name, (Date.now() - committedAt) / 1000);
  }

  // One read of a scope's versions per version of its competition, for every socket asking.
  const versionsCache = new ScopeCache<Versions>();
  const versionsOf = (of: { competitionUic: number; eventId?: string }) =>
    versionsCache.get(of.competitionUic, of.eventId ?? '', async () => {
      const versions = await backend.versions(of);
      return { versions, bytes: JSON.stringify(versions).length };
    });

  /**
   * The subscription's answer, unless the socket (or its address) stopped reading and is owed
   * too much already: then it is disconnected instead, before anything more is written.
   */
  function answer(socket: Socket, { versions, bytes }: Versions): SubscribeAck {
    const connection = socket.conn as unknown as EngineConnection;
    const address = addresses.get(connection) ?? '';
    let owedToAddress = 0;
    for (const neighbour of byAddress.get(address) ?? []) owedToAddress += owedBy(neighbour);
    if (
      owedBy(connection) + bytes > MAX_OWED_BYTES ||
      owedToAddress + bytes > MAX_ADDRESS_OWED_BYTES
    ) {
      log.warn({ address }, 'live socket not reading: disconnected');
      connection.close(true);
      return GONE;
    }
    return { ok: true, versions };
  }

  async function subscribe(socket: Socket, target: LiveTarget): Promise<SubscribeAck> {
    if (socket.rooms.size > MAX_ROOMS_PER_SOCKET) {
      return { ok: false, error: 'Too many subscriptions' };
    }
    if ('clubAdminUic' in target) {
      const handshake = handshakes.get(socket.conn);
      const clubs =
        handshake?.sameOrigin === true
          ? await backend.sessionClubs(handshake.sessionId)
          : undefined;
      if (!clubs?.includes(target.clubAdminUic)) return { ok: false, error: 'Forbidden' };
      await socket.join([roomOf(target), sessionRoom(hashSessionId(handshake?.sessionId ?? ''))]);
      return { ok: true, versions: {} };
    }
    if ('eventId' in target) {
      const uic = await backend.eventCompetition(target.eventId);
      if (uic === undefined) return { ok: false, error: 'Event not found' };
      // A socket gone meanwhile joins nothing, and must leave nothing in the index.
      if (!socket.connected) return GONE;
      // Join before reading the snapshot: a change committed after the read is pushed.
      await socket.join(roomOf(target));
      competitionOfEvent.set(target.eventId, uic);
      let ids = eventsOfCompetition.get(uic);
      if (!ids) eventsOfCompetition.set(uic, (ids = new Set()));
      ids.add(target.eventId);
      return answer(socket, await versionsOf({ ...target, competitionUic: uic }));
    }
    await socket.join(roomOf(target));
    return answer(socket, await versionsOf(target));
  }

  io.on('connection', (socket) => {
    metrics.spectators(1);
    socket.once('disconnect', () => metrics.spectators(-1));
    const subscriptions = new TokenBucket(SUBSCRIBE_BURST, SUBSCRIBE_PER_SECOND);
    // One request at a time per socket, so an unsubscribe never overtakes its subscribe.
    let queue: Promise<unknown> = Promise.resolve();
    const handle = (
      raw: unknown,
      ack: unknown,
      run: (target: LiveTarget) => Promise<SubscribeAck>,
    ) => {
      const reply = typeof ack === 'function' ? (ack as (answer: SubscribeAck) => void) : null;
      const parsed = LiveTarget.safeParse(raw);
      if (!parsed.success) {
        reply?.({ ok: false, error: 'Unknown subscription' });
        return;
      }
      queue = queue.then(async () => {
        // Requests queued by a socket that has gone cost nothing more.
        if (!socket.connected) return;
        try {
          const answer = await run(parsed.data);
          if (socket.connected) reply?.(answer);
        } catch (err) {
          log.error({ err }, 'live subscription failed');
          reply?.({ ok: false, error: 'Subscription failed. Please try again.', retry: true });
        }
      });
    };
    socket.on('subscribe', (raw: unknown, ack: unknown) =>
      handle(raw, ack, async (target) =>
        subscriptions.take()
          ? subscribe(socket, target)
          : { ok: false, error: 'Too many subscriptions. Please wait a moment.', retry: true },
      ),
    );
    socket.on('unsubscribe', (raw: unknown, ack: unknown) =>
      handle(raw, ack, async (target) => {
        await socket.leave(roomOf(target));
        return { ok: true, versions: {} };
      }),
    );
  });

  // An event's lines (`event.live`) never stand in for a change they leave out: they are
  // put together with what waits before them (shared/live/liveLines.ts).
  const coalescer = new Coalescer<Pushed>(COALESCE_WINDOW_MS, broadcast, (held, next) => ({
    ...next,
    message: coalesced(held.message, next.message),
  }));
  const uploadOrder = new UploadStatusOrder();
  const stopListening = bus.subscribe(
    (message, { committedAt }) => {
      if (
        message.name === 'upload.status' &&
        !uploadOrder.admit(message.payload.uploadId, message.payload.status)
      ) {
        return;
      }
      const { key, version, competitionUic } = routeOf(message);
      if (competitionUic !== undefined && version !== undefined) {
        versionsCache.invalidate(competitionUic);
      }
      coalescer.push(key, { message, committedAt }, version);
    },
    () => {
      versionsCache.clear();
      io.emit(RESYNC, {});
    },
  );

  return {
    close() {
      stopListening();
      coalescer.close();
    },
  };
}

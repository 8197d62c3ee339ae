import { EventEmitter, once } from 'node:events';
import type { Redis } from 'ioredis';
import { connectRedis } from './redis.ts';
import {
  liveMessages,
  MAX_LIVE_MESSAGE_BYTES,
  type LiveMessage,
} from '../../shared/live/messages.ts';
import type { Logger } from './logger.ts';

/**
 * What the bus carries beside a message, outside its schema: when the change it announces
 * was committed (or, for a message not kept in the outbox, published), in ms since the
 * epoch, so a node can measure commit -> push.
 */
export interface Envelope {
  committedAt: number;
}

export type BusListener = (message: LiveMessage, envelope: Envelope) => void;
/** Called when this node may have missed messages: whatever it fanned out may be stale. */
export type GapListener = () => void;

/**
 * Carries committed changes to every API node. Callers publish after their transaction
 * commits; every node's listeners receive every message, their own included.
 */
export interface Bus {
  /**
   * Hands the message to the bus and returns at once: a caller (a request, a job) never
   * waits on the bus. Throws only for a message that breaks its schema.
   */
  publish(message: LiveMessage): void;
  /**
   * For the outbox (server/outbox/live.ts): resolves once every node can read the message,
   * rejects at once when it cannot be handed over now (the outbox tries again later; nothing
   * is left waiting to be sent twice). `key` is the outbox row's: a node that reads a key
   * again (sent again after a crash between send and delete) skips it. `committedAt`
   * defaults to now.
   */
  send(message: LiveMessage, key: string, committedAt?: number): Promise<void>;
  subscribe(listener: BusListener, onGap?: GapListener): () => void;
  close(): Promise<void>;
}

/** Throws for a message that is not in the registry or breaks its payload schema. */
export function checked(message: LiveMessage): LiveMessage {
  const schema = liveMessages[message.name];
  if (!schema) throw new Error(`Unknown live message '${String(message.name)}'`);
  return { name: message.name, payload: schema.parse(message.payload) } as LiveMessage;
}

/** Ended sessions per message: 1,000 hashes of 64 characters stay well within the cap. */
const SESSIONS_PER_MESSAGE = 1000;

/** An upload's message, cut to a length any page shows in full. */
const MAX_UPLOAD_MESSAGE_CHARS = 2000;

/** A message and its JSON, encoded once. */
interface Encoded {
  message: LiveMessage;
  raw: string;
}

const encoded = (message: LiveMessage): Encoded => ({ message, raw: JSON.stringify(message) });
const fits = ({ raw }: Encoded) => Buffer.byteLength(raw) <= MAX_LIVE_MESSAGE_BYTES;

/**
 * What goes on the bus for a message: the message itself when its JSON is within
 * MAX_LIVE_MESSAGE_BYTES; else a small stand-in that keeps every page correct: the event's
 * new version, for the event or its lines (`event.outdated`: pages fetch the event), the
 * upload's status without its reports (the admin's page fetches them), ended sessions in
 * several messages. A message with no stand-in is dropped ([]): the caller has the nodes'
 * pages resync.
 */
export function withinCap(message: LiveMessage): Encoded[] {
  const whole = encoded(message);
  if (fits(whole)) return [whole];
  const sent = (m: LiveMessage) => {
    const e = encoded(m);
    return fits(e) ? [e] : [];
  };
  switch (message.name) {
    case 'event.changed':
    case 'event.live': {
      const { event, version } = message.payload;
      return sent({
        name: 'event.outdated',
        payload: { eventId: event.id, competitionUic: event.competitionUic, version },
      });
    }
    case 'upload.status': {
      const { payload } = message;
      return sent({
        name: 'upload.status',
        payload: {
          ...payload,
          message: payload.message?.slice(0, MAX_UPLOAD_MESSAGE_CHARS) ?? null,
          files: [],
          filesOmitted: true,
        },
      });
    }
    case 'session.ended': {
      const hashes = message.payload.sessionHashes;
      const parts: Encoded[] = [];
      for (let i = 0; i < hashes.length; i += SESSIONS_PER_MESSAGE) {
        const sessionHashes = hashes.slice(i, i + SESSIONS_PER_MESSAGE);
        parts.push(...sent({ name: 'session.ended', payload: { sessionHashes } }));
      }
      return parts;
    }
    default:
      return [];
  }
}

class Listeners {
  private readonly emitter = new EventEmitter().setMaxListeners(0);

  add(listener: BusListener, onGap?: GapListener): () => void {
    this.emitter.on('message', listener);
    if (onGap) this.emitter.on('gap', onGap);
    return () => {
      this.emitter.off('message', listener);
      if (onGap) this.emitter.off('gap', onGap);
    };
  }

  message(message: LiveMessage, envelope: Envelope): void {
    this.emitter.emit('message', message, envelope);
  }

  gap(): void {
    this.emitter.emit('gap');
  }

  clear(): void {
    this.emitter.removeAllListeners();
  }
}

/** Embedded mode: one process, so an emitter is the whole bus. */
export class InProcessBus implements Bus {
  private readonly listeners = new Listeners();

  constructor(private readonly log?: Pick<Logger, 'warn'>) {}

  publish(message: LiveMessage, committedAt = Date.now()): void {
    const sent = withinCap(checked(message));
    // Deliver asynchronously, as a network bus would, so publishers never depend on
    // listeners running inside their call.
    queueMicrotask(() => {
      if (sent.length === 0) {
        this.log?.warn({ name: message.name }, 'change bus: a message too large was dropped');
        this.listeners.gap();
      }
      for (const { message: m } of sent) this.listeners.message(m, { committedAt });
    });
  }

  async send(message: LiveMessage, _key: string, committedAt?: number): Promise<void> {
    this.publish(message, committedAt);
  }

  subscribe(listener: BusListener, onGap?: GapListener): () => void {
    return this.listeners.add(listener, onGap);
  }

  async close(): Promise<void> {
    this.listeners.clear();
  }
}

const STREAM = 'rith:changes';
const STREAM_MAX_LENGTH = 10_000;
const BLOCK_MS = 5_000;
/** Redis refusing a write (out of memory, read-only after a failover): retry, then resync. */
const PUBLISH_ATTEMPTS = 5;
const PUBLISH_BACKOFF_MS = 200;
/** How long an outbox send waits for a connection being made before it gives up for now. */
const SEND_CONNECT_WAIT_MS = 1_000;
/** Outbox keys a reader remembers, to skip a notice sent twice. */
const SEEN_KEYS = 10_000;

/**
 * Scaled mode: a Redis Stream. A node reads on from the last id it saw, so one that loses
 * Redis for a moment catches up on reconnect instead of losing changes, as pub/sub would.
 * When that id is gone on reconnect (Redis restarted without persistence, or the node fell
 * further behind than the stream keeps), entries may be lost and listeners hear of a gap.
 */
export class RedisStreamBus implements Bus {
  private readonly writer: Redis;
  private readonly reader: Redis;
  /** The outbox's writes: never queued while Redis is away, so never sent late and twice. */
  private readonly sender: Redis;
  private readonly seen = new Set<string>();
  private readonly listeners = new Listeners();
  private lastId: string | undefined;
  /** The last id whose entry was found lost, so one loss is reported once. */
  private gapReportedAt: string | undefined;
  private readerWasReady = false;
  private closed = false;
  private readonly loop: Promise<void>;

  constructor(
    url: string,
    private readonly log: Pick<Logger, 'warn'>,
  ) {
    // No retry limit: while Redis is away, commands wait for it instead of failing.
    this.writer = connectRedis(url, { maxRetriesPerRequest: null });
    this.reader = connectRedis(url, { maxRetriesPerRequest: null });
    this.sender = connectRedis(url, { enableOfflineQueue: false, maxRetriesPerRequest: 0 });
    for (const connection of [this.writer, this.reader, this.sender]) {
      // ioredis reconnects by itself; an unhandled 'error' event would end the process.
      connection.on('error', (err: Error) => this.log.warn({ err }, 'change bus: Redis error'));
    }
    this.reader.on('ready', () => {
      if (this.readerWasReady) void this.checkContinuity();
      this.readerWasReady = true;
    });
    this.loop = this.readLoop();
  }

  publish(message: LiveMessage): void {
    const sent = withinCap(checked(message));
    if (sent.length === 0) {
      // Nothing in its place reaches the other nodes: this one's pages at least resync.
      this.log.warn({ name: message.name }, 'change bus: a message too large was dropped');
      this.listeners.gap();
    }
    const committedAt = String(Date.now());
    for (const { raw } of sent) void this.append(raw, committedAt, 1);
  }

  /**
   * While Redis is unreachable the write waits in ioredis's queue; an error means Redis
   * answered and refused. After the last attempt the change is lost to the other nodes, so
   * this node's pages at least are told to resync.
   */
  private async append(raw: string, committedAt: string, attempt: number): Promise<void> {
    try {
      await this.writer.xadd(
        STREAM,
        'MAXLEN',
        '~',
        STREAM_MAX_LENGTH,
        '*',
        'm',
        raw,
        't',
        committedAt,
      );
    } catch (err) {
      if (this.closed) return;
      if (attempt < PUBLISH_ATTEMPTS) {
        this.log.warn({ err, attempt }, 'change bus: publish refused; retrying');
        await new Promise((r) => setTimeout(r, PUBLISH_BACKOFF_MS * 2 ** (attempt - 1)));
        return this.append(raw, committedAt, attempt + 1);
      }
      this.log.warn({ err }, 'change bus: a change could not be published; resyncing');
      this.listeners.gap();
    }
  }

  async send(message: LiveMessage, key: string, committedAt = Date.now()): Promise<void> {
    const sent = withinCap(checked(message));
    if (sent.length === 0) {
      this.log.warn({ name: message.name }, 'change bus: a message too large was dropped');
      this.listeners.gap();
      return;
    }
    if (this.sender.status !== 'ready') {
      await once(this.sender, 'ready', { signal: AbortSignal.timeout(SEND_CONNECT_WAIT_MS) });
    }
    for (const [i, { raw }] of sent.entries()) {
      const part = sent.length === 1 ? key : `${key}.${i}`;
      await this.sender.xadd(
        STREAM,
        'MAXLEN',
        '~',
        STREAM_MAX_LENGTH,
        '*',
        'm',
        raw,
        'k',
        part,
        't',
        String(committedAt),
      );
    }
  }

  /** Whether this outbox key was read before; remembers it. */
  private repeated(key: string | undefined): boolean {
    if (key === undefined) return false;
    if (this.seen.has(key)) return true;
    this.seen.add(key);
    if (this.seen.size > SEEN_KEYS) this.seen.delete(this.seen.values().next().value!);
    return false;
  }

  subscribe(listener: BusListener, onGap?: GapListener): () => void {
    return this.listeners.add(listener, onGap);
  }

  private async readLoop(): Promise<void> {
    while (!this.closed) {
      try {
        if (this.lastId === undefined) {
          const newest = await this.reader.xrevrange(STREAM, '+', '-', 'COUNT', 1);
          this.lastId = newest[0]?.[0] ?? '0-0';
        }
        const batch = await this.reader.xread(
          'COUNT',
          500,
          'BLOCK',
          BLOCK_MS,
          'STREAMS',
          STREAM,
          this.lastId,
        );
        for (const [, entries] of batch ?? []) {
          for (const [id, fields] of entries) {
            this.lastId = id;
            this.deliver(fields);
          }
        }
      } catch (err) {
        if (this.closed) return;
        this.log.warn({ err }, 'change bus: Redis read failed; retrying');
        await new Promise((r) => setTimeout(r, 500));
      }
    }
  }

  /**
   * After a reconnect the reader carries on from its last id (ioredis resends the blocked
   * read). That is only lossless if the entry is still there; otherwise report a gap.
   */
  private async checkContinuity(): Promise<void> {
    const id = this.lastId;
    // Redis coming back in stages can make the reader ready twice before anything new is
    // read: the loss at this id was reported already, and one resync covers it.
    if (id === undefined || id === this.gapReportedAt) return;
    try {
      const kept = id === '0-0' ? [] : await this.writer.xrange(STREAM, id, id);
      if (kept.length === 0 && !this.closed) {
        this.gapReportedAt = id;
        this.log.warn({ lastId: id }, 'change bus: stream entries were lost; resyncing');
        this.listeners.gap();
      }
    } catch (err) {
      if (!this.closed) this.listeners.gap();
      this.log.warn({ err }, 'change bus: continuity check failed; resyncing');
    }
  }

  private deliver(fields: string[]): void {
    const raw = fields[fields.indexOf('m') + 1];
    if (raw === undefined) return;
    const key = fields.indexOf('k') >= 0 ? fields[fields.indexOf('k') + 1] : undefined;
    if (this.repeated(key)) return;
    // An entry written by a node of an older version has no time: now is the best guess.
    const time = fields.indexOf('t') >= 0 ? Number(fields[fields.indexOf('t') + 1]) : NaN;
    const envelope = { committedAt: Number.isFinite(time) ? time : Date.now() };
    let message: LiveMessage;
    try {
      message = checked(JSON.parse(raw) as LiveMessage);
    } catch (err) {
      this.log.warn({ err }, 'change bus: unreadable message skipped');
      return;
    }
    // Written by a node that did not cap it: capped here, before any page is pushed it.
    // (A character is at most 3 bytes of UTF-8 per UTF-16 unit.)
    const sent = raw.length * 3 > MAX_LIVE_MESSAGE_BYTES ? withinCap(message) : [{ message }];
    if (sent.length === 0) this.listeners.gap();
    for (const { message: m } of sent) this.listeners.message(m, envelope);
  }

  async close(): Promise<void> {
    this.closed = true;
    this.reader.disconnect();
    await this.loop;
    // Let queued publishes reach Redis, but do not wait on a Redis that is not there.
    await Promise.race([
      this.writer.quit().catch(() => undefined),
      new Promise((r) => setTimeout(r, 2_000).unref()),
    ]);
    this.writer.disconnect();
    this.sender.disconnect();
    this.listeners.clear();
  }
}

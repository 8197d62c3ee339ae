import { EventEmitter } from 'node:events';
import { Redis } from 'ioredis';
import { liveMessages, type LiveMessage } from '../../shared/live/messages.ts';

export type BusListener = (message: LiveMessage) => void;
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
  subscribe(listener: BusListener, onGap?: GapListener): () => void;
  close(): Promise<void>;
}

interface Logger {
  warn(obj: unknown, msg?: string): void;
}

/** Throws for a message that is not in the registry or breaks its payload schema. */
function checked(message: LiveMessage): LiveMessage {
  const schema = liveMessages[message.name];
  if (!schema) throw new Error(`Unknown live message '${String(message.name)}'`);
  return { name: message.name, payload: schema.parse(message.payload) } as LiveMessage;
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

  message(message: LiveMessage): void {
    this.emitter.emit('message', message);
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

  publish(message: LiveMessage): void {
    const valid = checked(message);
    // Deliver asynchronously, as a network bus would, so publishers never depend on
    // listeners running inside their call.
    queueMicrotask(() => this.listeners.message(valid));
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

/**
 * Scaled mode: a Redis Stream. A node reads on from the last id it saw, so one that loses
 * Redis for a moment catches up on reconnect instead of losing changes, as pub/sub would.
 * When that id is gone on reconnect (Redis restarted without persistence, or the node fell
 * further behind than the stream keeps), entries may be lost and listeners hear of a gap.
 */
export class RedisStreamBus implements Bus {
  private readonly writer: Redis;
  private readonly reader: Redis;
  private readonly listeners = new Listeners();
  private lastId: string | undefined;
  private readerWasReady = false;
  private closed = false;
  private readonly loop: Promise<void>;

  constructor(
    url: string,
    private readonly log: Logger,
  ) {
    // No retry limit: while Redis is away, commands wait for it instead of failing.
    this.writer = new Redis(url, { maxRetriesPerRequest: null });
    this.reader = new Redis(url, { maxRetriesPerRequest: null });
    for (const connection of [this.writer, this.reader]) {
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
    void this.append(JSON.stringify(checked(message)), 1);
  }

  /**
   * While Redis is unreachable the write waits in ioredis's queue; an error means Redis
   * answered and refused. After the last attempt the change is lost to the other nodes, so
   * this node's pages at least are told to resync.
   */
  private async append(raw: string, attempt: number): Promise<void> {
    try {
      await this.writer.xadd(STREAM, 'MAXLEN', '~', STREAM_MAX_LENGTH, '*', 'm', raw);
    } catch (err) {
      if (this.closed) return;
      if (attempt < PUBLISH_ATTEMPTS) {
        this.log.warn({ err, attempt }, 'change bus: publish refused; retrying');
        await new Promise((r) => setTimeout(r, PUBLISH_BACKOFF_MS * 2 ** (attempt - 1)));
        return this.append(raw, attempt + 1);
      }
      this.log.warn({ err }, 'change bus: a change could not be published; resyncing');
      this.listeners.gap();
    }
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
    if (id === undefined) return;
    try {
      const kept = id === '0-0' ? [] : await this.writer.xrange(STREAM, id, id);
      if (kept.length === 0 && !this.closed) {
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
    let message: LiveMessage;
    try {
      message = checked(JSON.parse(raw) as LiveMessage);
    } catch (err) {
      this.log.warn({ err }, 'change bus: unreadable message skipped');
      return;
    }
    this.listeners.message(message);
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
    this.listeners.clear();
  }
}

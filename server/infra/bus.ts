import { EventEmitter } from 'node:events';
import { Redis } from 'ioredis';
import { liveMessages, type LiveMessage } from '../../shared/live/messages.ts';

export type BusListener = (message: LiveMessage) => void;

/**
 * Carries committed changes to every API node. Callers publish after their transaction
 * commits; every node's listeners receive every message, their own included.
 */
export interface Bus {
  publish(message: LiveMessage): Promise<void>;
  subscribe(listener: BusListener): () => void;
  close(): Promise<void>;
}

interface Logger {
  warn(obj: unknown, msg?: string): void;
}

/** Embedded mode: one process, so an emitter is the whole bus. */
export class InProcessBus implements Bus {
  private readonly emitter = new EventEmitter().setMaxListeners(0);

  async publish(message: LiveMessage): Promise<void> {
    liveMessages[message.name].parse(message.payload);
    // Deliver asynchronously, as a network bus would, so publishers never depend on
    // listeners running inside their call.
    queueMicrotask(() => this.emitter.emit('message', message));
  }

  subscribe(listener: BusListener): () => void {
    this.emitter.on('message', listener);
    return () => this.emitter.off('message', listener);
  }

  async close(): Promise<void> {
    this.emitter.removeAllListeners();
  }
}

const STREAM = 'rith:changes';
const STREAM_MAX_LENGTH = 10_000;
const BLOCK_MS = 5_000;

/**
 * Scaled mode: a Redis Stream. A node reads on from the last id it saw, so one that loses
 * Redis for a moment catches up on reconnect instead of losing changes, as pub/sub would.
 */
export class RedisStreamBus implements Bus {
  private readonly writer: Redis;
  private readonly reader: Redis;
  private readonly emitter = new EventEmitter().setMaxListeners(0);
  private lastId: string | undefined;
  private closed = false;
  private readonly loop: Promise<void>;

  constructor(
    url: string,
    private readonly log: Logger,
  ) {
    this.writer = new Redis(url, { maxRetriesPerRequest: null });
    this.reader = new Redis(url, { maxRetriesPerRequest: null });
    this.loop = this.readLoop();
  }

  async publish(message: LiveMessage): Promise<void> {
    liveMessages[message.name].parse(message.payload);
    await this.writer.xadd(
      STREAM,
      'MAXLEN',
      '~',
      STREAM_MAX_LENGTH,
      '*',
      'm',
      JSON.stringify(message),
    );
  }

  subscribe(listener: BusListener): () => void {
    this.emitter.on('message', listener);
    return () => this.emitter.off('message', listener);
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

  private deliver(fields: string[]): void {
    const raw = fields[fields.indexOf('m') + 1];
    if (raw === undefined) return;
    try {
      this.emitter.emit('message', JSON.parse(raw) as LiveMessage);
    } catch (err) {
      this.log.warn({ err }, 'change bus: unreadable message skipped');
    }
  }

  async close(): Promise<void> {
    this.closed = true;
    this.reader.disconnect();
    await this.loop;
    await this.writer.quit().catch(() => undefined);
    this.emitter.removeAllListeners();
  }
}

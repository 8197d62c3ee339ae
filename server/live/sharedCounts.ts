import { randomUUID } from 'node:crypto';
import type { Redis } from 'ioredis';
import { connectRedis } from '../infra/redis.ts';
import type { Logger } from '../infra/logger.ts';

/** Each node says every so often how many sockets each address holds on it... */
const FULL_STATE_MS = 5_000;
/** ...and a node not heard from for this long is gone: its sockets went with it. */
const SILENT_NODE_MS = 3 * FULL_STATE_MS;

/** However long Redis takes, a node starting waits no longer than this to take sockets. */
const JOIN_WAIT_MS = 2_000;

type Announcement =
  | { node: string; address: string; count: number }
  | { node: string; counts: [string, number][] }
  /** A node that just joined asks the others for their tables. */
  | { node: string; hello: true };

/**
 * The live sockets each address holds on the other API nodes, so the per-address limit counts
 * across the deployment (README "Limits"): every node announces its count for an address as
 * it changes, on a Redis channel, and its whole table every ten seconds; each node keeps what
 * the others announced. Admission stays a lookup in memory, and a node that dies is forgotten
 * within half a minute.
 */
export class SharedCounts {
  private readonly node = randomUUID();
  private readonly publisher: Redis;
  private readonly subscriber: Redis;
  private readonly channel: string;
  /** Per other node: when last heard, and its counts. */
  private readonly others = new Map<string, { heard: number; counts: Map<string, number> }>();
  private readonly timer: NodeJS.Timeout;
  /** Settles once this node hears the others (or gave up waiting for Redis). */
  readonly joined: Promise<void>;

  constructor(
    redisUrl: string,
    prefix: string,
    private readonly ownCounts: () => Iterable<[string, number]>,
    log: Logger,
  ) {
    this.channel = `${prefix}:live-sockets`;
    this.publisher = connectRedis(redisUrl, { maxRetriesPerRequest: 1 });
    this.subscriber = connectRedis(redisUrl);
    // While Redis is away each node counts its own sockets only; it says so once.
    let away = false;
    for (const connection of [this.publisher, this.subscriber]) {
      connection.on('error', (err) => {
        if (!away) log.warn({ err }, 'live socket counts: Redis away, counting this node only');
        away = true;
      });
    }
    this.subscriber.on('message', (_channel: string, text: string) => this.heard(text));
    // Back from an outage, every node says where it stands, and asks the others to.
    this.subscriber.on('ready', () => {
      away = false;
      this.publish({ node: this.node, hello: true });
      this.announceAll();
    });
    // Once it hears the channel, a node asks the others for their tables: it counts them
    // from its first socket on, not from their next full table.
    const subscribed = this.subscriber.subscribe(this.channel).then(
      () => this.publish({ node: this.node, hello: true }),
      () => undefined,
    );
    this.joined = Promise.race([
      subscribed,
      new Promise<void>((resolve) => setTimeout(resolve, JOIN_WAIT_MS).unref()),
    ]);
    this.timer = setInterval(() => {
      this.forgetSilentNodes();
      this.announceAll();
    }, FULL_STATE_MS).unref();
  }

  /** The sockets the address holds on the other nodes. */
  elsewhere(address: string): number {
    let total = 0;
    for (const { counts } of this.others.values()) total += counts.get(address) ?? 0;
    return total;
  }

  /** This node's count for the address changed. */
  announce(address: string, count: number): void {
    this.publish({ node: this.node, address, count });
  }

  /** Says this node holds nothing any more (its sockets go with it), then leaves. */
  async close(): Promise<void> {
    clearInterval(this.timer);
    this.subscriber.disconnect();
    await this.publisher
      .publish(this.channel, JSON.stringify({ node: this.node, counts: [] }))
      .catch(() => {});
    this.publisher.disconnect();
  }

  private announceAll(): void {
    this.publish({ node: this.node, counts: [...this.ownCounts()] });
  }

  private publish(announcement: Announcement): void {
    void this.publisher.publish(this.channel, JSON.stringify(announcement)).catch(() => {});
  }

  private heard(text: string): void {
    let announcement: Announcement;
    try {
      announcement = JSON.parse(text) as Announcement;
    } catch {
      return;
    }
    if (announcement.node === this.node) return;
    if ('hello' in announcement) {
      this.announceAll();
      return;
    }
    let other = this.others.get(announcement.node);
    if (!other) this.others.set(announcement.node, (other = { heard: 0, counts: new Map() }));
    other.heard = Date.now();
    if ('counts' in announcement) {
      other.counts = new Map(announcement.counts);
    } else if (announcement.count > 0) {
      other.counts.set(announcement.address, announcement.count);
    } else {
      other.counts.delete(announcement.address);
    }
  }

  private forgetSilentNodes(): void {
    const silentSince = Date.now() - SILENT_NODE_MS;
    for (const [node, { heard }] of this.others) {
      if (heard < silentSince) this.others.delete(node);
    }
  }
}

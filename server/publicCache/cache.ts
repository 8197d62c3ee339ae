import { hash } from 'node:crypto';
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import { publicCacheRequests } from '../infra/metrics.ts';

/**
 * A node's memory of the public payloads, pre-serialised (server/publicCache/reads.ts says
 * what is kept under which key). An entry is filled on the first read, from the domain's own
 * query, and dropped when a change the bus carries makes it stale (`invalidate`, with the
 * tags of server/publicCache/tags.ts), so a read costs no database round trip.
 *
 * The fill race: a read that began before a change was committed may finish after the change's
 * message has dropped the entry. Every invalidation takes a new epoch and each tag remembers
 * the last one that hit it; a fill remembers the epoch it began at, and is kept only when none
 * of its tags was hit since. A request that arrived after such a hit and shared that fill
 * reads again, from a fill begun after it arrived: nobody who could have seen the change's
 * message gets the payload from before it.
 */

export type Encoding = 'br' | 'gzip';

/** What a loader read. */
export interface Loaded<F> {
  /** The payload as the route's schema serialises it; null when the public may not see it. */
  json: Buffer | null;
  /** What readers other than HTTP need of it (versions for snapshots, lists to derive from). */
  facts: F;
  /** The changes that make it stale (tags.ts). */
  tags: readonly string[];
  /** The payload's version, shown in its ETag. */
  version?: number;
  /** For what no bus message announces (clubs): the entry is read again after this long. */
  ttlMs?: number;
  /** Memory the facts hold beyond the JSON, roughly, in bytes. */
  factsBytes?: number;
}

/** A payload as the cache serves it. */
export interface Cached<F> {
  readonly json: Buffer | null;
  /**
   * Weak (the same payload goes out compressed or not): the version and a hash of the bytes.
   * An event's payload carries its competition, which changes without the event's version,
   * and every node gives the same bytes the same tag.
   */
  readonly etag: string;
  readonly facts: F;
  /** The JSON compressed, made once per entry on first demand. */
  encoded(encoding: Encoding): Promise<Buffer>;
}

export interface CacheLimits {
  /** JSON, its compressed forms and the facts, all entries together. */
  maxBytes: number;
  maxEntries: number;
  /**
   * Every entry is read again after this long at the latest: a backstop for a change written
   * without a bus message (an operator's SQL, a command-line tool in another process).
   */
  maxAgeMs: number;
}

export const DEFAULT_LIMITS: CacheLimits = {
  maxBytes: 64 * 1024 * 1024,
  maxEntries: 20_000,
  maxAgeMs: 5 * 60_000,
};

/** Bodies smaller than this go out as they are: compressing them saves less than it costs. */
export const COMPRESS_MIN_BYTES = 1024;

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);
// Made once per version on a live path: a middling level compresses JSON nearly as well as the
// highest in a fraction of the time.
const BROTLI_OPTIONS = { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 5 } };
const GZIP_OPTIONS = { level: 6 };

/** Every entry carries this tag: `clear` hits it. */
const ALL = '*';
/** Tags remembered beyond this many are pruned of those no fill in flight can need. */
const PRUNE_AT = 4096;

class Entry implements Cached<unknown> {
  readonly etag: string;
  weight: number;
  stored = false;
  private readonly forms: Partial<Record<Encoding, Promise<Buffer>>> = {};

  constructor(
    readonly key: string,
    readonly json: Buffer | null,
    readonly facts: unknown,
    readonly tags: readonly string[],
    /** The epoch its fill began at. */
    readonly start: number,
    readonly expiresAt: number,
    version: number | undefined,
    factsBytes: number,
    private readonly grew: (entry: Entry, bytes: number) => void,
  ) {
    const digest = json ? hash('sha1', json, 'base64url').slice(0, 16) : 'none';
    this.etag = `W/"${version === undefined ? '' : `${version}-`}${digest}"`;
    this.weight = (json?.length ?? 0) + factsBytes + key.length;
  }

  encoded(encoding: Encoding): Promise<Buffer> {
    if (!this.json) return Promise.reject(new Error('Nothing to compress'));
    let form = this.forms[encoding];
    if (!form) {
      form = encoding === 'br' ? brotli(this.json, BROTLI_OPTIONS) : gzip(this.json, GZIP_OPTIONS);
      this.forms[encoding] = form;
      void form.then(
        (bytes) => this.grew(this, bytes.length),
        () => undefined,
      );
    }
    return form;
  }
}

interface Flight {
  start: number;
  /** The entry, and the last epoch any of its tags was hit at when the fill ended. */
  done: Promise<{ entry: Entry; hitAt: number }>;
}

export class PublicCache {
  /** Least recently read first. */
  private readonly entries = new Map<string, Entry>();
  private readonly byTag = new Map<string, Set<string>>();
  private readonly flights = new Map<string, Flight>();
  private readonly hitAt = new Map<string, number>();
  private epoch = 0;
  private bytes = 0;
  /** Reads answered from memory, and reads that were not (for /metrics). */
  hits = 0;
  misses = 0;

  constructor(
    private readonly limits: CacheLimits = DEFAULT_LIMITS,
    private readonly now: () => number = Date.now,
  ) {}

  /** The entry under `key`, filled by `load` when there is none (one load at a time per key). */
  async read<F>(key: string, load: () => Promise<Loaded<F>>): Promise<Cached<F>> {
    const held = this.entries.get(key);
    if (held && held.expiresAt > this.now()) {
      // Most recently read last: eviction takes the oldest first.
      this.entries.delete(key);
      this.entries.set(key, held);
      this.hits += 1;
      publicCacheRequests.inc({ result: 'hit' });
      return held as Cached<F>;
    }
    this.misses += 1;
    publicCacheRequests.inc({ result: 'miss' });
    const arrived = this.epoch;
    let flight = this.flights.get(key) ?? this.fly(key, load);
    const first = await flight.done;
    if (flight.start >= arrived || first.hitAt <= flight.start) return first.entry as Cached<F>;
    // A change may have been announced between the shared fill's start and this request.
    const current = this.flights.get(key);
    flight = current && current.start >= arrived ? current : this.fly(key, load);
    return (await flight.done).entry as Cached<F>;
  }

  /** Drops every entry carrying one of the tags; fills in flight that carry one are not kept. */
  invalidate(tags: readonly string[]): void {
    if (tags.length === 0) return;
    this.epoch += 1;
    for (const tag of tags) {
      this.hitAt.set(tag, this.epoch);
      for (const key of this.byTag.get(tag) ?? []) this.remove(key);
    }
    if (this.hitAt.size > PRUNE_AT) this.prune();
  }

  /** Drops everything (this node may have missed changes). */
  clear(): void {
    this.epoch += 1;
    this.hitAt.set(ALL, this.epoch);
    for (const key of [...this.entries.keys()]) this.remove(key);
  }

  private fly<F>(key: string, load: () => Promise<Loaded<F>>): Flight {
    const flight = { start: this.epoch } as Flight;
    this.flights.set(key, flight);
    flight.done = this.fill(key, load, flight);
    return flight;
  }

  private async fill<F>(
    key: string,
    load: () => Promise<Loaded<F>>,
    flight: Flight,
  ): Promise<{ entry: Entry; hitAt: number }> {
    try {
      const loaded = await load();
      const entry = new Entry(
        key,
        loaded.json,
        loaded.facts,
        loaded.tags,
        flight.start,
        this.now() + Math.min(loaded.ttlMs ?? Infinity, this.limits.maxAgeMs),
        loaded.version,
        loaded.factsBytes ?? 0,
        (grown, bytes) => this.grow(grown, bytes),
      );
      const hitAt = this.lastHit(entry.tags);
      if (hitAt <= flight.start) this.store(entry);
      return { entry, hitAt };
    } finally {
      if (this.flights.get(key) === flight) this.flights.delete(key);
    }
  }

  private lastHit(tags: readonly string[]): number {
    let last = this.hitAt.get(ALL) ?? 0;
    for (const tag of tags) last = Math.max(last, this.hitAt.get(tag) ?? 0);
    return last;
  }

  private store(entry: Entry): void {
    const held = this.entries.get(entry.key);
    // A fill begun later has already stored what it read.
    if (held && held.start > entry.start) return;
    if (held) this.remove(entry.key);
    entry.stored = true;
    this.entries.set(entry.key, entry);
    this.bytes += entry.weight;
    for (const tag of entry.tags) {
      let keys = this.byTag.get(tag);
      if (!keys) this.byTag.set(tag, (keys = new Set()));
      keys.add(entry.key);
    }
    this.evict();
  }

  private grow(entry: Entry, bytes: number): void {
    entry.weight += bytes;
    if (!entry.stored) return;
    this.bytes += bytes;
    this.evict();
  }

  private evict(): void {
    for (const key of this.entries.keys()) {
      if (this.bytes <= this.limits.maxBytes && this.entries.size <= this.limits.maxEntries) break;
      this.remove(key);
    }
  }

  private remove(key: string): void {
    const entry = this.entries.get(key);
    if (!entry) return;
    entry.stored = false;
    this.entries.delete(key);
    this.bytes -= entry.weight;
    for (const tag of entry.tags) {
      const keys = this.byTag.get(tag);
      keys?.delete(key);
      if (keys?.size === 0) this.byTag.delete(tag);
    }
  }

  /** Forgets hits older than every fill in flight: no fill can be told apart by them. */
  private prune(): void {
    let oldest = this.epoch;
    for (const flight of this.flights.values()) oldest = Math.min(oldest, flight.start);
    for (const [tag, at] of this.hitAt) if (at <= oldest && tag !== ALL) this.hitAt.delete(tag);
  }
}

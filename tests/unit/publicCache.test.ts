import { describe, expect, it } from 'vitest';
import { gunzipSync, brotliDecompressSync } from 'node:zlib';
import { PublicCache, DEFAULT_LIMITS, type Loaded } from '../../server/publicCache/cache.ts';
import { acceptedEncoding, isNotModified } from '../../server/publicCache/http.ts';

/** A payload as a domain query would give it: its JSON, its version, what makes it stale. */
const payload = (text: string, tags: string[] = ['t'], version?: number): Loaded<string> => ({
  json: Buffer.from(JSON.stringify({ text })),
  facts: text,
  tags,
  version,
});

/** A load the test finishes when it chooses, as a slow database read. */
function controllableLoad() {
  const pending: ((value: Loaded<string>) => void)[] = [];
  let calls = 0;
  const load = () => {
    calls += 1;
    return new Promise<Loaded<string>>((resolve) => pending.push(resolve));
  };
  return {
    load,
    calls: () => calls,
    finish: (value: Loaded<string>) => pending.shift()!(value),
  };
}

/** Lets the pending promise callbacks run. */
const settle = () => new Promise((r) => setImmediate(r));

describe('PublicCache', () => {
  it('fills once, then answers from memory; reads at the same time share one fill', async () => {
    const cache = new PublicCache();
    const db = controllableLoad();
    const first = cache.read('k', db.load);
    const second = cache.read('k', db.load);
    db.finish(payload('a'));
    expect((await first).facts).toBe('a');
    expect((await second).facts).toBe('a');
    expect((await cache.read('k', db.load)).facts).toBe('a');
    expect(db.calls()).toBe(1);
    expect({ hits: cache.hits, misses: cache.misses }).toEqual({ hits: 1, misses: 2 });
  });

  it('drops what a change makes stale, and only that', async () => {
    const cache = new PublicCache();
    let version = 1;
    const load = (tag: string) => async () => payload(`${tag}${version}`, [tag]);
    await cache.read('a', load('a'));
    await cache.read('b', load('b'));
    version = 2;
    cache.invalidate(['a']);
    expect((await cache.read('a', load('a'))).facts).toBe('a2');
    expect((await cache.read('b', load('b'))).facts).toBe('b1');
  });

  it('never keeps a fill that began before a change announced while it ran', async () => {
    const cache = new PublicCache();
    const db = controllableLoad();
    // A spectator's read starts; the database answers with the event as it was...
    const before = cache.read('event', db.load);
    // ...but the change commits and its message arrives before the answer does.
    cache.invalidate(['t']);
    db.finish(payload('old'));
    // The spectator who asked before the change may get what was there then.
    expect((await before).facts).toBe('old');
    // Nobody after the change does: the old answer was not kept.
    const after = cache.read('event', db.load);
    await settle();
    db.finish(payload('new'));
    expect((await after).facts).toBe('new');
    expect(db.calls()).toBe(2);
  });

  it('reads again for a request that came after the change but joined an older fill', async () => {
    const cache = new PublicCache();
    const db = controllableLoad();
    const early = cache.read('event', db.load);
    cache.invalidate(['t']);
    // Arrives after the change's message, while the fill begun before it is still running.
    const late = cache.read('event', db.load);
    db.finish(payload('old'));
    await settle();
    db.finish(payload('new'));
    expect((await early).facts).toBe('old');
    expect((await late).facts).toBe('new');
    // And the newer read is the one kept.
    expect((await cache.read('event', db.load)).facts).toBe('new');
    expect(db.calls()).toBe(2);
  });

  it('keeps a fill when the change touched something else', async () => {
    const cache = new PublicCache();
    const db = controllableLoad();
    const read = cache.read('event', db.load);
    cache.invalidate(['another event']);
    db.finish(payload('a'));
    await read;
    await cache.read('event', db.load);
    expect(db.calls()).toBe(1);
  });

  it('drops everything, fills in flight included, when the node may have missed changes', async () => {
    const cache = new PublicCache();
    await cache.read('a', async () => payload('a1'));
    const db = controllableLoad();
    const inFlight = cache.read('b', db.load);
    cache.clear();
    db.finish(payload('b1'));
    await inFlight;
    expect((await cache.read('a', async () => payload('a2'))).facts).toBe('a2');
    expect((await cache.read('b', async () => payload('b2'))).facts).toBe('b2');
  });

  it('reads again what no message announces once its time is up', async () => {
    let now = 0;
    const cache = new PublicCache(DEFAULT_LIMITS, () => now);
    const clubs = (text: string) => async () => ({ ...payload(text, []), ttlMs: 30_000 });
    await cache.read('clubs', clubs('before'));
    now = 29_999;
    expect((await cache.read('clubs', clubs('after'))).facts).toBe('before');
    now = 30_000;
    expect((await cache.read('clubs', clubs('after'))).facts).toBe('after');
  });

  it('keeps within its bounds, dropping what was read least recently', async () => {
    const cache = new PublicCache({ ...DEFAULT_LIMITS, maxEntries: 2 });
    let loads = 0;
    const load = (text: string) => async () => {
      loads += 1;
      return payload(text);
    };
    await cache.read('a', load('a'));
    await cache.read('b', load('b'));
    await cache.read('a', load('a'));
    await cache.read('c', load('c'));
    expect(loads).toBe(3);
    await cache.read('a', load('a'));
    expect(loads).toBe(3);
    await cache.read('b', load('b'));
    expect(loads).toBe(4);
  });

  it('tags an answer with its version and its bytes, and compresses it once', async () => {
    const cache = new PublicCache();
    const one = await cache.read('one', async () => payload('x'.repeat(2000), ['t'], 7));
    const same = await cache.read('same', async () => payload('x'.repeat(2000), ['t'], 7));
    const other = await cache.read('other', async () => payload('y'.repeat(2000), ['t'], 7));
    expect(one.etag).toMatch(/^W\/"7-[\w-]+"$/);
    expect(same.etag).toBe(one.etag);
    expect(other.etag).not.toBe(one.etag);
    expect(gunzipSync(await one.encoded('gzip'))).toEqual(one.json);
    expect(brotliDecompressSync(await one.encoded('br'))).toEqual(one.json);
    expect(one.encoded('br')).toBe(one.encoded('br'));
  });
});

describe('conditional and compressed answers', () => {
  const etag = 'W/"3-abc"';

  it('matches If-None-Match weakly, in a list, or *', () => {
    expect(isNotModified(etag, etag)).toBe(true);
    expect(isNotModified('"3-abc"', etag)).toBe(true);
    expect(isNotModified('W/"2-old", W/"3-abc"', etag)).toBe(true);
    expect(isNotModified('*', etag)).toBe(true);
    expect(isNotModified('W/"2-old"', etag)).toBe(false);
    expect(isNotModified(undefined, etag)).toBe(false);
  });

  it('picks brotli, else gzip, as the client accepts them', () => {
    expect(acceptedEncoding('gzip, deflate, br, zstd')).toBe('br');
    expect(acceptedEncoding('gzip, deflate')).toBe('gzip');
    expect(acceptedEncoding('br;q=0, gzip')).toBe('gzip');
    expect(acceptedEncoding('gzip;q=1, br;q=0.5')).toBe('gzip');
    expect(acceptedEncoding('*')).toBe('br');
    expect(acceptedEncoding('identity')).toBeNull();
    expect(acceptedEncoding(undefined)).toBeNull();
  });
});

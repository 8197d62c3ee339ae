import { createECDH, randomBytes, randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { quietLogger, startTestApp, testConfig, type TestApp } from '../support/app.ts';
import { athlete, createClub, createCompetition, createEvent } from '../support/factory.ts';
import { pushAlertsJob } from '../../server/push/job.ts';
import type { Follows } from '../../shared/schemas/follow.ts';

// Issue 27: which endpoints a subscription may name (as web-push will dial them), how many
// subscriptions an address and the server take, and when a silent one goes.

/** A push service's endpoint for a new device, and the browser's keys (never sent to). */
const device = (endpoint = `https://web.push.apple.com/3/device/${randomUUID()}`) => ({
  endpoint,
  keys: {
    // A real P-256 key: web-push encrypts for it before it dials.
    p256dh: createECDH('prime256v1').generateKeys('base64url'),
    auth: randomBytes(16).toString('base64url'),
  },
});
type Device = ReturnType<typeof device>;
const nothing: Follows = { athletes: [], clubs: [] };

/** Each test's addresses of its own: the caps count by address (X-Forwarded-For, one proxy). */
let lastAddress = 0;
const newAddress = () => `203.0.113.${(lastAddress += 1)}`;

let t: TestApp;
/** A server that takes one subscription in all. */
let full: TestApp;

beforeAll(async () => {
  const push = {
    ...testConfig().push,
    endpointHosts: ['*.push.apple.com'],
    maxSubscriptionsPerAddress: 2,
    tickMs: 100,
  };
  [t, full] = await Promise.all([
    startTestApp({ config: { trustProxyHops: 1, push } }),
    startTestApp({ config: { trustProxyHops: 1, push: { ...push, maxSubscriptions: 1 } } }),
  ]);
});
afterAll(async () => {
  await t?.close();
  await full?.close();
});

async function save(app: TestApp, from: string, subscription: Device) {
  const res = await fetch(`${app.url}/api/push/subscription`, {
    method: 'PUT',
    headers: { 'content-type': 'application/json', origin: app.url, 'x-forwarded-for': from },
    body: JSON.stringify({ subscription, follows: nothing }),
  });
  return {
    status: res.status,
    retryAfter: res.headers.get('retry-after'),
    body: (await res.json()) as { code?: string; error?: string },
  };
}

const stored = (app: TestApp, endpoint: string) =>
  app.runtime.db
    .selectFrom('pushSubscriptions')
    .select([
      'endpoint',
      'clientAddress',
      sql<string>`extract(epoch from now() - updated_at)`.as('secondsSinceSeen'),
    ])
    .where('endpoint', '=', endpoint)
    .executeTakeFirst();

describe('push endpoints', () => {
  it('refuses one whose host web-push would read otherwise, and keeps the rest as dialled', async () => {
    const from = newAddress();
    for (const endpoint of [
      // url.parse leaves it encoded: web-push would dial the host "rithssrf".
      'https://rithssrf%2epush%2eapple%2ecom/x',
      'https://web.push.apple.com@evil.example/x',
      'https://web.push.apple.com:8443/x',
      'http://web.push.apple.com/x',
    ]) {
      const refused = await save(t, from, device(endpoint));
      expect(refused, endpoint).toMatchObject({
        status: 400,
        body: { code: 'push_endpoint_refused', error: expect.stringMatching(/push service/) },
      });
    }
    const mixed = `https://Web.Push.Apple.com/3/device/${randomUUID()}`;
    expect((await save(t, from, device(mixed))).status).toBe(200);
    expect(await stored(t, mixed.toLowerCase())).toMatchObject({ clientAddress: from });
    expect(await stored(t, mixed)).toBeUndefined();
    // "Stop alerts" names it as the browser does: the one stored goes.
    const stop = await fetch(`${t.url}/api/push/subscription`, {
      method: 'DELETE',
      headers: { 'content-type': 'application/json', origin: t.url, 'x-forwarded-for': from },
      body: JSON.stringify({ endpoint: mixed }),
    });
    expect(stop.status).toBe(200);
    expect(await stored(t, mixed.toLowerCase())).toBeUndefined();
  });

  it('never dials one stored before the check, and drops it', async () => {
    const club = await createClub(t.runtime.db);
    const { uic } = await createCompetition(t.runtime.db, club.uic);
    const entry = athlete({ name: 'Sarah Healy', bib: '12', club: 'UCD AC' });
    await createEvent(t.runtime.db, uic, { time: null, startListFile: [entry] });
    const follows: Follows = {
      athletes: [{ competitionUic: uic, key: 'bib:12', name: entry.name, club: null, bib: '12' }],
      clubs: [],
    };
    const old = device('https://rithssrf%2epush%2eapple%2ecom/x');
    await t.runtime.db
      .insertInto('pushSubscriptions')
      .values({
        endpoint: old.endpoint,
        ...old.keys,
        follows: JSON.stringify(follows),
        competitionUics: [uic],
        clientAddress: null,
      })
      .execute();
    const job = pushAlertsJob({
      db: t.runtime.db,
      config: t.runtime.config.push,
      log: quietLogger,
    });
    // Dialled, it would fail to reach "rithssrf" and the job would fail to be retried.
    await job({ competitionUic: uic });
    expect(await stored(t, old.endpoint)).toBeUndefined();
  });
});

describe('how many subscriptions', () => {
  it('takes PUSH_SUBSCRIPTIONS_PER_ADDRESS new devices from an address, then says why not', async () => {
    const from = newAddress();
    const [first, second] = [device(), device()];
    expect((await save(t, from, first)).status).toBe(200);
    expect((await save(t, from, second)).status).toBe(200);
    const refused = await save(t, from, device());
    expect(refused).toMatchObject({
      status: 429,
      body: { code: 'push_address_full', error: expect.stringMatching(/another connection/) },
    });
    expect(Number(refused.retryAfter)).toBeGreaterThan(0);
    // A device already subscribed always saves again (its follows, and that it is there).
    expect((await save(t, from, first)).status).toBe(200);
    // Another address is not this one's business.
    expect((await save(t, newAddress(), device())).status).toBe(200);
  });

  it("counts an IPv6 address's /64 as one address", async () => {
    const net = `2001:db8:27:${(lastAddress += 1).toString(16)}`;
    expect((await save(t, `${net}::a`, device())).status).toBe(200);
    expect((await save(t, `${net}:ffff::b`, device())).status).toBe(200);
    expect((await save(t, `${net}::c`, device())).body.code).toBe('push_address_full');
    expect((await save(t, `2001:db8:28:${lastAddress.toString(16)}::a`, device())).status).toBe(
      200,
    );
  });

  it('takes PUSH_SUBSCRIPTIONS_MAX in all, then says it is full; those it has still save', async () => {
    const kept = device();
    // However many other test files hold (PostgreSQL is shared), this one is there.
    await full.runtime.db
      .insertInto('pushSubscriptions')
      .values({
        endpoint: kept.endpoint,
        ...kept.keys,
        follows: JSON.stringify(nothing),
        competitionUics: [],
        clientAddress: null,
      })
      .execute();
    const refused = await save(full, newAddress(), device());
    expect(refused).toMatchObject({
      status: 503,
      body: { code: 'push_capacity_full', error: expect.stringMatching(/try again later/) },
    });
    expect((await save(full, newAddress(), kept)).status).toBe(200);
  });
});

describe('silent subscriptions', () => {
  it('are dropped after PUSH_SUBSCRIPTION_EXPIRY_DAYS without a save, freeing their place', async () => {
    const from = newAddress();
    const [silent, seen] = [device(), device()];
    for (const d of [silent, seen]) expect((await save(t, from, d)).status).toBe(200);
    expect((await save(t, from, device())).status).toBe(429);
    const days = t.runtime.config.push.subscriptionExpiryDays;
    const age = (endpoint: string, byDays: number) =>
      t.runtime.db
        .updateTable('pushSubscriptions')
        .set({ updatedAt: sql`now() - ${byDays}::float8 * interval '1 day'` })
        .where('endpoint', '=', endpoint)
        .execute();
    // A device that visits the site again saves its subscription: it is seen.
    await age(seen.endpoint, days - 1);
    expect((await save(t, from, seen)).status).toBe(200);
    expect(Number((await stored(t, seen.endpoint))?.secondsSinceSeen)).toBeLessThan(60);
    // The scheduler's tick (PUSH_TICK_MS) drops the silent one.
    await age(silent.endpoint, days + 1);
    await expect.poll(() => stored(t, silent.endpoint)).toBeUndefined();
    expect(await stored(t, seen.endpoint)).toBeDefined();
    expect((await save(t, from, device())).status).toBe(200);
  });
});

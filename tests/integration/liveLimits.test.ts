import { randomUUID } from 'node:crypto';
import { afterAll, describe, expect, it } from 'vitest';
import { io } from 'socket.io-client';
import { updateCompetition } from '../../server/competitions/service.ts';
import type { Config } from '../../server/config.ts';
import { startTestApp, testDbKind, type TestApp } from '../support/app.ts';
import { Spectator } from '../support/spectator.ts';
import { createClub, createCompetition } from '../support/factory.ts';

const apps: TestApp[] = [];
afterAll(async () => {
  for (const app of apps) await app.close();
});

async function app(config: Partial<Config>) {
  const started = await startTestApp({ config });
  apps.push(started);
  return started;
}

const open: Spectator[] = [];
afterAll(() => {
  for (const spectator of open) spectator.close();
});

/** A live connection as a page behind the proxy at `ip` makes one: connected, or refused. */
async function connect(t: TestApp, ip: string): Promise<Spectator | 'refused'> {
  try {
    const spectator = await Spectator.connect(t.url, { 'x-forwarded-for': ip });
    open.push(spectator);
    return spectator;
  } catch {
    return 'refused';
  }
}

async function until(condition: () => boolean | Promise<boolean>, what: string, ms = 15_000) {
  const deadline = Date.now() + ms;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error(`not within ${ms} ms: ${what}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

describe('live connections per address', () => {
  it('refuses the one past the cap from one address while another address still connects, and frees the place when one closes', async () => {
    const t = await app({ trustProxyHops: 1, liveMaxConnectionsPerAddress: 3 });
    // All at once, as a flood would open them.
    const first = await Promise.all(Array.from({ length: 6 }, () => connect(t, '203.0.113.7')));
    const accepted = first.filter((s): s is Spectator => s !== 'refused');
    expect(accepted).toHaveLength(3);
    expect(await connect(t, '203.0.113.7')).toBe('refused');

    const neighbour = await connect(t, '203.0.113.8');
    expect(neighbour).not.toBe('refused');
    const club = await createClub(t.runtime.db);
    const competition = await createCompetition(t.runtime.db, club.uic);
    expect(
      await (neighbour as Spectator).subscribe({ competitionUic: competition.uic }),
    ).toMatchObject({ ok: true });

    accepted[0]!.close();
    await until(
      async () => (await connect(t, '203.0.113.7')) !== 'refused',
      'a place freed by a closed socket',
    );
  });

  it('counts by the socket address when no proxy is trusted, whatever X-Forwarded-For says', async () => {
    const t = await app({ trustProxyHops: 0, liveMaxConnectionsPerAddress: 2 });
    expect(await connect(t, '203.0.113.1')).not.toBe('refused');
    expect(await connect(t, '203.0.113.2')).not.toBe('refused');
    expect(await connect(t, '203.0.113.3')).toBe('refused');
  });
});

describe.runIf(Boolean(process.env.REDIS_URL) && testDbKind() === 'postgres')(
  'live connections per address across API nodes',
  () => {
    it('count against one limit: the sockets one node holds leave fewer places on the other', async () => {
      const config = {
        redisUrl: process.env.REDIS_URL,
        rateLimitPrefix: `rith-test:${randomUUID()}`,
        trustProxyHops: 1,
        liveMaxConnectionsPerAddress: 4,
      };
      const [a, b] = [await app(config), await app(config)];
      const onA = [];
      for (let i = 0; i < 3; i += 1) onA.push(await connect(a, '203.0.113.9'));
      expect(onA).not.toContain('refused');
      expect(await connect(b, '203.0.113.9')).not.toBe('refused');
      expect(await connect(b, '203.0.113.9')).toBe('refused');
      expect(await connect(a, '203.0.113.9')).toBe('refused');
      // Another address is not held back, on either node.
      expect(await connect(b, '203.0.113.10')).not.toBe('refused');

      (onA[0] as Spectator).close();
      await until(
        async () => (await connect(b, '203.0.113.9')) !== 'refused',
        'a place freed on node A taken on node B',
      );
    });
  },
);

describe('a socket flooding messages', () => {
  it('is disconnected, while the server keeps answering and other pages keep receiving changes', async () => {
    const t = await app({});
    const club = await createClub(t.runtime.db);
    const competition = await createCompetition(t.runtime.db, club.uic);
    const page = await Spectator.connect(t.url);
    open.push(page);
    expect(await page.subscribe({ competitionUic: competition.uic })).toMatchObject({ ok: true });

    const flooder = io(t.url, { transports: ['websocket'], forceNew: true, reconnection: false });
    await new Promise<void>((resolve, reject) => {
      flooder.once('connect', resolve);
      flooder.once('connect_error', reject);
    });
    let disconnected = false;
    flooder.on('disconnect', () => (disconnected = true));
    for (let i = 0; i < 20_000; i++) {
      flooder.emit('unsubscribe', { competitionUic: competition.uic });
    }
    await until(() => disconnected, 'the flooding socket disconnected');

    const clubs = await fetch(`${t.url}/api/clubs`);
    expect(clubs.status).toBe(200);
    // A page sending what pages send (a page view is a few messages) is not taken for a flood.
    const target = { competitionUic: competition.uic };
    for (let i = 0; i < 15; i++) {
      expect(await page.unsubscribe(target)).toMatchObject({ ok: true });
      expect(await page.subscribe(target)).toMatchObject({ ok: true });
    }
    await updateCompetition(t.runtime, competition.uic, { location: 'Morton Stadium' });
    const changed = await page.next((m) => m.name === 'competition.changed');
    expect(changed.payload).toMatchObject({ competition: { location: 'Morton Stadium' } });
    expect(page.socket.connected).toBe(true);
  });
});

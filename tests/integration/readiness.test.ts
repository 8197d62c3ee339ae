import net from 'node:net';
import { sql } from 'kysely';
import { afterAll, describe, expect, it } from 'vitest';
import { startTestApp, testDbKind, type TestApp, testDatabaseUrl } from '../support/app.ts';
import { UNAVAILABLE_MESSAGE } from '../../server/errors.ts';
import { createReadiness, PROBE_TIMEOUT_MS } from '../../server/infra/readiness.ts';

// Issue 13, point 13: /healthz says the process answers; /readyz says whether it can serve,
// and a load balancer is told to wait (503, Retry-After) while its database or Redis is away.

const apps: TestApp[] = [];
afterAll(async () => {
  // The app whose database was destroyed closes with an error: nothing is left to close.
  for (const app of apps) await app.close().catch(() => {});
});

async function app(config: Parameters<typeof startTestApp>[0] = {}) {
  const started = await startTestApp(config);
  apps.push(started);
  return started;
}

/** A port nothing listens on: a Redis that is down. */
async function deadPort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

const ready = async (t: TestApp) => {
  const res = await fetch(`${t.url}/readyz`);
  return { status: res.status, retryAfter: res.headers.get('retry-after'), body: await res.json() };
};

describe('/readyz', () => {
  it('is ready while the database answers, and says so', async () => {
    const t = await app();
    expect(await ready(t)).toEqual({
      status: 200,
      retryAfter: null,
      body: { ready: true, database: 'ok', redis: 'not configured' },
    });
  });

  it('reports Redis down while it is away, whatever the database says', async () => {
    const t = await app();
    const readiness = createReadiness(
      t.runtime.pingDatabase,
      `redis://127.0.0.1:${await deadPort()}`,
    );
    try {
      expect(await readiness.check()).toEqual({ ready: false, database: 'ok', redis: 'down' });
    } finally {
      await readiness.close();
    }
  });

  it('calls a node whose event loop was held up past the timeout ready, its database answering', async () => {
    const t = await app();
    const readiness = createReadiness(t.runtime.pingDatabase, undefined);
    try {
      await readiness.check(); // connected: the question is one round trip
      const checking = readiness.check();
      // Busy with work for longer than the probe may take, as under a flood of uploads.
      const until = Date.now() + PROBE_TIMEOUT_MS + 300;
      while (Date.now() < until);
      expect(await checking).toEqual({ ready: true, database: 'ok', redis: 'not configured' });
    } finally {
      await readiness.close();
    }
  });

  it.runIf(testDbKind() === 'postgres')(
    'calls a node whose every database connection is busy ready, not "database down"',
    async () => {
      const t = await app();
      // Every connection of the pool taken by slow requests, past the probe's timeout.
      const slow = Array.from({ length: 10 }, () =>
        sql`select pg_sleep(${(PROBE_TIMEOUT_MS + 1_000) / 1000})`.execute(t.runtime.db),
      );
      const answer = await ready(t);
      expect(answer).toMatchObject({ status: 200, body: { ready: true, database: 'ok' } });
      await Promise.all(slow);
    },
  );

  it('answers 503 with Retry-After once the database is gone, while /healthz still answers', async () => {
    const t = await app();
    await t.runtime.db.destroy();
    const answer = await ready(t);
    expect(answer).toMatchObject({ status: 503, body: { ready: false, database: 'down' } });
    expect(Number(answer.retryAfter)).toBeGreaterThan(0);
    expect((await fetch(`${t.url}/healthz`)).status).toBe(200);
  });
});

/**
 * PostgreSQL as the API sees it through a TCP hop the test can cut: while down, every
 * connection is dropped at once, as during a restart or a failover.
 */
async function cuttablePostgres(url: string) {
  const target = new URL(url);
  const open = new Set<net.Socket>();
  let up = true;
  const server = net.createServer((client) => {
    if (!up) return client.destroy();
    const upstream = net.connect(Number(target.port || 5432), target.hostname);
    for (const [a, b] of [
      [client, upstream],
      [upstream, client],
    ] as const) {
      a.pipe(b);
      a.on('error', () => b.destroy());
      a.on('close', () => b.destroy());
      open.add(a);
      a.on('close', () => open.delete(a));
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const proxied = new URL(url);
  proxied.hostname = '127.0.0.1';
  proxied.port = String((server.address() as net.AddressInfo).port);
  return {
    url: proxied.toString(),
    cut() {
      up = false;
      for (const socket of open) socket.destroy();
    },
    restore() {
      up = true;
    },
    close() {
      for (const socket of open) socket.destroy();
      return new Promise((resolve) => server.close(resolve));
    },
  };
}

describe.runIf(testDbKind() === 'postgres')('a PostgreSQL outage', () => {
  it('answers 503 with Retry-After to what needs the database while it lasts (what is in memory still answers), and serves again after, without a restart', async () => {
    const pg = await cuttablePostgres(testDatabaseUrl());
    try {
      const t = await app({ config: { database: { kind: 'postgres', url: pg.url } } });
      expect((await fetch(`${t.url}/api/clubs`)).status).toBe(200);

      pg.cut();
      // A public read already in the node's memory keeps answering through the outage…
      expect((await fetch(`${t.url}/api/clubs`)).status).toBe(200);
      // …and one that needs the database is told when to try again.
      const during = await fetch(`${t.url}/api/prices`);
      expect(during.status).toBe(503);
      expect(Number(during.headers.get('retry-after'))).toBeGreaterThan(0);
      expect(await during.json()).toMatchObject({
        error: UNAVAILABLE_MESSAGE,
        code: 'unavailable',
      });
      expect(await ready(t)).toMatchObject({ status: 503, body: { database: 'down' } });

      pg.restore();
      const deadline = Date.now() + 15_000;
      while ((await fetch(`${t.url}/api/prices`)).status !== 200) {
        if (Date.now() > deadline) throw new Error('not serving again within 15 s');
        await new Promise((r) => setTimeout(r, 100));
      }
      expect(await ready(t)).toMatchObject({ status: 200, body: { ready: true } });
    } finally {
      await pg.close();
    }
  });
});

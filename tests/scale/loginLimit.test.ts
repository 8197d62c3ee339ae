import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../support/app.ts';
import { AdminClient, clubWithAdmin } from '../support/admin.ts';
import { RedisServer } from './redisServer.ts';

let redis: RedisServer;
const nodes: TestApp[] = [];

beforeAll(async () => {
  redis = await RedisServer.start();
  // Behind one trusted proxy, as deployed: X-Forwarded-For names the client.
  const config = {
    redisUrl: redis.url,
    rateLimitPrefix: `rith-test:${randomUUID()}`,
    trustProxyHops: 1,
  };
  nodes.push(await startTestApp({ config }), await startTestApp({ config }));
});
afterAll(async () => {
  for (const node of nodes) await node.close();
  await redis?.kill();
});

describe('login rate limits with several API nodes', () => {
  it('count failed logins in Redis, so spreading guesses over the nodes does not help, and never lock the owner out from elsewhere', async () => {
    const [a, b] = nodes as [TestApp, TestApp];
    const { admin } = await clubWithAdmin(a.runtime.db);
    const from = (url: string, ip: string) => {
      const client = new AdminClient(url);
      const fetchAs = client.fetch.bind(client);
      client.fetch = (path, init = {}) =>
        fetchAs(path, { ...init, headers: { ...init.headers, 'x-forwarded-for': ip } });
      return client;
    };
    const attackerViaA = from(a.url, '203.0.113.5');
    const attackerViaB = from(b.url, '203.0.113.5');
    for (let i = 0; i < 5; i++) {
      const client = i % 2 === 0 ? attackerViaA : attackerViaB;
      expect((await client.login(admin.email, `Wrong-${i}-password!`)).status).toBe(401);
    }
    expect((await attackerViaB.login(admin.email, admin.password)).status).toBe(429);
    expect((await attackerViaA.login(admin.email, admin.password)).status).toBe(429);
    expect((await from(a.url, '198.51.100.5').login(admin.email, admin.password)).status).toBe(200);
    expect((await from(b.url, '198.51.100.6').login(admin.email, admin.password)).status).toBe(200);
  });
});

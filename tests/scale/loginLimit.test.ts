import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../support/app.ts';
import { AdminClient, clubWithAdmin } from '../support/admin.ts';
import { RedisServer } from './redisServer.ts';

let redis: RedisServer;
const nodes: TestApp[] = [];

beforeAll(async () => {
  redis = await RedisServer.start();
  const config = { redisUrl: redis.url, rateLimitPrefix: `rith-test:${randomUUID()}` };
  nodes.push(await startTestApp({ config }), await startTestApp({ config }));
});
afterAll(async () => {
  for (const node of nodes) await node.close();
  await redis?.kill();
});

describe('login rate limits with several API nodes', () => {
  it('count failed logins in Redis, so spreading guesses over the nodes does not help', async () => {
    const [a, b] = nodes as [TestApp, TestApp];
    const { admin } = await clubWithAdmin(a.runtime.db);
    const viaA = new AdminClient(a.url);
    const viaB = new AdminClient(b.url);
    for (let i = 0; i < 5; i++) {
      const client = i % 2 === 0 ? viaA : viaB;
      expect((await client.login(admin.email, `Wrong-${i}-password!`)).status).toBe(401);
    }
    expect((await viaB.login(admin.email, admin.password)).status).toBe(429);
    expect((await viaA.login(admin.email, admin.password)).status).toBe(429);
  });
});

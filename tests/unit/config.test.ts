import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../server/config.ts';

describe('loadConfig', () => {
  it('defaults to the embedded database under ./data on port 3000, seeding demo data', () => {
    const config = loadConfig({});
    expect(config.port).toBe(3000);
    expect(config.database).toEqual({
      kind: 'pglite',
      dataDir: path.resolve('data', 'pglite'),
    });
    expect(config.redisUrl).toBeUndefined();
    expect(config.seedDemo).toBe(true);
  });

  it('chooses PostgreSQL and Redis when their URLs are set', () => {
    const config = loadConfig({
      DATABASE_URL: 'postgres://u:p@db:5432/rith',
      REDIS_URL: 'redis://cache:6379',
    });
    expect(config.database).toEqual({ kind: 'postgres', url: 'postgres://u:p@db:5432/rith' });
    expect(config.redisUrl).toBe('redis://cache:6379');
  });

  it('believes no proxy about the client address unless told how many stand in front', () => {
    expect(loadConfig({}).trustProxyHops).toBe(0);
    expect(loadConfig({ TRUST_PROXY: '1' }).trustProxyHops).toBe(1);
    expect(() => loadConfig({ TRUST_PROXY: 'yes' })).toThrow(ConfigError);
  });

  it('opens the development outbox only outside production and with no proxy in front', () => {
    expect(loadConfig({}).devMailbox).toBe(true);
    expect(loadConfig({ NODE_ENV: 'test' }).devMailbox).toBe(true);
    expect(loadConfig({ TRUST_PROXY: '1' }).devMailbox).toBe(false);
    // A site published under a public name is reached through something on this machine.
    expect(loadConfig({ PUBLIC_URL: 'https://results.example' }).devMailbox).toBe(false);
    expect(loadConfig({ PUBLIC_URL: 'http://localhost:3000' }).devMailbox).toBe(true);
    expect(loadConfig({ PUBLIC_URL: 'http://127.0.0.1:3000' }).devMailbox).toBe(true);
    expect(loadConfig({ NODE_ENV: 'production' }).devMailbox).toBe(false);
  });

  it('caps live sockets per address, 100 unless told', () => {
    expect(loadConfig({}).liveMaxConnectionsPerAddress).toBe(100);
    expect(
      loadConfig({ LIVE_MAX_CONNECTIONS_PER_ADDRESS: '20' }).liveMaxConnectionsPerAddress,
    ).toBe(20);
    expect(() => loadConfig({ LIVE_MAX_CONNECTIONS_PER_ADDRESS: '0' })).toThrow(ConfigError);
  });

  it('caps alert subscriptions per address and in all, and drops silent ones, unless told', () => {
    expect(loadConfig({}).push).toMatchObject({
      maxSubscriptionsPerAddress: 1_000,
      maxSubscriptions: 100_000,
      subscriptionExpiryDays: 60,
    });
    const told = loadConfig({
      PUSH_SUBSCRIPTIONS_PER_ADDRESS: '50',
      PUSH_SUBSCRIPTIONS_MAX: '5000',
      PUSH_SUBSCRIPTION_EXPIRY_DAYS: '30',
    }).push;
    expect(told).toMatchObject({
      maxSubscriptionsPerAddress: 50,
      maxSubscriptions: 5000,
      subscriptionExpiryDays: 30,
    });
    for (const bad of [
      { PUSH_SUBSCRIPTIONS_PER_ADDRESS: '0' },
      { PUSH_SUBSCRIPTIONS_MAX: 'lots' },
      { PUSH_SUBSCRIPTION_EXPIRY_DAYS: '0.5' },
    ]) {
      expect(() => loadConfig(bad)).toThrow(ConfigError);
    }
  });

  it('treats empty values as unset', () => {
    expect(loadConfig({ DATABASE_URL: '', REDIS_URL: ' ' }).database.kind).toBe('pglite');
  });

  it('seeds nothing demo in production', () => {
    expect(loadConfig({ NODE_ENV: 'production' }).seedDemo).toBe(false);
  });

  it.each([
    [{ PORT: 'eighty' }, 'PORT'],
    [{ PORT: '70000' }, 'PORT'],
    [{ DATABASE_URL: 'mysql://x' }, 'DATABASE_URL'],
    [{ REDIS_URL: 'http://x' }, 'REDIS_URL'],
    [{ NODE_ENV: 'staging' }, 'NODE_ENV'],
  ])('refuses %o naming the variable', (env, name) => {
    expect(() => loadConfig(env)).toThrow(ConfigError);
    expect(() => loadConfig(env)).toThrow(name);
  });
});

import { afterAll, describe, expect, it } from 'vitest';
import type { Config } from '../../server/config.ts';
import { startTestApp, type TestApp } from '../support/app.ts';
import { clubWithAdmin, loggedIn } from '../support/admin.ts';
import { Spectator } from '../support/spectator.ts';

const apps: TestApp[] = [];
afterAll(async () => {
  for (const app of apps) await app.close();
});

async function app(config: Partial<Config> = {}) {
  const started = await startTestApp({ config });
  apps.push(started);
  return started;
}

/** A login posted with the given Origin (and any other headers): its status. */
async function loginFrom(t: TestApp, origin: string, headers: Record<string, string> = {}) {
  const { admin } = await clubWithAdmin(t.runtime.db);
  const res = await fetch(`${t.url}/api/admin/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin, ...headers },
    body: JSON.stringify({ username: admin.email, password: admin.password }),
  });
  return res.status;
}

describe('the Origin check', () => {
  it("compares the scheme and port too, with the request's own origin when no public URL is set", async () => {
    const t = await app();
    const { host } = new URL(t.url);
    expect(await loginFrom(t, `http://${host}`)).toBe(200);
    expect(await loginFrom(t, `https://${host}`)).toBe(403);
    expect(await loginFrom(t, `http://${new URL(t.url).hostname}:1`)).toBe(403);
    expect(await loginFrom(t, 'null')).toBe(403);
  });

  it("accepts only the public URL's exact origin when one is set", async () => {
    const t = await app({ publicUrl: 'https://results.example' });
    expect(await loginFrom(t, 'https://results.example')).toBe(200);
    expect(await loginFrom(t, 'http://results.example')).toBe(403);
    expect(await loginFrom(t, 'https://results.example:8443')).toBe(403);
    // The request's own host is not the site when the site's address is configured.
    expect(await loginFrom(t, t.url)).toBe(403);
  });

  it('takes the scheme from a trusted proxy, and from nobody else', async () => {
    const behindProxy = await app({ trustProxyHops: 1 });
    const host = new URL(behindProxy.url).host;
    const viaTls = { 'x-forwarded-proto': 'https', 'x-forwarded-for': '198.51.100.1' };
    expect(await loginFrom(behindProxy, `https://${host}`, viaTls)).toBe(200);
    expect(await loginFrom(behindProxy, `http://${host}`, viaTls)).toBe(403);

    const direct = await app();
    const directHost = new URL(direct.url).host;
    expect(await loginFrom(direct, `https://${directHost}`, viaTls)).toBe(403);
  });

  it("lets a club admin's live socket into the admin room only from the site's own scheme", async () => {
    const t = await app();
    const { club, admin } = await clubWithAdmin(t.runtime.db);
    const client = await loggedIn(t.url, admin.email);
    const other = `https://${new URL(t.url).host}`;
    const foreign = await Spectator.connect(t.url, { cookie: client.cookie!, origin: other });
    const own = await Spectator.connect(t.url, { cookie: client.cookie!, origin: t.url });
    try {
      expect(await foreign.subscribe({ clubAdminUic: club.uic })).toEqual({
        ok: false,
        error: 'Forbidden',
      });
      expect(await own.subscribe({ clubAdminUic: club.uic })).toMatchObject({ ok: true });
    } finally {
      foreign.close();
      own.close();
    }
  });
});

describe('the development outbox (/dev/mail)', () => {
  it('answers a request made on this machine directly', async () => {
    const t = await app();
    const res = await fetch(`${t.url}/dev/mail.json`);
    expect(res.status).toBe(200);
    expect(Array.isArray(await res.json())).toBe(true);
  });

  it.each([
    ['X-Forwarded-For', { 'x-forwarded-for': '203.0.113.9' }],
    ['Forwarded', { forwarded: 'for=203.0.113.9' }],
    ['X-Real-IP', { 'x-real-ip': '203.0.113.9' }],
  ])('refuses a request a proxy on this machine passed on (%s)', async (_name, headers) => {
    const t = await app();
    for (const path of ['/dev/mail.json', '/dev/mail']) {
      const res = await fetch(`${t.url}${path}`, { headers });
      expect(res.status).toBe(404);
      expect(await res.text()).not.toContain('reset-password');
    }
  });

  it('does not exist unless the configuration enables it (tests/unit/config.test.ts), and never in production', async () => {
    const off = await app({ devMailbox: false });
    expect((await fetch(`${off.url}/dev/mail.json`)).status).toBe(404);
    const production = await app({ env: 'production', devMailbox: true });
    expect((await fetch(`${production.url}/dev/mail.json`)).status).toBe(404);
  });
});

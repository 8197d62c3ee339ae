import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SESSION_COOKIE } from '../../server/auth/sessions.ts';
import { startTestApp, type TestApp } from '../support/app.ts';
import { AdminClient, clubWithAdmin, loggedIn } from '../support/admin.ts';
import { unique } from '../support/factory.ts';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => {
  await t?.close();
});

async function sessionOf(client: AdminClient) {
  return (await client.json<{ isAdmin: boolean; user?: { email: string } }>('/api/admin/session'))
    .body;
}

/** The newest outbox e-mail to the address, waiting for it (the reset mail is sent after the answer). */
async function mailTo(email: string, after = 0) {
  for (let i = 0; i < 100; i++) {
    const mail = await t.runtime.db
      .selectFrom('outboxEmails')
      .selectAll()
      .where('toAddress', '=', email)
      .where('id', '>', after)
      .orderBy('id', 'desc')
      .executeTakeFirst();
    if (mail) return mail;
    await new Promise((r) => setTimeout(r, 50));
  }
  return undefined;
}

const askReset = (client: AdminClient, email: string) =>
  client.json('/api/admin/forgot-password', { method: 'POST', json: { email } });

async function mailCount(email: string): Promise<number> {
  const mails = await t.runtime.db
    .selectFrom('outboxEmails')
    .select('id')
    .where('toAddress', '=', email)
    .execute();
  return mails.length;
}

const tokenOf = (text: string) => /reset-password\?token=([A-Za-z0-9_-]+)/.exec(text)?.[1];

describe('login and sessions', () => {
  it('opens a hashed, HttpOnly, SameSite=Lax session at login and ends it at logout', async () => {
    const { admin } = await clubWithAdmin(t.runtime.db);
    const client = new AdminClient(t.url);
    expect(await sessionOf(client)).toEqual({ isAdmin: false });

    const res = await client.login(admin.email.toUpperCase(), admin.password);
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ ok: true, user: { email: admin.email } });
    const cookie = res.headers.getSetCookie().find((c) => c.startsWith(`${SESSION_COOKIE}=`))!;
    expect(cookie).toMatch(/HttpOnly/i);
    expect(cookie).toMatch(/SameSite=Lax/i);
    expect(cookie).toMatch(/Path=\//);
    expect(cookie).not.toMatch(/Secure/i); // test env; production adds it (config test)
    const id = client.cookie!.split('=')[1]!;
    expect(Buffer.from(id, 'base64url').length).toBe(32);
    const stored = await t.runtime.db.selectFrom('sessions').select('idHash').execute();
    expect(stored.map((s) => s.idHash)).not.toContain(id);

    expect(await sessionOf(client)).toMatchObject({ isAdmin: true, user: { email: admin.email } });

    const old = client.cookie;
    await client.fetch('/api/admin/logout', { method: 'POST' });
    expect(await sessionOf(client)).toEqual({ isAdmin: false });
    client.cookie = old;
    expect(await sessionOf(client)).toEqual({ isAdmin: false });
  });

  it('gives a new session id at every login and drops the one sent with it', async () => {
    const { admin } = await clubWithAdmin(t.runtime.db);
    const client = await loggedIn(t.url, admin.email);
    const first = client.cookie;
    await client.login(admin.email, admin.password);
    expect(client.cookie).not.toBe(first);
    const planted = new AdminClient(t.url);
    planted.cookie = first;
    expect(await sessionOf(planted)).toEqual({ isAdmin: false });
  });

  it('answers "Invalid credentials" for a wrong password and for an unknown account alike', async () => {
    const { admin } = await clubWithAdmin(t.runtime.db);
    const client = new AdminClient(t.url);
    const wrong = await client.login(admin.email, 'Wrong-password-1!');
    const unknown = await client.login(`${unique('nobody')}@club.ie`, admin.password);
    expect(wrong.status).toBe(401);
    expect(unknown.status).toBe(401);
    expect(await wrong.json()).toMatchObject({
      error: 'Invalid credentials',
      code: 'unauthorized',
    });
    expect(await unknown.json()).toMatchObject({
      error: 'Invalid credentials',
      code: 'unauthorized',
    });
    expect(wrong.headers.getSetCookie()).toEqual([]);
  });

  it('lets only club admins log in, with the same answer as a wrong password for anyone else', async () => {
    const { admin } = await clubWithAdmin(t.runtime.db);
    await t.runtime.db.deleteFrom('clubMembers').where('userId', '=', admin.id).execute();
    const client = new AdminClient(t.url);
    const res = await client.login(admin.email, admin.password);
    expect(res.status).toBe(401);
    expect(await res.json()).toMatchObject({ error: 'Invalid credentials', code: 'unauthorized' });
    expect(client.cookie).toBeUndefined();
  });

  it('ends sessions that were idle too long or are past their absolute expiry', async () => {
    const { admin } = await clubWithAdmin(t.runtime.db);
    const idle = await loggedIn(t.url, admin.email);
    const old = await loggedIn(t.url, admin.email);
    const db = t.runtime.db;
    const [a, b] = await db
      .selectFrom('sessions')
      .innerJoin('users', 'users.id', 'sessions.userId')
      .select('idHash')
      .where('users.email', '=', admin.email)
      .orderBy('sessions.createdAt')
      .execute();
    await db
      .updateTable('sessions')
      .set({ lastSeenAt: new Date(Date.now() - 8 * 24 * 3600_000) })
      .where('idHash', '=', a!.idHash)
      .execute();
    await db
      .updateTable('sessions')
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where('idHash', '=', b!.idHash)
      .execute();
    expect(await sessionOf(idle)).toEqual({ isAdmin: false });
    expect(await sessionOf(old)).toEqual({ isAdmin: false });
  });

  it('rate-limits failed logins per account and address, and lets the right password through only after the wait', async () => {
    const { admin } = await clubWithAdmin(t.runtime.db);
    const client = new AdminClient(t.url);
    for (let i = 0; i < 5; i++) {
      expect((await client.login(admin.email, `Wrong-${i}-password!`)).status).toBe(401);
    }
    const blocked = await client.login(admin.email, admin.password);
    expect(blocked.status).toBe(429);
    expect(Number(blocked.headers.get('retry-after'))).toBeGreaterThan(0);
    expect((await blocked.json()).error).toMatch(/Too many login attempts/);
    expect(client.cookie).toBeUndefined();

    // Another account from the same address is not locked out by it.
    const other = await clubWithAdmin(t.runtime.db);
    expect((await client.login(other.admin.email, other.admin.password)).status).toBe(200);
    // Guesses from other addresses are their own (tests/integration/loginLimits.test.ts).
  });

  it('refuses a state change posted from another site, however the path is spelt', async () => {
    const { admin } = await clubWithAdmin(t.runtime.db);
    const client = await loggedIn(t.url, admin.email);
    const res = await fetch(`${t.url}/%61pi/admin/logout`, {
      method: 'POST',
      headers: { cookie: client.cookie!, origin: 'https://evil.example' },
    });
    expect(res.status).toBe(403);
    expect(await sessionOf(client)).toMatchObject({ isAdmin: true });
  });

  it('refuses a login posted from another site', async () => {
    const { admin } = await clubWithAdmin(t.runtime.db);
    const res = await fetch(`${t.url}/api/admin/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: 'https://evil.example' },
      body: JSON.stringify({ username: admin.email, password: admin.password }),
    });
    expect(res.status).toBe(403);
    expect(res.headers.getSetCookie()).toEqual([]);
  });
});

describe('password reset', () => {
  it('answers the same for an unknown e-mail, and sends nothing', async () => {
    const { admin } = await clubWithAdmin(t.runtime.db);
    const client = new AdminClient(t.url);
    const email = `${unique('nobody')}@club.ie`;
    expect(await askReset(client, email)).toEqual({ status: 200, body: { ok: true } });
    // An account's reset asked for after it is mailed: the unknown one's would be by then.
    expect(await askReset(client, admin.email)).toEqual({ status: 200, body: { ok: true } });
    expect(await mailTo(admin.email)).toBeDefined();
    expect(await mailCount(email)).toBe(0);
  });

  it('mails a single-use link that sets a new password and ends every session', async () => {
    const { admin } = await clubWithAdmin(t.runtime.db);
    const elsewhere = await loggedIn(t.url, admin.email);
    const client = new AdminClient(t.url);

    expect(
      await client.json('/api/admin/forgot-password', {
        method: 'POST',
        json: { email: admin.email },
      }),
    ).toEqual({ status: 200, body: { ok: true } });
    const mail = await mailTo(admin.email);
    expect(mail?.subject).toBe('Reset your Rith password');
    const token = tokenOf(mail!.textBody)!;
    expect(token).toBeTruthy();
    expect(mail!.htmlBody).toContain(`reset-password?token=${token}`);
    const tokens = await t.runtime.db.selectFrom('tokens').select('tokenHash').execute();
    expect(tokens.map((r) => r.tokenHash)).not.toContain(token);

    const devMail = await fetch(`${t.url}/dev/mail`);
    expect(devMail.headers.get('content-type')).toMatch(/text\/html/);
    expect(await devMail.text()).toContain(`reset-password?token=${token}`);

    const check = (tk: string) =>
      client.json(`/api/admin/validate-reset-password?token=${encodeURIComponent(tk)}`);
    expect((await check(token)).body).toEqual({ valid: true });
    expect((await check('forged-token')).body).toEqual({ valid: false });

    const weak = await client.json('/api/admin/reset-password', {
      method: 'POST',
      json: { token, password: 'password' },
    });
    expect(weak.status).toBe(400);
    expect(weak.body).toMatchObject({
      error: 'password: Password does not meet security requirements.',
      code: 'invalid_request',
    });

    const newPassword = 'New-start-line-7?';
    expect(
      await client.json('/api/admin/reset-password', {
        method: 'POST',
        json: { token, password: newPassword },
      }),
    ).toEqual({ status: 200, body: { ok: true } });

    expect(await sessionOf(elsewhere)).toEqual({ isAdmin: false });
    expect((await client.login(admin.email, admin.password)).status).toBe(401);
    expect((await client.login(admin.email, newPassword)).status).toBe(200);

    const reused = await client.json('/api/admin/reset-password', {
      method: 'POST',
      json: { token, password: 'Another-one-8!' },
    });
    expect(reused.status).toBe(400);
    expect((await check(token)).body).toEqual({ valid: false });
  });

  it('refuses a link older than an hour', async () => {
    const { admin } = await clubWithAdmin(t.runtime.db);
    const client = new AdminClient(t.url);
    await client.fetch('/api/admin/forgot-password', {
      method: 'POST',
      json: { email: admin.email },
    });
    const token = tokenOf((await mailTo(admin.email))!.textBody)!;
    await t.runtime.db
      .updateTable('tokens')
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where('email', '=', admin.email)
      .execute();
    const res = await client.json('/api/admin/reset-password', {
      method: 'POST',
      json: { token, password: 'New-start-line-7?' },
    });
    expect(res).toMatchObject({
      status: 400,
      body: { error: 'This reset link is invalid or has expired.', code: 'invalid' },
    });
  });

  it('sends at most three reset e-mails an hour to one address', async () => {
    const { admin } = await clubWithAdmin(t.runtime.db);
    const { admin: other } = await clubWithAdmin(t.runtime.db);
    const client = new AdminClient(t.url);
    for (let i = 0; i < 4; i++) {
      expect((await askReset(client, admin.email)).body).toEqual({ ok: true });
    }
    await expect.poll(() => mailCount(admin.email), { timeout: 10_000 }).toBeGreaterThanOrEqual(3);
    // Another account's reset asked for after them is mailed: a fourth would be by then.
    await askReset(client, other.email);
    expect(await mailTo(other.email)).toBeDefined();
    expect(await mailCount(admin.email)).toBe(3);
  });
});

import { afterAll, describe, expect, it } from 'vitest';
import { SESSION_COOKIE } from '../../server/auth/sessions.ts';
import { startTestApp, type TestApp } from '../support/app.ts';
import { AdminClient, clubWithAdmin, loggedIn } from '../support/admin.ts';
import { startSmtpRelay } from '../support/smtpRelay.ts';
import { Spectator, quietFor } from '../support/spectator.ts';
import { createCompetition } from '../support/factory.ts';

const apps: TestApp[] = [];
afterAll(async () => {
  for (const app of apps) await app.close();
});

async function app(config: Parameters<typeof startTestApp>[0] = {}) {
  const started = await startTestApp(config);
  apps.push(started);
  return started;
}

describe('in production', () => {
  it('marks the session cookie Secure and has no /dev/mail', async () => {
    const t = await app({ config: { env: 'production', publicUrl: 'https://results.example' } });
    const { admin } = await clubWithAdmin(t.runtime.db);
    const client = new AdminClient(t.url);
    const res = await client.fetch('/api/admin/login', {
      method: 'POST',
      json: { username: admin.email, password: admin.password },
      headers: { origin: 'https://results.example' },
    });
    expect(res.status).toBe(200);
    const cookie = res.headers.getSetCookie().find((c) => c.startsWith(`${SESSION_COOKIE}=`));
    expect(cookie).toMatch(/; Secure/i);
    expect((await fetch(`${t.url}/dev/mail`)).status).toBe(404);
  });
});

describe('with SMTP_URL set', () => {
  it('sends the reset e-mail through the relay with plain-text and HTML bodies, and records it sent', async () => {
    const relay = await startSmtpRelay();
    try {
      const t = await app({ config: { smtpUrl: relay.url, publicUrl: 'https://results.example' } });
      const { admin } = await clubWithAdmin(t.runtime.db);
      const client = new AdminClient(t.url);
      const asked = await client.fetch('/api/admin/forgot-password', {
        method: 'POST',
        json: { email: admin.email },
        // The site's pages are at PUBLIC_URL: only that origin may ask.
        headers: { origin: 'https://results.example' },
      });
      expect(asked.status).toBe(200);
      for (let i = 0; i < 100 && relay.mails.length === 0; i++)
        await new Promise((r) => setTimeout(r, 50));
      expect(relay.mails).toHaveLength(1);
      const mail = relay.mails[0]!;
      expect(mail.to).toEqual([`<${admin.email}>`]);
      expect(mail.data).toMatch(/Subject: Reset your Rith password/);
      expect(mail.data).toMatch(/Content-Type: text\/plain/);
      expect(mail.data).toMatch(/Content-Type: text\/html/);
      expect(mail.data).toContain('https://results.example/reset-password?token=');
      // The relay has it before the outbox records it sent: wait for that, not a moment.
      const sentAt = async () =>
        (
          await t.runtime.db
            .selectFrom('outboxEmails')
            .select('sentAt')
            .where('toAddress', '=', admin.email)
            .executeTakeFirstOrThrow()
        ).sentAt;
      await expect.poll(sentAt, { timeout: 5_000 }).not.toBeNull();
    } finally {
      await relay.close();
    }
  });
});

describe('logging out', () => {
  it("takes the session's sockets out of the club admin room", async () => {
    const t = await app();
    const { club, admin } = await clubWithAdmin(t.runtime.db);
    const client = await loggedIn(t.url, admin.email);
    const socket = await Spectator.connect(t.url, { cookie: client.cookie!, origin: t.url });
    expect(await socket.subscribe({ clubAdminUic: club.uic })).toMatchObject({ ok: true });
    const status = (uploadId: string) =>
      t.runtime.bus.publish({
        name: 'upload.status',
        payload: {
          uploadId,
          clubUic: club.uic,
          eventId: null,
          status: 'queued',
          message: null,
          files: [],
        },
      });
    status('00000000-0000-4000-8000-000000000001');
    await socket.next((m) => m.name === 'upload.status');

    await client.fetch('/api/admin/logout', { method: 'POST' });
    await quietFor(200);
    status('00000000-0000-4000-8000-000000000002');
    await quietFor(400);
    expect(socket.messages.filter((m) => m.name === 'upload.status')).toHaveLength(1);
    // Public rooms stay open to the page.
    const competition = await createCompetition(t.runtime.db, club.uic);
    expect(await socket.subscribe({ competitionUic: competition.uic })).toMatchObject({ ok: true });
    socket.socket.close();
  });
});

describe('guesses sent all at once', () => {
  it('counts guesses sent all at once before checking any of them', async () => {
    const t = await app();
    const { admin } = await clubWithAdmin(t.runtime.db);
    const client = new AdminClient(t.url);
    const answers = await Promise.all(
      Array.from({ length: 12 }, (_, i) => client.login(admin.email, `Wrong-${i}-password!`)),
    );
    const statuses = answers.map((r) => r.status);
    expect(statuses.filter((s) => s === 401)).toHaveLength(5);
    expect(statuses.filter((s) => s === 429)).toHaveLength(7);
  });
});

describe('one address guessing at many accounts', () => {
  it('is stopped after twenty failed logins, whichever accounts they were for', async () => {
    const t = await app();
    const { admin } = await clubWithAdmin(t.runtime.db);
    const client = new AdminClient(t.url);
    for (let i = 0; i < 20; i++) {
      // A made-up X-Forwarded-For changes nothing: no proxy is trusted by default.
      const res = await client.fetch('/api/admin/login', {
        method: 'POST',
        json: { username: `guess-${i}@club.ie`, password: 'Wrong-password-1!' },
        headers: { 'x-forwarded-for': `203.0.113.${i}` },
      });
      expect(res.status).toBe(401);
    }
    const res = await client.login(admin.email, admin.password);
    expect(res.status).toBe(429);
  });
});

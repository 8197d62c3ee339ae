import { randomUUID } from 'node:crypto';
import { afterAll, describe, expect, it } from 'vitest';
import { startTestApp, testDbKind, type TestApp } from '../support/app.ts';
import { clubWithAdmin } from '../support/admin.ts';
import { createClub, createCompetition } from '../support/factory.ts';
import { Spectator } from '../support/spectator.ts';
import { startSmtpRelay } from '../support/smtpRelay.ts';
import { stageNotices } from '../../server/outbox/live.ts';
import type { RecoveryConfig } from '../../server/config.ts';

// Issue 13, point 12: live notices and e-mails are delivered from durable rows. A process
// that dies after its commit, or a relay that turns a mail away, delays them; it never loses
// them; and a link that could not be sent in time is dropped, never sent late.

/*
 * On the embedded database only: each test app has a database of its own there. On the
 * PostgreSQL project every test app running at the same time shares one database, and, as
 * the nodes of one deployment do, each one's sweep delivers every row, through its own
 * relay or none: a test could not tell which of them handled its e-mail.
 */
const isolated = testDbKind() === 'pglite';

/** A sweep every 50 ms and short leases, so recovery happens within a test's patience. */
const recovery: RecoveryConfig = {
  sweepIntervalMs: 50,
  uploadLeaseMs: 30_000,
  outboxLeaseMs: 300,
  outboxRetryMs: 100,
  resultsSettleMs: 120_000,
};

const apps: TestApp[] = [];
const closers: (() => unknown)[] = [];
afterAll(async () => {
  for (const close of closers) await close();
  for (const app of apps) await app.close();
});

async function app(config: Parameters<typeof startTestApp>[0] = {}) {
  const started = await startTestApp({ ...config, config: { recovery, ...config.config } });
  apps.push(started);
  return started;
}

async function until<T>(read: () => Promise<T>, done: (value: T) => boolean, what: string) {
  const deadline = Date.now() + 10_000;
  for (;;) {
    const value = await read();
    if (done(value)) return value;
    if (Date.now() > deadline) throw new Error(`not within 10 s: ${what}`);
    await new Promise((r) => setTimeout(r, 25));
  }
}

describe.runIf(isolated)('live notices', () => {
  it('committed by a process that died before handing them on reach the pages, once', async () => {
    const t = await app();
    const club = await createClub(t.runtime.db);
    const competition = await createCompetition(t.runtime.db, club.uic);
    const page = await Spectator.connect(t.url);
    closers.push(() => page.close());
    await page.subscribe({ competitionUic: competition.uic });

    // What a change leaves when its process is killed right after the commit: the notice is
    // in the outbox, and nobody handed it to the bus.
    const eventId = randomUUID();
    await t.runtime.db.transaction().execute((trx) =>
      stageNotices(trx, [
        {
          name: 'event.removed',
          payload: { eventId, competitionUic: competition.uic, version: 9 },
        },
      ]),
    );
    const removed = (m: { name: string; payload: unknown }) =>
      m.name === 'event.removed' && (m.payload as { eventId: string }).eventId === eventId;
    await page.next(removed, 10_000);
    await until(
      () => t.runtime.db.selectFrom('liveOutbox').select('id').execute(),
      (rows) => rows.length === 0,
      'the delivered notice leaves the outbox',
    );
    expect(page.messages.filter(removed)).toHaveLength(1);
  });
});

const mailRow = (t: TestApp, to: string) =>
  t.runtime.db
    .selectFrom('outboxEmails')
    .select(['status', 'attempts', 'lastError', 'textBody', 'link', 'sentAt'])
    .where('toAddress', '=', to)
    .executeTakeFirstOrThrow();

describe.runIf(isolated)('e-mails', () => {
  it('turned away by the relay are sent again until it takes them', async () => {
    const relay = await startSmtpRelay({ refuseFirst: 2 });
    closers.push(() => relay.close());
    const t = await app({ config: { smtpUrl: relay.url, recovery } });
    const { admin } = await clubWithAdmin(t.runtime.db);
    const asked = await fetch(`${t.url}/api/admin/forgot-password`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: admin.email }),
    });
    expect(asked.status).toBe(200);
    const sent = await until(
      () => mailRow(t, admin.email),
      (row) => row.status === 'sent',
      'the reset e-mail sent on the third try',
    );
    expect(sent.attempts).toBe(3);
    expect(relay.mails).toHaveLength(1);
    expect(relay.mails[0]!.data).toContain('/reset-password?token=');
    // Delivered: the live link is not kept in the database any more.
    expect(sent).toMatchObject({ link: null });
    expect(sent.textBody).not.toContain('token=');
  });

  it('whose link expires before the relay takes them are dropped with the link, not sent late', async () => {
    const relay = await startSmtpRelay({ refuseFirst: 1_000 });
    closers.push(() => relay.close());
    const t = await app({ config: { smtpUrl: relay.url, recovery } });
    const to = `late-${randomUUID().slice(0, 8)}@example.ie`;
    await t.runtime.mailer.send({
      to,
      subject: 'Reset your Rith password',
      text: 'https://results.example/reset-password?token=secret',
      html: '<a href="https://results.example/reset-password?token=secret">Reset</a>',
      link: 'https://results.example/reset-password?token=secret',
      expiresAt: new Date(Date.now() + 500),
    });
    const dropped = await until(
      () => mailRow(t, to),
      (row) => row.status === 'failed',
      'the expired e-mail dropped',
    );
    expect(dropped).toMatchObject({ lastError: 'expired', link: null, sentAt: null });
    expect(dropped.textBody).not.toContain('secret');
    expect(relay.mails).toEqual([]);
  });
});

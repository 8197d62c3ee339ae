import { sql, type Selectable } from 'kysely';
import type { Db } from '../db/connect.ts';
import type { OutboxEmailsTable } from '../db/types.ts';
import type { RecoveryConfig } from '../config.ts';
import { millis, OUTBOX_MAX_ATTEMPTS, retryWaitMs } from '../outbox/policy.ts';
import type { Mail } from './mail.ts';

/*
 * The e-mail outbox (`outbox_emails`): every e-mail is a row first, written in the
 * transaction of what it is about when there is one; delivery takes a row for
 * OUTBOX_LEASE_MS, and retries a refusal with backoff until OUTBOX_MAX_ATTEMPTS, then marks
 * it failed. A row's body (it may hold a live reset or sign-up link) is cleared once the
 * relay has it, once it failed, and once its link expired unsent.
 */

export type MailRow = Selectable<OutboxEmailsTable>;

/** Stores an e-mail to send; `db` may be the transaction of what it is about. */
export async function queueMail(db: Db, mail: Mail): Promise<number> {
  const row = await db
    .insertInto('outboxEmails')
    .values({
      toAddress: mail.to,
      subject: mail.subject,
      textBody: mail.text,
      htmlBody: mail.html,
      link: mail.link ?? null,
      expiresAt: mail.expiresAt ?? null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

const BATCH = 20;

/** Takes the due e-mails (or the one `id`, if it is due) for one lease. */
export function claimMail(db: Db, policy: RecoveryConfig, id?: number): Promise<MailRow[]> {
  return db
    .updateTable('outboxEmails')
    .set({
      attempts: sql`attempts + 1`,
      nextAttemptAt: sql`now() + ${millis(policy.outboxLeaseMs)}::interval`,
    })
    .where('id', 'in', (eb) => {
      let due = eb
        .selectFrom('outboxEmails')
        .select('id')
        .where('status', '=', 'pending')
        .where(sql<boolean>`next_attempt_at <= now()`)
        .where(sql<boolean>`(expires_at is null or expires_at > now())`);
      if (id !== undefined) due = due.where('id', '=', id);
      return due.orderBy('id').limit(BATCH).forUpdate().skipLocked();
    })
    .returning([
      'id',
      'toAddress',
      'subject',
      'textBody',
      'htmlBody',
      'link',
      'attempts',
      'expiresAt',
      'createdAt',
      'sentAt',
      'status',
      'nextAttemptAt',
      'lastError',
    ])
    .execute();
}

const dropped = (why: string) => `(${why}; the body is not kept)`;

/** The relay took it: the body goes. */
export async function markSent(db: Db, id: number): Promise<void> {
  const body = dropped('delivered by SMTP');
  await db
    .updateTable('outboxEmails')
    .set({ status: 'sent', sentAt: new Date(), textBody: body, htmlBody: body, link: null })
    .where('id', '=', id)
    .execute();
}

/** No relay: the e-mail stays readable for a developer (/dev/mail) until its link expires. */
export async function markKept(db: Db, id: number): Promise<void> {
  await db.updateTable('outboxEmails').set({ status: 'kept' }).where('id', '=', id).execute();
}

/** A refused try: again after the backoff, or failed (and its body dropped) after the last. */
export async function markRefused(
  db: Db,
  policy: RecoveryConfig,
  row: Pick<MailRow, 'id' | 'attempts'>,
  error: string,
): Promise<'retry' | 'failed'> {
  const lastError = error.slice(0, 500);
  if (row.attempts >= OUTBOX_MAX_ATTEMPTS) {
    const body = dropped(`not sent after ${row.attempts} tries`);
    await db
      .updateTable('outboxEmails')
      .set({ status: 'failed', lastError, textBody: body, htmlBody: body, link: null })
      .where('id', '=', row.id)
      .execute();
    return 'failed';
  }
  const wait = millis(retryWaitMs(policy, row.attempts));
  await db
    .updateTable('outboxEmails')
    .set({ lastError, nextAttemptAt: sql`now() + ${wait}::interval` })
    .where('id', '=', row.id)
    .execute();
  return 'retry';
}

/**
 * Links past their validity: an e-mail still unsent is dropped (a late reset link only
 * disappoints), and a kept one loses its body.
 */
export async function expireLinks(db: Db): Promise<void> {
  const body = dropped('its link expired before it was sent');
  await db
    .updateTable('outboxEmails')
    .set({ status: 'failed', lastError: 'expired', textBody: body, htmlBody: body, link: null })
    .where('status', '=', 'pending')
    .where(sql<boolean>`expires_at <= now()`)
    .execute();
  const kept = dropped('its link expired');
  await db
    .updateTable('outboxEmails')
    .set({ textBody: kept, htmlBody: kept, link: null })
    .where('status', '=', 'kept')
    .where(sql<boolean>`expires_at <= now()`)
    .where('link', 'is not', null)
    .execute();
}

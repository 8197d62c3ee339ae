import { sql } from 'kysely';
import type { Db } from '../db/connect.ts';
import type { Bus } from '../infra/bus.ts';
import type { RecoveryConfig } from '../config.ts';
import type { Logger } from '../infra/logger.ts';
import type { LiveMessage } from '../../shared/live/messages.ts';
import { millis, OUTBOX_MAX_ATTEMPTS, retryWaitMs } from './policy.ts';

/*
 * The live notices' outbox. A change writes its notices in its own transaction
 * (stageNotices); once it has committed, the same process hands them to the bus and deletes
 * them (deliverStaged). A process that dies in between, or finds Redis away, leaves the rows:
 * every node and worker's sweep (deliverDueNotices) sends them. A notice its committer has
 * not tried is left to it for OUTBOX_LEASE_MS; one that failed is due after its backoff.
 */

type Id = string | number;

export interface StagedNotice {
  id: Id;
  message: LiveMessage;
}

/** The bus's dedupe key of a row: a notice sent twice is read once. */
const keyOf = (id: Id) => `outbox:${id}`;

/** Writes the notices in the change's transaction, in order. */
export async function stageNotices(trx: Db, messages: LiveMessage[]): Promise<StagedNotice[]> {
  if (messages.length === 0) return [];
  const rows = await trx
    .insertInto('liveOutbox')
    .values(messages.map((m) => ({ message: JSON.stringify(m) })))
    .returning('id')
    .execute();
  return rows.map((row, i) => ({ id: row.id, message: messages[i]! }));
}

/**
 * After commit: sends the notices at once (in order, before this returns, so a later
 * change's notices follow them) and then deletes them, or marks them tried so the next
 * sweep retries them. Never throws and never waits: what is left, the sweep delivers.
 */
export function deliverStaged(deps: { db: Db; bus: Bus }, staged: StagedNotice[]): void {
  if (staged.length === 0) return;
  const committedAt = Date.now();
  const sends = staged.map((notice) => {
    try {
      return deps.bus.send(notice.message, keyOf(notice.id), committedAt);
    } catch (err) {
      return Promise.reject(err);
    }
  });
  void Promise.allSettled(sends)
    .then(async (outcomes) => {
      const sent = staged.filter((_, i) => outcomes[i]!.status === 'fulfilled').map((n) => n.id);
      const failed = staged.filter((_, i) => outcomes[i]!.status === 'rejected').map((n) => n.id);
      if (sent.length > 0) await deps.db.deleteFrom('liveOutbox').where('id', 'in', sent).execute();
      if (failed.length > 0) {
        await deps.db
          .updateTable('liveOutbox')
          .set({ attempts: 1, dueAt: sql`now()` })
          .where('id', 'in', failed)
          .execute();
      }
    })
    .catch(() => {
      // The database is away: the rows stay, and the sweep sends them once their lease ends.
    });
}

const BATCH = 100;
/** Failed notices are kept this long for a look, then deleted. */
const KEEP_FAILED = '1 day';

/**
 * The sweep's part: takes the notices that are due (their committer's lease over, or their
 * backoff), in order, and sends them. The first refusal reschedules the rest of the batch:
 * Redis is away for all of them alike.
 */
export async function deliverDueNotices(
  deps: { db: Db; bus: Bus; log: Logger },
  policy: RecoveryConfig,
): Promise<void> {
  const { db, bus, log } = deps;
  const lease = millis(policy.outboxLeaseMs);
  const claimed = await db
    .updateTable('liveOutbox')
    .set({ attempts: sql`attempts + 1`, dueAt: sql`now() + ${lease}::interval` })
    .where('id', 'in', (eb) =>
      eb
        .selectFrom('liveOutbox')
        .select('id')
        .where('failedAt', 'is', null)
        .where(
          sql<boolean>`due_at <= now() - case when attempts = 0 then ${lease}::interval else interval '0' end`,
        )
        .orderBy('id')
        .limit(BATCH)
        .forUpdate()
        .skipLocked(),
    )
    .returning([
      'id',
      'message',
      'attempts',
      // When the change's transaction wrote it: as near its commit as the row tells.
      sql<number>`extract(epoch from created_at) * 1000`.as('createdMs'),
    ])
    .execute();
  claimed.sort((a, b) => (BigInt(a.id) < BigInt(b.id) ? -1 : 1));
  for (const [i, row] of claimed.entries()) {
    try {
      await bus.send(row.message, keyOf(row.id), Number(row.createdMs));
    } catch (err) {
      log.warn({ err }, 'live notices: the bus refused; retrying later');
      for (const left of claimed.slice(i)) await reschedule(db, policy, left);
      break;
    }
    await db.deleteFrom('liveOutbox').where('id', '=', row.id).execute();
  }
  await db
    .deleteFrom('liveOutbox')
    .where(sql<boolean>`failed_at < now() - ${KEEP_FAILED}::interval`)
    .execute();
}

async function reschedule(
  db: Db,
  policy: RecoveryConfig,
  row: { id: Id; attempts: number },
): Promise<void> {
  const wait = millis(retryWaitMs(policy, row.attempts));
  await db
    .updateTable('liveOutbox')
    .set(
      row.attempts >= OUTBOX_MAX_ATTEMPTS
        ? { failedAt: sql`now()` }
        : { dueAt: sql`now() + ${wait}::interval` },
    )
    .where('id', '=', row.id)
    .execute();
}

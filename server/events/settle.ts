import { sql } from 'kysely';
import type { ChangeDeps } from '../runtime.ts';
import { commitThenPublish } from '../live/commit.ts';
import { EventChanges } from './changes.ts';
import { writeEvent } from './service.ts';

/** At most this many heats are settled a tick: a meet has a few at a time. */
const BATCH = 20;

/**
 * A heat whose results file stops short of its start list waits as unofficial lines while it
 * may still be being written (shared/meet/completeness.ts). A heat does end short of its start
 * list now and then (an athlete the operator left out rather than marking DNS): once its file
 * has not changed for `settleMs`, its results are the heat's, Official. Run by every node's and
 * worker's sweep; each heat is taken locked, so two sweeps never settle it twice, and a crash
 * leaves it for the next tick. A field event's flights are not settled: the next flight is
 * coming, however long it takes.
 */
export async function settleHeldResults(deps: ChangeDeps, settleMs: number): Promise<void> {
  const cutoff = new Date(Date.now() - settleMs).toISOString();
  const due = await deps.db
    .selectFrom('events')
    .select('id')
    .where('progress', 'is not', null)
    .where(sql<string>`progress ->> 'part'`, '=', 'athletes')
    .where(sql<boolean>`updated_at < ${cutoff}::timestamptz`)
    .limit(BATCH)
    .execute();
  for (const { id } of due) {
    await commitThenPublish(deps, async (trx) => {
      const held = await trx
        .selectFrom('events')
        .select(['live', 'status'])
        .where('id', '=', id)
        .where('progress', 'is not', null)
        .where(sql<string>`progress ->> 'part'`, '=', 'athletes')
        .where(sql<boolean>`updated_at < ${cutoff}::timestamptz`)
        .forUpdate()
        .skipLocked()
        .executeTakeFirst();
      if (!held?.live) return { result: undefined, message: null };
      const changes = new EventChanges(trx);
      await changes.before(id);
      const keepsStatus = held.status === 'imported' || held.status === 'scratched';
      await writeEvent(trx, id, {
        results: held.live.rows,
        live: null,
        progress: null,
        ...(keepsStatus ? {} : { status: 'official' }),
      });
      return { result: undefined, message: await changes.messages() };
    });
  }
}

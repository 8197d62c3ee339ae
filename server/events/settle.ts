import { sql } from 'kysely';
import type { ChangeDeps } from '../runtime.ts';
import { commitThenPublish } from '../live/commit.ts';
import { EventChanges } from './changes.ts';

/** At most this many heats are settled a tick: a meet has a few at a time. */
const BATCH = 20;

/**
 * A file whose every row has a result (athletes left out of it, not marked DNS) settles after
 * `settleMs`; one with athletes still to be read (no place, no time) waits this many times
 * longer: the photo may still be being read, and Official rows missing their marks are worse
 * than a heat unofficial a while longer.
 */
const UNREAD_WAIT = 10;

/**
 * Held, unchanged since `cutoff`, with rows: every row with a result (done = its rows), or
 * unchanged since `longCutoff` anyway.
 */
const settles = (cutoff: string, longCutoff: string) =>
  sql<boolean>`progress ->> 'part' = 'athletes'
    and jsonb_array_length(coalesce(live -> 'rows', '[]'::jsonb)) > 0
    and (
      (updated_at < ${cutoff}::timestamptz
        and (progress ->> 'done')::int = jsonb_array_length(live -> 'rows'))
      or updated_at < ${longCutoff}::timestamptz
    )`;

/**
 * A heat whose results file stops short of its start list waits as unofficial lines while it
 * may still be being written (shared/meet/completeness.ts). A heat does end short of its start
 * list now and then (an athlete the operator left out rather than marking DNS): once its file
 * has not changed for `settleMs` (UNREAD_WAIT times that while rows wait to be read), its
 * results are the heat's, Official. Run by every node's and
 * worker's sweep; each heat is taken locked, so two sweeps never settle it twice, and a crash
 * leaves it for the next tick. A field event's flights are not settled: the next flight is
 * coming, however long it takes.
 */
export async function settleHeldResults(deps: ChangeDeps, settleMs: number): Promise<void> {
  const cutoff = new Date(Date.now() - settleMs).toISOString();
  const longCutoff = new Date(Date.now() - settleMs * UNREAD_WAIT).toISOString();
  const due = await deps.db
    .selectFrom('events')
    .select('id')
    .where('progress', 'is not', null)
    .where(settles(cutoff, longCutoff))
    .limit(BATCH)
    .execute();
  for (const { id } of due) {
    await commitThenPublish(deps, async (trx) => {
      const held = await trx
        .selectFrom('events')
        .select(['live', 'status'])
        .where('id', '=', id)
        .where('progress', 'is not', null)
        .where(settles(cutoff, longCutoff))
        .forUpdate()
        .skipLocked()
        .executeTakeFirst();
      if (!held?.live) return { result: undefined, message: null };
      const changes = new EventChanges(trx);
      const keepsStatus = held.status === 'imported' || held.status === 'scratched';
      await changes.write(id, {
        results: held.live.rows,
        live: null,
        progress: null,
        ...(keepsStatus ? {} : { status: 'official' }),
      });
      return { result: undefined, message: await changes.messages() };
    });
  }
}

import { sql } from 'kysely';
import type { Db } from '../../server/db/connect.ts';

/**
 * Holds a competition's row (PostgreSQL only) against the lock every upload's apply takes
 * inside its transaction (lockCompetition), until `release`: a job that reaches its apply
 * waits there, in the middle of its transaction, where a test can kill its process or end
 * its connection. The hold is weaker than the apply's lock, so storing an upload, which only
 * refers to the competition, still goes through.
 */
export async function holdCompetition(db: Db, uic: number) {
  let release!: () => void;
  const released = new Promise<void>((r) => (release = r));
  let holder!: number;
  await new Promise<void>((held, failed) => {
    db.transaction()
      .execute(async (trx) => {
        await trx
          .selectFrom('competitions')
          .select('uic')
          .where('uic', '=', uic)
          .forNoKeyUpdate()
          .execute();
        const { rows } = await sql<{ pid: number }>`select pg_backend_pid() as pid`.execute(trx);
        holder = rows[0]!.pid;
        held();
        await released;
      })
      .catch(failed);
  });
  const waiting = sql<{ pid: number }>`
    select pid from pg_stat_activity where ${holder} = any(pg_blocking_pids(pid))`;
  return {
    /** Waits until a transaction waits for the hold; throws after `ms`. */
    async untilBlocking(ms = 30_000): Promise<void> {
      for (const until = Date.now() + ms; (await waiting.execute(db)).rows.length === 0;) {
        if (Date.now() > until) throw new Error('no transaction reached the held competition');
        await new Promise((r) => setTimeout(r, 10));
      }
    },
    /** Ends the connections of the transactions waiting for the hold, as an outage would. */
    async terminateWaiting(): Promise<number> {
      const { rows } = await sql<{ pid: number }>`
        with blocked as materialized (${waiting})
        select pid from blocked where pg_terminate_backend(pid)`.execute(db);
      return rows.length;
    },
    release,
  };
}

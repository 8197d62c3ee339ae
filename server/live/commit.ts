import type { Db } from '../db/connect.ts';
import type { ChangeDeps } from '../runtime.ts';
import type { LiveMessage } from '../../shared/live/messages.ts';
import { deliverStaged, stageNotices } from '../outbox/live.ts';

/**
 * Runs a change in one transaction and publishes the message it announces once the
 * transaction has committed: never inside it, and never for a change that rolled back.
 * The change reads its message inside the transaction, so payload and version agree.
 * The message is written to the outbox in the same transaction, so a crash or a Redis
 * outage after commit delays it but never loses it (server/outbox/live.ts).
 */
export async function commitThenPublish<T>(
  deps: ChangeDeps,
  change: (trx: Db) => Promise<{ result: T; message: LiveMessage | LiveMessage[] | null }>,
): Promise<T> {
  const { result, staged } = await deps.db.transaction().execute(async (trx) => {
    const { result, message } = await change(trx);
    const messages = Array.isArray(message) ? message : message ? [message] : [];
    return { result, staged: await stageNotices(trx, messages) };
  });
  deliverStaged(deps, staged);
  return result;
}

/**
 * Fields to save, or a step that works them out inside the change's transaction (to check a
 * rule against locked rows, or to store a file along with the change).
 */
export type Change<F> = F | ((trx: Db) => Promise<F>);

export function resolveChange<F>(change: Change<F>, trx: Db): Promise<F> {
  return typeof change === 'function'
    ? (change as (trx: Db) => Promise<F>)(trx)
    : Promise.resolve(change);
}

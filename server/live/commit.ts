import type { Db } from '../db/connect.ts';
import type { ChangeDeps } from '../runtime.ts';
import type { LiveMessage } from '../../shared/live/messages.ts';

/**
 * Runs a change in one transaction and publishes the message it announces once the
 * transaction has committed: never inside it, and never for a change that rolled back.
 * The change reads its message inside the transaction, so payload and version agree.
 */
export async function commitThenPublish<T>(
  deps: ChangeDeps,
  change: (trx: Db) => Promise<{ result: T; message: LiveMessage | LiveMessage[] | null }>,
): Promise<T> {
  const { result, message } = await deps.db.transaction().execute(change);
  for (const m of Array.isArray(message) ? message : message ? [message] : []) {
    deps.bus.publish(m);
  }
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

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
  change: (trx: Db) => Promise<{ result: T; message: LiveMessage | null }>,
): Promise<T> {
  const { result, message } = await deps.db.transaction().execute(change);
  if (message) deps.bus.publish(message);
  return result;
}

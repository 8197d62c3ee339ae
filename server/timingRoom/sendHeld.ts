/**
 * "Send held files": an admin asks in the console, and the token's agent learns it from the
 * answer to its next status report.
 *
 * The request is cleared when the agent reports that it holds nothing back, not when it is
 * handed out: an answer can be lost on its way (a cut network, a timeout) and the request
 * with it, whereas the agent reports `held: 0` only once the held files are queued in its
 * journal, where they survive its own restart (agent/agent.ts). Handing the request out
 * again meanwhile doubles nothing: the agent sends what it holds once, and never a content
 * Rith already has.
 */
import { sql } from 'kysely';
import type { Db } from '../db/connect.ts';
import { clubsCompetitions } from './queries.ts';
import type { AgentStatusAnswer, AgentStatusReport } from '../../shared/schemas/timingRoom.ts';

/** Records the request for a token of one of these clubs' competitions; false when none. */
export async function requestSendHeld(
  db: Db,
  id: string,
  clubUics: readonly number[],
): Promise<boolean> {
  const row = await db
    .updateTable('competitionTokens')
    .set({ sendHeldRequestedAt: sql`now()` })
    .where('id', '=', id)
    .where('competitionUic', 'in', clubsCompetitions(db, clubUics))
    .returning('id')
    .executeTakeFirst();
  return row !== undefined;
}

/** The answer to an agent's status report: whether to send what it holds back. */
export async function sendHeldAnswer(
  db: Db,
  tokenId: string,
  report: AgentStatusReport,
): Promise<AgentStatusAnswer> {
  if (report.held === 0) {
    await db
      .updateTable('competitionTokens')
      .set({ sendHeldRequestedAt: null })
      .where('id', '=', tokenId)
      .where('sendHeldRequestedAt', 'is not', null)
      .execute();
    return { sendHeld: false };
  }
  // Asked for lately: a request the agent never came back for does not send files at some
  // later start of it, when the operator no longer expects it.
  const row = await db
    .selectFrom('competitionTokens')
    .select('id')
    .where('id', '=', tokenId)
    .where(sql<boolean>`send_held_requested_at > now() - interval '15 minutes'`)
    .executeTakeFirst();
  return { sendHeld: row !== undefined };
}

import { sql } from 'kysely';
import type { Db } from '../db/connect.ts';
import type {
  AgentStatusReport,
  CompetitionToken,
  TokenRole,
} from '../../shared/schemas/timingRoom.ts';

const iso = (date: Date | null) => (date === null ? null : date.toISOString());

export async function insertToken(
  db: Db,
  token: {
    competitionUic: number;
    name: string;
    role: TokenRole;
    tokenHash: string;
    createdBy: number;
  },
): Promise<string> {
  const row = await db
    .insertInto('competitionTokens')
    .values(token)
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export async function countTokens(db: Db, competitionUic: number): Promise<number> {
  const { count } = await db
    .selectFrom('competitionTokens')
    .select((eb) => eb.fn.countAll<string>().as('count'))
    .where('competitionUic', '=', competitionUic)
    .executeTakeFirstOrThrow();
  return Number(count);
}

/** A competition's tokens, newest first, with what each one's agent last reported. */
export async function listTokens(db: Db, competitionUic: number): Promise<CompetitionToken[]> {
  const rows = await db
    .selectFrom('competitionTokens')
    .select([
      'id',
      'name',
      'role',
      'createdAt',
      'lastUsedAt',
      'filesReceived',
      'agent',
      'agentSeenAt',
    ])
    .where('competitionUic', '=', competitionUic)
    .orderBy('createdAt', 'desc')
    .execute();
  return rows.map((row) => ({
    id: row.id,
    name: row.name,
    role: row.role,
    createdAt: row.createdAt.toISOString(),
    lastUsedAt: iso(row.lastUsedAt),
    filesReceived: row.filesReceived,
    agent:
      row.agent !== null && row.agentSeenAt !== null
        ? { ...row.agent, seenAt: row.agentSeenAt.toISOString() }
        : null,
  }));
}

/** The competitions of these clubs: a token is an admin's only through one of them. */
export const clubsCompetitions = (db: Db, clubUics: readonly number[]) =>
  db.selectFrom('competitions').select('uic').where('clubUic', 'in', clubUics);

/** Deletes a token of one of these clubs' competitions; its club, or undefined when none. */
export async function deleteToken(db: Db, id: string, clubUics: readonly number[]) {
  return db
    .deleteFrom('competitionTokens')
    .where('id', '=', id)
    .where('competitionUic', 'in', clubsCompetitions(db, clubUics))
    .returning('competitionUic')
    .executeTakeFirst();
}

/** The token with this hash, with its competition and club. */
export function tokenByHash(db: Db, tokenHash: string) {
  return db
    .selectFrom('competitionTokens')
    .innerJoin('competitions', 'competitions.uic', 'competitionTokens.competitionUic')
    .innerJoin('clubs', 'clubs.uic', 'competitions.clubUic')
    .select([
      'competitionTokens.id',
      'competitionTokens.name',
      'competitionTokens.createdBy',
      'competitionTokens.lastUsedAt',
      'competitionTokens.role',
      'competitions.uic as competitionUic',
      'competitions.competitionName',
      'competitions.clubUic',
      'clubs.clubName',
    ])
    .where('competitionTokens.tokenHash', '=', tokenHash)
    .executeTakeFirst();
}

export async function markTokenUsed(db: Db, id: string): Promise<void> {
  await db
    .updateTable('competitionTokens')
    .set({ lastUsedAt: sql`now()` })
    .where('id', '=', id)
    .execute();
}

export async function countFilesReceived(db: Db, id: string, files: number): Promise<void> {
  await db
    .updateTable('competitionTokens')
    .set({ filesReceived: sql`files_received + ${files}` })
    .where('id', '=', id)
    .execute();
}

/** Keeps the agent's report; answers when Rith received it. */
export async function saveAgentStatus(
  db: Db,
  id: string,
  report: AgentStatusReport,
): Promise<Date | undefined> {
  const row = await db
    .updateTable('competitionTokens')
    .set({ agent: JSON.stringify(report), agentSeenAt: sql`now()`, lastUsedAt: sql`now()` })
    .where('id', '=', id)
    .returning('agentSeenAt')
    .executeTakeFirst();
  return row?.agentSeenAt ?? undefined;
}

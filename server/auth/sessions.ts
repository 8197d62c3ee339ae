import { createHash } from 'node:crypto';
import type { Db } from '../db/connect.ts';

export const SESSION_COOKIE = 'rith_session';

/** Session ids are stored hashed, so a leaked sessions table opens no account. */
export function hashSessionId(id: string): string {
  return createHash('sha256').update(id).digest('hex');
}

export interface SessionUser {
  id: number;
  email: string;
  username: string | null;
  clubUics: number[];
}

/** The signed-in user behind a session cookie, or undefined for none, unknown or expired. */
export async function findSessionUser(
  db: Db,
  sessionId: string | undefined,
): Promise<SessionUser | undefined> {
  if (!sessionId || sessionId.length > 200) return undefined;
  const row = await db
    .selectFrom('sessions')
    .innerJoin('users', 'users.id', 'sessions.userId')
    .select(['users.id', 'users.email', 'users.username'])
    .where('sessions.idHash', '=', hashSessionId(sessionId))
    .where('sessions.expiresAt', '>', new Date())
    .executeTakeFirst();
  if (!row) return undefined;
  const clubs = await db
    .selectFrom('clubMembers')
    .select('clubUic')
    .where('userId', '=', row.id)
    .execute();
  return { ...row, clubUics: clubs.map((c) => c.clubUic) };
}

export async function deleteSession(db: Db, sessionId: string): Promise<void> {
  await db.deleteFrom('sessions').where('idHash', '=', hashSessionId(sessionId)).execute();
}

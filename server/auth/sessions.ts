import { createHash, randomBytes } from 'node:crypto';
import type { Db } from '../db/connect.ts';

export const SESSION_COOKIE = 'rith_session';

/** A session ends after this long without a request, and after the absolute limit regardless. */
export const SESSION_IDLE_MS = 7 * 24 * 60 * 60 * 1000;
export const SESSION_ABSOLUTE_MS = 30 * 24 * 60 * 60 * 1000;
/** last_seen_at is written at most this often, so reads stay reads. */
const TOUCH_EVERY_MS = 5 * 60 * 1000;

/** Session ids (and reset tokens) are stored hashed, so a leaked table opens no account. */
export function hashSessionId(id: string): string {
  return createHash('sha256').update(id).digest('hex');
}

/** 256 random bits, URL-safe. */
export function newSecret(): string {
  return randomBytes(32).toString('base64url');
}

export interface SessionUser {
  id: number;
  email: string;
  username: string | null;
  clubUics: number[];
}

export async function createSession(
  db: Db,
  userId: number,
  client: { userAgent?: string | undefined; ip?: string | undefined },
): Promise<{ id: string; expiresAt: Date }> {
  const id = newSecret();
  const expiresAt = new Date(Date.now() + SESSION_ABSOLUTE_MS);
  await db
    .insertInto('sessions')
    .values({
      idHash: hashSessionId(id),
      userId,
      expiresAt,
      userAgent: client.userAgent?.slice(0, 300) ?? null,
      ip: client.ip ?? null,
    })
    .execute();
  return { id, expiresAt };
}

/** The signed-in user behind a session cookie, or undefined for none, unknown or expired. */
export async function findSessionUser(
  db: Db,
  sessionId: string | undefined,
): Promise<SessionUser | undefined> {
  if (!sessionId || sessionId.length > 200) return undefined;
  const idHash = hashSessionId(sessionId);
  const now = Date.now();
  const row = await db
    .selectFrom('sessions')
    .innerJoin('users', 'users.id', 'sessions.userId')
    .select(['users.id', 'users.email', 'users.username', 'sessions.lastSeenAt'])
    .where('sessions.idHash', '=', idHash)
    .where('sessions.expiresAt', '>', new Date(now))
    .where('sessions.lastSeenAt', '>', new Date(now - SESSION_IDLE_MS))
    .executeTakeFirst();
  if (!row) return undefined;
  if (now - row.lastSeenAt.getTime() > TOUCH_EVERY_MS) {
    await db
      .updateTable('sessions')
      .set({ lastSeenAt: new Date(now) })
      .where('idHash', '=', idHash)
      .execute();
  }
  const clubs = await db
    .selectFrom('clubMembers')
    .select('clubUic')
    .where('userId', '=', row.id)
    .orderBy('clubUic')
    .execute();
  return {
    id: row.id,
    email: row.email,
    username: row.username,
    clubUics: clubs.map((c) => c.clubUic),
  };
}

export async function deleteSession(db: Db, sessionId: string): Promise<void> {
  await db.deleteFrom('sessions').where('idHash', '=', hashSessionId(sessionId)).execute();
}

/** Ends every session of the user (after a password reset); returns their hashes. */
export async function deleteUserSessions(db: Db, userId: number): Promise<string[]> {
  const rows = await db
    .deleteFrom('sessions')
    .where('userId', '=', userId)
    .returning('idHash')
    .execute();
  return rows.map((r) => r.idHash);
}

/** Expired sessions are of no use to anyone; swept at start-up and after each login. */
export async function sweepExpiredSessions(db: Db): Promise<void> {
  const now = Date.now();
  await db
    .deleteFrom('sessions')
    .where((eb) =>
      eb.or([
        eb('expiresAt', '<=', new Date(now)),
        eb('lastSeenAt', '<=', new Date(now - SESSION_IDLE_MS)),
      ]),
    )
    .execute();
}

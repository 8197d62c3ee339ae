import type { FastifyRequest } from 'fastify';
import type { Db } from '../db/connect.ts';
import { Forbidden, NotFound, Unauthorized } from '../errors.ts';
import { isEventId } from '../events/queries.ts';
import { findSessionUser, SESSION_COOKIE, type SessionUser } from './sessions.ts';

/**
 * The one way admin code reaches club data: every admin route gets the signed-in user from
 * `requireAdmin`, and every read or change of a club's rows goes through the checks below,
 * so a user of one club can neither read nor change another club's data. Rows of other
 * clubs answer "not found": their existence is not revealed either.
 */
export async function requireAdmin(db: Db, request: FastifyRequest): Promise<SessionUser> {
  const user = await findSessionUser(db, request.cookies[SESSION_COOKIE]);
  if (!user) throw new Unauthorized();
  if (user.clubUics.length === 0) throw new Forbidden('This account does not run a club.');
  return user;
}

export function assertClubMember(user: SessionUser, clubUic: number): void {
  if (!user.clubUics.includes(clubUic)) throw new Forbidden('You are not an admin of this club.');
}

/** A competition of one of the user's clubs. */
export async function ownedCompetition(db: Db, user: SessionUser, uic: number) {
  const row = await db
    .selectFrom('competitions')
    .selectAll()
    .where('uic', '=', uic)
    .where('clubUic', 'in', user.clubUics)
    .executeTakeFirst();
  if (!row) throw new NotFound('Competition not found');
  return row;
}

/** An event of a competition of one of the user's clubs, with that club. */
export async function ownedEvent(db: Db, user: SessionUser, id: string) {
  if (!isEventId(id)) throw new NotFound('Event not found');
  const row = await db
    .selectFrom('events')
    .innerJoin('competitions', 'competitions.uic', 'events.competitionUic')
    .selectAll('events')
    .select('competitions.clubUic')
    .where('events.id', '=', id)
    .where('competitions.clubUic', 'in', user.clubUics)
    .executeTakeFirst();
  if (!row) throw new NotFound('Event not found');
  return row;
}

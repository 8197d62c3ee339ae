import type { Db } from '../db/connect.ts';
import { findPublicCompetition } from '../competitions/queries.ts';
import { findVisibleClub } from '../clubs/queries.ts';
import { findPricePlan } from '../pricing/queries.ts';
import { queueMail } from './outbox.ts';
import { athleteRegisteredMail, clubRegisteredMail } from './templates.ts';

/*
 * The confirmation e-mails the registration's done screen promises. Each is queued in the
 * registration's own transaction: it goes out if and only if the registration was saved.
 */

export async function queueAthleteConfirmation(
  trx: Db,
  entry: { competitionUic: number; email: string; firstName?: string | null },
): Promise<void> {
  const competition = await findPublicCompetition(trx, entry.competitionUic);
  if (!competition) return;
  const club = await findVisibleClub(trx, competition.clubUic);
  await queueMail(
    trx,
    athleteRegisteredMail(entry.email, {
      name: entry.firstName?.trim() || null,
      competition: competition.competitionName,
      club: club?.clubName ?? `Club #${competition.clubUic}`,
      date: competition.date,
    }),
  );
}

export async function queueClubConfirmation(
  trx: Db,
  club: { email: string; clubName: string; packageId: number },
): Promise<void> {
  const plan = await findPricePlan(trx, club.packageId);
  await queueMail(
    trx,
    clubRegisteredMail(club.email, { name: club.clubName, plan: plan?.name ?? 'chosen' }),
  );
}

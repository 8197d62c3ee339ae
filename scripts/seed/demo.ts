import type { Kysely } from 'kysely';
import { hashPassword } from '../../server/auth/password.ts';
import type { Database } from '../../server/db/types.ts';
import { localIsoDate } from '../../shared/competitionList.ts';
import { demoClubs, demoCompetitions, type ClubKey, type CompetitionKey } from './clubs.ts';
import { demoEvents } from './events.ts';

/** The demo login, printed at start-up so newcomers can try the admin panel. */
export const DEMO_ADMIN = { email: 'admin@rith.demo', password: 'Rith-demo-2026!' } as const;
const DEMO_ADMIN_NAME = 'Demo Admin';
/** The clubs the demo admin manages: more than one, so the admin's club selector shows. */
const DEMO_ADMIN_CLUBS: readonly ClubKey[] = ['dublin', 'galway'];

/** The local calendar date `offset` days from `today`, as YYYY-MM-DD. */
export function dayFrom(today: Date, offset: number): string {
  return localIsoDate(new Date(today.getFullYear(), today.getMonth(), today.getDate() + offset));
}

/**
 * Fills an empty database with Irish demo clubs, competitions (one live today, upcoming and
 * past ones, all dated relative to `today`), events with start lists and results, and an
 * admin who manages two clubs. One transaction: all of it or nothing. Expects the price plans
 * to exist (`ensurePricePlans`); call it only when there are no clubs yet.
 */
export async function seedDemoData(
  db: Kysely<Database>,
  today: Date = new Date(),
): Promise<{ adminEmail: string; adminPassword: string }> {
  // Hashing is slow on purpose: do it before the transaction holds the database.
  const passwordHash = await hashPassword(DEMO_ADMIN.password);
  const day = (offset: number) => dayFrom(today, offset);

  await db.transaction().execute(async (trx) => {
    const plans = await trx.selectFrom('packages').select(['id', 'name']).execute();
    const planId = new Map(plans.map((plan) => [plan.name, plan.id]));

    const clubUic = new Map<ClubKey, number>();
    for (const club of demoClubs()) {
      const packageId = planId.get(club.plan);
      if (packageId === undefined) {
        throw new Error(`Price plan '${club.plan}' is missing: run ensurePricePlans first.`);
      }
      const { uic } = await trx
        .insertInto('clubs')
        .values({ ...club.values, packageId })
        .returning('uic')
        .executeTakeFirstOrThrow();
      clubUic.set(club.key, uic);
    }

    const competitionUic = new Map<CompetitionKey, number>();
    for (const competition of demoCompetitions(day)) {
      const { uic } = await trx
        .insertInto('competitions')
        .values({ ...competition.values, clubUic: required(clubUic, competition.club) })
        .returning('uic')
        .executeTakeFirstOrThrow();
      competitionUic.set(competition.key, uic);
    }

    const eventsByCompetition = demoEvents();
    for (const key of Object.keys(eventsByCompetition) as CompetitionKey[]) {
      const events = eventsByCompetition[key];
      if (!events?.length) continue;
      await trx
        .insertInto('events')
        .values(
          events.map((event) => ({
            ...event.values,
            competitionUic: required(competitionUic, key),
            results: JSON.stringify(event.results),
            startListFile: JSON.stringify(event.startList),
          })),
        )
        .execute();
    }

    const { id: userId } = await trx
      .insertInto('users')
      .values({
        email: DEMO_ADMIN.email,
        username: DEMO_ADMIN_NAME,
        passwordHash,
        emailVerifiedAt: today,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await trx
      .insertInto('clubMembers')
      .values(DEMO_ADMIN_CLUBS.map((key) => ({ userId, clubUic: required(clubUic, key) })))
      .execute();
  });

  return { adminEmail: DEMO_ADMIN.email, adminPassword: DEMO_ADMIN.password };
}

function required<K, V>(map: ReadonlyMap<K, V>, key: K): V {
  const value = map.get(key);
  if (value === undefined) throw new Error(`Demo data refers to unknown '${String(key)}'.`);
  return value;
}

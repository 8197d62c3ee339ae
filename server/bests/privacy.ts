import { sql } from 'kysely';
import type { Runtime } from '../runtime.ts';
import type { Db } from '../db/connect.ts';
import { hashSessionId, newSecret } from '../auth/sessions.ts';
import { athletePageMail } from '../mail/templates.ts';
import { foldText } from '../../shared/athletes/identity.ts';
import { Invalid } from '../errors.ts';

const LINK_TTL_MS = 7 * 24 * 3600_000;
export const PAGE_LINK_INVALID =
  'This link has expired or is not valid. Ask for a new one on the athlete’s page.';

/**
 * A registered athlete asks to hide their page: when the address registered for a competition
 * under the athlete's name, a link goes to it. The caller answers the same either way (and
 * does not wait), so the answer says nothing of who registered.
 */
export async function sendPageLink(
  deps: Pick<Runtime, 'db' | 'mailer' | 'limits'>,
  athleteId: string,
  email: string,
  baseUrl: string,
): Promise<void> {
  const { db, limits, mailer } = deps;
  if ((await limits.mailByAddress.consume(email)) > 0) return;
  const athlete = await db
    .selectFrom('athletes')
    .select(['id', 'name', 'mergedInto'])
    .where('id', '=', athleteId)
    .executeTakeFirst();
  if (!athlete) return;
  const registrations = await db
    .selectFrom('registrations')
    .select(['firstName', 'lastName'])
    .where(sql<boolean>`lower(email) = lower(${email})`)
    .execute();
  const name = foldText(athlete.name);
  const registered = registrations.some(
    (r) => foldText(`${r.firstName ?? ''} ${r.lastName ?? ''}`) === name,
  );
  if (!registered) return;
  const token = newSecret();
  const id = athlete.mergedInto ?? athlete.id;
  await db
    .insertInto('athletePageLinks')
    .values({
      tokenHash: hashSessionId(token),
      athleteId: id,
      email,
      expiresAt: new Date(Date.now() + LINK_TTL_MS),
    })
    .execute();
  const link = `${baseUrl}/athlete/${id}?page=${encodeURIComponent(token)}`;
  await mailer.send(athletePageMail(email, athlete.name, link, LINK_TTL_MS));
}

/** Hides or shows the athlete's page, with a link mailed to them. */
export async function setPageHidden(
  db: Db,
  athleteId: string,
  token: string,
  hidden: boolean,
): Promise<{ hidden: boolean }> {
  const link = await db
    .selectFrom('athletePageLinks')
    .select('athleteId')
    .where('tokenHash', '=', hashSessionId(token))
    .where('expiresAt', '>', new Date())
    .executeTakeFirst();
  if (!link || link.athleteId !== athleteId) throw new Invalid(PAGE_LINK_INVALID, 'link_invalid');
  await db.updateTable('athletes').set({ hidden }).where('id', '=', athleteId).execute();
  return { hidden };
}

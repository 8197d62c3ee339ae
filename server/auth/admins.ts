import type { Db } from '../db/connect.ts';
import { meetsPasswordRules } from '../../shared/password.ts';
import { isValidUrlName, slugify } from '../../shared/slug.ts';
import { CLUB_PLAN } from '../pricing/plans.ts';
import { hashPassword } from './password.ts';

export class AdminInputError extends Error {}

export interface NewAdmin {
  email: string;
  password: string;
  clubName: string;
  urlName?: string | undefined;
  planName?: string | undefined;
}

/**
 * Makes `email` an admin of the named club, creating the user and the club as needed; an
 * existing user gets the new password. One transaction: all of it or nothing.
 */
export async function createAdmin(db: Db, input: NewAdmin) {
  const email = input.email.trim().toLowerCase();
  if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email)) throw new AdminInputError('Invalid email');
  if (!meetsPasswordRules(input.password)) {
    throw new AdminInputError(
      'Password does not meet security requirements: at least 8 characters with an uppercase letter, a lowercase letter, a number and a special character.',
    );
  }
  const clubName = input.clubName.trim();
  if (!clubName) throw new AdminInputError('Club name is required');
  const urlName = input.urlName?.trim() || slugify(clubName);
  if (!isValidUrlName(urlName)) {
    throw new AdminInputError('Only lowercase letters, numbers, and hyphens are allowed');
  }
  const passwordHash = await hashPassword(input.password);

  return db.transaction().execute(async (trx) => {
    const plan = await trx
      .selectFrom('packages')
      .select('id')
      .where('name', '=', input.planName ?? CLUB_PLAN)
      .executeTakeFirst();
    if (!plan) throw new AdminInputError(`Unknown plan "${input.planName}"`);

    const user = await trx
      .insertInto('users')
      .values({ email, passwordHash, username: null, emailVerifiedAt: new Date() })
      .onConflict((oc) => oc.column('email').doUpdateSet({ passwordHash, updatedAt: new Date() }))
      .returning(['id', 'email'])
      .executeTakeFirstOrThrow();

    const club =
      (await trx
        .selectFrom('clubs')
        .select(['uic', 'clubName'])
        .where('urlName', '=', urlName)
        .executeTakeFirst()) ??
      (await trx
        .insertInto('clubs')
        .values({ clubName, urlName, email, packageId: plan.id, imageLink: null })
        .returning(['uic', 'clubName'])
        .executeTakeFirstOrThrow());

    await trx
      .insertInto('clubMembers')
      .values({ userId: user.id, clubUic: club.uic })
      .onConflict((oc) => oc.columns(['userId', 'clubUic']).doNothing())
      .execute();
    return { email: user.email, clubUic: club.uic, clubName: club.clubName };
  });
}

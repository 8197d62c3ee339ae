import type { Db } from '../db/connect.ts';
import { meetsPasswordRules } from '../../shared/password.ts';
import { isValidUrlName, slugify } from '../../shared/slug.ts';
import { CLUB_PLAN } from '../pricing/plans.ts';
import { hashPassword } from './password.ts';
import { foundClub } from '../clubs/founding.ts';

export class AdminInputError extends Error {}

export interface NewAdmin {
  email: string;
  password: string;
  clubName: string;
  urlName?: string | undefined;
  planName?: string | undefined;
}

/**
 * Makes `email` an admin of the named club (npm run admin:create), creating the user and the
 * club as needed (server/clubs/founding.ts); an existing user gets the new password. One
 * transaction: all of it or nothing.
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

    return foundClub(trx, {
      admin: { email, username: null, passwordHash },
      club: { clubName, urlName, email, packageId: plan.id, imageLink: null },
      existing: 'reuse',
    });
  });
}

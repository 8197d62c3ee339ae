import type { Db } from '../db/connect.ts';
import type { NewClub } from '../db/types.ts';

export interface FoundClub {
  /** The club's first admin: a new user, signed in with this password. */
  admin: { email: string; username: string | null; passwordHash: string };
  club: NewClub & { urlName: string };
  /**
   * `refuse`: the address and URL name must be free (the registration form, which checked
   * them under its token's lock). `reuse` (admin:create, run again to recover an install): an
   * existing user gets the new password, and an existing club of that URL name is joined.
   */
  existing: 'refuse' | 'reuse';
}

/**
 * A club and its first admin, made together in the caller's transaction: the user, the club,
 * and the membership that makes them its admin. The registration form and admin:create both
 * found clubs here, so a club never exists without someone to run it.
 */
export async function foundClub(trx: Db, input: FoundClub) {
  const { admin, club, existing } = input;
  const values = { ...admin, emailVerifiedAt: new Date() };
  const user =
    existing === 'reuse'
      ? await trx
          .insertInto('users')
          .values(values)
          .onConflict((oc) =>
            oc
              .column('email')
              .doUpdateSet({ passwordHash: admin.passwordHash, updatedAt: new Date() }),
          )
          .returning(['id', 'email'])
          .executeTakeFirstOrThrow()
      : await trx
          .insertInto('users')
          .values(values)
          .returning(['id', 'email'])
          .executeTakeFirstOrThrow();
  const joined =
    existing === 'reuse'
      ? await trx
          .selectFrom('clubs')
          .select(['uic', 'clubName'])
          .where('urlName', '=', club.urlName)
          .executeTakeFirst()
      : undefined;
  const founded =
    joined ??
    (await trx
      .insertInto('clubs')
      .values(club)
      .returning(['uic', 'clubName'])
      .executeTakeFirstOrThrow());
  await trx
    .insertInto('clubMembers')
    .values({ userId: user.id, clubUic: founded.uic })
    .onConflict((oc) => oc.columns(['userId', 'clubUic']).doNothing())
    .execute();
  return { email: user.email, clubUic: founded.uic, clubName: founded.clubName };
}

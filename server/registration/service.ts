import { sql } from 'kysely';
import type { Db } from '../db/connect.ts';
import type { Runtime } from '../runtime.ts';
import type {
  ClubRegistration,
  PersonalInfo,
  VerificationResult,
} from '../../shared/schemas/registration.ts';
import { Conflict, Invalid, NotFound, TooManyRequests } from '../errors.ts';
import { hashPassword } from '../auth/password.ts';
import { hashSessionId, newSecret } from '../auth/sessions.ts';
import { findPublicCompetition } from '../competitions/queries.ts';
import { verificationMail } from '../mail/templates.ts';
import { TOO_MANY_EMAILS } from '../auth/service.ts';

export const VERIFICATION_TTL_MS = 24 * 60 * 60 * 1000;
export const EMAIL_TAKEN = 'This email is already registered.';
export const LINK_INVALID = 'Invalid or expired verification link.';
export const URL_NAME_TAKEN = 'Another club already uses this URL name.';

type Deps = Pick<Runtime, 'db' | 'mailer' | 'limits'>;

/**
 * The contact step: e-mails a single-use link to the address. A person already registered
 * (a club account, or this competition) is told so, as the spec's message requires; the
 * request is rate-limited per address and per inbox.
 */
export async function requestVerification(
  deps: Deps,
  input: { email: string; competitionUic?: number | null; packageId?: number | null },
  client: { ip: string; siteUrl: string },
): Promise<void> {
  const { db, limits, mailer } = deps;
  const wait = Math.max(
    await limits.mailByIp.consume(client.ip),
    await limits.mailByAddress.consume(input.email),
  );
  if (wait > 0) throw new TooManyRequests(TOO_MANY_EMAILS, wait);

  let what: string;
  if (input.competitionUic) {
    const competition = await findPublicCompetition(db, input.competitionUic);
    if (!competition) throw new NotFound('Competition not found');
    const registered = await db
      .selectFrom('registrations')
      .select('id')
      .where('competitionUic', '=', competition.uic)
      .where('email', '=', input.email)
      .executeTakeFirst();
    if (registered) throw new Conflict(EMAIL_TAKEN);
    what = `for ${competition.competitionName}`;
  } else {
    const pkg = await db
      .selectFrom('packages')
      .select('name')
      .where('id', '=', input.packageId!)
      .executeTakeFirst();
    if (!pkg) throw new NotFound('Package not found');
    const user = await db
      .selectFrom('users')
      .select('id')
      .where('email', '=', input.email)
      .executeTakeFirst();
    if (user) throw new Conflict(EMAIL_TAKEN);
    what = `a club on the ${pkg.name} plan`;
  }
  const token = newSecret();
  await db
    .insertInto('tokens')
    .values({
      tokenHash: hashSessionId(token),
      kind: 'email_verification',
      email: input.email,
      competitionUic: input.competitionUic ?? null,
      packageId: input.packageId ?? null,
      expiresAt: new Date(Date.now() + VERIFICATION_TTL_MS),
    })
    .execute();
  const link = `${client.siteUrl}/verify/${encodeURIComponent(token)}`;
  await mailer.send(verificationMail(input.email, link, what));
}

function liveToken(db: Db, token: string) {
  return db
    .selectFrom('tokens')
    .selectAll()
    .where('tokenHash', '=', hashSessionId(token))
    .where('kind', '=', 'email_verification')
    .where('usedAt', 'is', null)
    .where('expiresAt', '>', new Date());
}

/** The verify page: the link was opened, so the address is the sender's. */
export async function verifyEmail(db: Db, token: string): Promise<VerificationResult> {
  const row = await liveToken(db, token).executeTakeFirst();
  if (!row) throw new Invalid(LINK_INVALID);
  if (!row.verifiedAt) {
    await db
      .updateTable('tokens')
      .set({ verifiedAt: new Date() })
      .where('id', '=', row.id)
      .execute();
  }
  return { competitionUic: row.competitionUic, packageId: row.packageId, token };
}

/** The verified address a registration step may use (the token's, never the form's). */
export async function verifiedEmail(db: Db, token: string): Promise<string> {
  const row = await liveToken(db, token).where('verifiedAt', 'is not', null).executeTakeFirst();
  if (!row) throw new Invalid(LINK_INVALID);
  return row.email;
}

/** Spends a verified token inside the step's transaction: a second use finds none. */
async function spendToken(
  trx: Db,
  token: string,
  match: { competitionUic?: number; packageId?: number },
) {
  const row = await liveToken(trx, token)
    .where('verifiedAt', 'is not', null)
    .forUpdate()
    .executeTakeFirst();
  if (
    !row ||
    (match.competitionUic !== undefined && row.competitionUic !== match.competitionUic) ||
    (match.packageId !== undefined && row.packageId !== match.packageId)
  ) {
    throw new Invalid(LINK_INVALID);
  }
  await trx.updateTable('tokens').set({ usedAt: new Date() }).where('id', '=', row.id).execute();
  return row;
}

export async function savePersonalInfo(
  db: Db,
  input: { competitionUic: number; token: string; personalInfo: PersonalInfo },
): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const token = await spendToken(trx, input.token, { competitionUic: input.competitionUic });
    const info = { ...input.personalInfo, email: token.email };
    await trx
      .insertInto('registrations')
      .values({
        competitionUic: input.competitionUic,
        email: token.email,
        firstName: info.firstName ?? null,
        lastName: info.lastName ?? null,
        gender: info.gender,
        dob: info.dob,
        personalInfo: JSON.stringify(info),
      })
      .onConflict((oc) =>
        oc.columns(['competitionUic', 'email']).doUpdateSet({
          firstName: info.firstName ?? null,
          lastName: info.lastName ?? null,
          gender: info.gender,
          dob: info.dob,
          personalInfo: JSON.stringify(info),
          updatedAt: sql`now()`,
        }),
      )
      .execute();
  });
}

/**
 * The club form: the user, the club on the chosen package and the membership, in one
 * transaction with spending the token. The new user logs in and runs the club at once.
 */
export async function registerClub(db: Db, input: ClubRegistration): Promise<void> {
  const passwordHash = await hashPassword(input.password);
  await db.transaction().execute(async (trx) => {
    const token = await spendToken(trx, input.token, { packageId: input.packageId });
    if (token.email !== input.email) throw new Invalid(LINK_INVALID);
    const taken = await trx
      .selectFrom('users')
      .select('id')
      .where('email', '=', token.email)
      .executeTakeFirst();
    if (taken) throw new Conflict(EMAIL_TAKEN);
    const urlTaken = await trx
      .selectFrom('clubs')
      .select('uic')
      .where('urlName', '=', input.urlName)
      .executeTakeFirst();
    if (urlTaken) throw new Conflict(URL_NAME_TAKEN);
    const user = await trx
      .insertInto('users')
      .values({
        email: token.email,
        username: input.managerName,
        passwordHash,
        emailVerifiedAt: new Date(),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const club = await trx
      .insertInto('clubs')
      .values({
        clubName: input.clubName,
        urlName: input.urlName,
        visible: input.visible,
        email: token.email,
        imageLink: null,
        packageId: input.packageId,
        address: input.address,
        city: input.city,
        state: input.state,
        zip: input.zip,
        country: input.country,
        countryCode: input.countryCode,
        phone: input.phone,
        managerName: input.managerName,
        facebook: input.facebook ?? null,
        hardware: input.hardware,
        otherHardware: input.hardware.includes('OTHER') ? (input.otherHardware ?? null) : null,
      })
      .returning('uic')
      .executeTakeFirstOrThrow();
    await trx.insertInto('clubMembers').values({ userId: user.id, clubUic: club.uic }).execute();
  });
}

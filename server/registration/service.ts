import { sql } from 'kysely';
import { foundClub } from '../clubs/founding.ts';
import type { Db } from '../db/connect.ts';
import type { Runtime } from '../runtime.ts';
import {
  RegistrationErrorCode as Code,
  type ClubRegistration,
  type PersonalInfo,
  type VerificationResult,
} from '../../shared/schemas/registration.ts';
import { competitionClock, ENTRIES_CLOSED_MESSAGE, entriesClosed } from '../../shared/entries.ts';
import { isStartablePlan, PLAN_NOT_STARTABLE } from '../../shared/planAction.ts';
import { Conflict, Forbidden, Invalid, NotFound, TooManyRequests } from '../errors.ts';
import { hashPassword } from '../auth/password.ts';
import { hashSessionId, newSecret } from '../auth/sessions.ts';
import { findPublicCompetition } from '../competitions/queries.ts';
import { verificationMail } from '../mail/templates.ts';
import { TOO_MANY_EMAILS } from '../auth/service.ts';
import { queueAthleteConfirmation, queueClubConfirmation } from '../mail/confirmations.ts';

export const VERIFICATION_TTL_MS = 24 * 60 * 60 * 1000;
export const EMAIL_TAKEN = 'This email is already registered.';
export const ENTRY_TAKEN = 'This email is already registered for this competition.';
export const LINK_INVALID = 'Invalid or expired verification link.';
export const URL_NAME_TAKEN = 'Another club already uses this URL name.';

type Deps = Pick<Runtime, 'db' | 'mailer' | 'limits'>;

/**
 * The contact step: e-mails a single-use link to the address. A person already registered
 * (a club account, or this competition) is told so rather than sent a second link; the
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
    const competition = await openCompetition(db, input.competitionUic);
    const registered = await db
      .selectFrom('registrations')
      .select('id')
      .where('competitionUic', '=', competition.uic)
      .where('email', '=', input.email)
      .executeTakeFirst();
    if (registered) throw new Conflict(ENTRY_TAKEN, Code.alreadyRegistered);
    what = `for ${competition.competitionName}`;
  } else {
    const pkg = await startablePlan(db, input.packageId!);
    await refuseTakenAccount(db, input.email);
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

/** A public competition that still takes entries (shared/entries.ts decides when they close). */
async function openCompetition(db: Db, uic: number) {
  const competition = await findPublicCompetition(db, uic);
  if (!competition) throw new NotFound('Competition not found');
  if (entriesClosed(competition, competitionClock(new Date()))) {
    throw new Conflict(ENTRIES_CLOSED_MESSAGE, Code.entriesClosed);
  }
  return competition;
}

/** A plan a club may sign up on: only free plans can be started. */
async function startablePlan(db: Db, packageId: number) {
  const pkg = await db
    .selectFrom('packages')
    .select(['name', 'price'])
    .where('id', '=', packageId)
    .executeTakeFirst();
  if (!pkg) throw new NotFound('Package not found');
  if (!isStartablePlan(pkg)) throw new Forbidden(PLAN_NOT_STARTABLE, Code.planComingSoon);
  return pkg;
}

async function refuseTakenAccount(db: Db, email: string, urlName?: string): Promise<void> {
  const user = await db
    .selectFrom('users')
    .select('id')
    .where('email', '=', email)
    .executeTakeFirst();
  if (user) throw new Conflict(EMAIL_TAKEN, Code.alreadyRegistered);
  if (urlName === undefined) return;
  const club = await db
    .selectFrom('clubs')
    .select('uic')
    .where('urlName', '=', urlName)
    .executeTakeFirst();
  if (club) throw new Conflict(URL_NAME_TAKEN, Code.urlNameTaken);
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
  if (!row) throw new Invalid(LINK_INVALID, Code.linkInvalid);
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
  if (!row) throw new Invalid(LINK_INVALID, Code.linkInvalid);
  return row.email;
}

interface TokenMatch {
  competitionUic?: number;
  packageId?: number;
  email?: string;
}

/** The verified token of this registration, or the refusal a forged or stale one gets. */
async function verifiedToken(db: Db, token: string, match: TokenMatch, lock = false) {
  const query = liveToken(db, token).where('verifiedAt', 'is not', null);
  const row = await (lock ? query.forUpdate() : query).executeTakeFirst();
  if (
    !row ||
    (match.competitionUic !== undefined && row.competitionUic !== match.competitionUic) ||
    (match.packageId !== undefined && row.packageId !== match.packageId) ||
    (match.email !== undefined && row.email !== match.email)
  ) {
    throw new Invalid(LINK_INVALID, Code.linkInvalid);
  }
  return row;
}

/** Spends a verified token inside the step's transaction: a second use finds none. */
async function spendToken(trx: Db, token: string, match: TokenMatch) {
  const row = await verifiedToken(trx, token, match, true);
  await trx.updateTable('tokens').set({ usedAt: new Date() }).where('id', '=', row.id).execute();
  return row;
}

export async function savePersonalInfo(
  db: Db,
  input: { competitionUic: number; token: string; personalInfo: PersonalInfo },
): Promise<void> {
  // A link asked for in time does not let anyone in after entries close.
  await openCompetition(db, input.competitionUic);
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
    // The done screen promises it: queued with the entry, so sent if and only if it is saved.
    await queueAthleteConfirmation(trx, {
      competitionUic: input.competitionUic,
      email: token.email,
      firstName: info.firstName,
    });
  });
}

/**
 * The club form: the user, the club on the chosen package and the membership, in one
 * transaction with spending the token. The new user logs in and runs the club at once.
 * Everything cheap is checked before the password is hashed: argon2 costs tens of
 * milliseconds of a core by design, so a forged or stale request must never reach it.
 */
export async function registerClub(db: Db, input: ClubRegistration): Promise<void> {
  const match = { packageId: input.packageId, email: input.email };
  await verifiedToken(db, input.token, match);
  await startablePlan(db, input.packageId);
  await refuseTakenAccount(db, input.email, input.urlName);
  const passwordHash = await hashPassword(input.password);
  await db.transaction().execute(async (trx) => {
    // Again under the token's lock: another request may have used it, the address or the
    // URL name while the password was hashed.
    const token = await spendToken(trx, input.token, match);
    await refuseTakenAccount(trx, token.email, input.urlName);
    await foundClub(trx, {
      admin: { email: token.email, username: input.managerName, passwordHash },
      club: {
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
      },
      existing: 'refuse',
    });
    await queueClubConfirmation(trx, {
      email: token.email,
      clubName: input.clubName,
      packageId: input.packageId,
    });
  });
}

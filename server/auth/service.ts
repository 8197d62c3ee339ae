import { sql } from 'kysely';
import type { Db } from '../db/connect.ts';
import type { Runtime } from '../runtime.ts';
import { Invalid, TooManyRequests, Unauthorized } from '../errors.ts';
import { passwordResetMail } from '../mail/templates.ts';
import type { Limiter } from '../infra/rateLimit.ts';
import { knownDevice, newDeviceCookie } from './devices.ts';
import { hashPassword, verifyPassword } from './password.ts';
import {
  createSession,
  deleteUserSessions,
  hashSessionId,
  newSecret,
  sweepExpiredSessions,
} from './sessions.ts';

export const INVALID_CREDENTIALS = 'Invalid credentials';
export const TOO_MANY_LOGINS = 'Too many login attempts. Please wait a few minutes and try again.';
export const TOO_MANY_EMAILS = 'Too many requests. Please wait a while and try again.';
export const RESET_LINK_INVALID = 'This reset link is invalid or has expired.';
export const RESET_TOKEN_TTL_MS = 60 * 60 * 1000;

type AuthDeps = Pick<Runtime, 'db' | 'bus' | 'mailer' | 'limits'>;

export interface ClientInfo {
  ip: string;
  userAgent?: string | undefined;
  /** The device cookie the browser sent, if any (devices.ts). */
  device?: string | undefined;
}

// Verifying against a throwaway hash when the account does not exist makes a wrong e-mail
// take as long as a wrong password, so timing tells nobody which accounts exist.
let decoyHash: Promise<string> | undefined;
const decoy = () => (decoyHash ??= hashPassword('not the password of anyone'));

/**
 * Spends one attempt of each budget in turn and stops at the first that is spent, so a
 * client refused by its own budget cannot use up the next one: one address hammering an
 * account never spends the account's budget for everyone else.
 */
async function spendAttempt(steps: [Limiter, string][]): Promise<void> {
  for (const [limiter, key] of steps) {
    const wait = await limiter.consume(key);
    if (wait > 0) throw new TooManyRequests(TOO_MANY_LOGINS, wait);
  }
}

/**
 * Checks the password and opens a new session (a new id every login, so a session id
 * planted before login is worthless) and a new device cookie. Guesses are limited per
 * address, per account and client (address or known device), and per account from unknown
 * clients; a browser the account logged in from before counts only against itself, so no
 * one elsewhere can lock the owner out (README, "Abuse").
 */
export async function login(
  deps: AuthDeps,
  email: string,
  password: string,
  client: ClientInfo,
): Promise<{
  sessionId: string;
  expiresAt: Date;
  deviceCookie: string;
  user: { id: number; email: string; username: string | null };
}> {
  const { db, limits } = deps;
  const user = await db
    .selectFrom('users')
    .select(['id', 'email', 'username', 'passwordHash'])
    .select((eb) =>
      eb
        .exists(eb.selectFrom('clubMembers').select('clubUic').whereRef('userId', '=', 'users.id'))
        .as('isClubAdmin'),
    )
    .where('email', '=', email)
    .executeTakeFirst();
  const device = user ? knownDevice(client.device, user) : undefined;
  const clientKey = `${email}|${device ? `device:${device}` : `ip:${client.ip}`}`;
  // Counted before the password is checked, so parallel guesses cannot all slip in while
  // the first are still being hashed; a success gives its attempts back.
  const steps: [Limiter, string][] = device
    ? [[limits.loginByClient, clientKey]]
    : [
        [limits.loginByIp, client.ip],
        [limits.loginByClient, clientKey],
        [limits.loginByAccount, email],
      ];
  await spendAttempt(steps);

  const ok = await verifyPassword(user?.passwordHash ?? (await decoy()), password);
  // Only club admins log in here; anyone else gets the same answer as a wrong password.
  if (!user || !ok || !user.isClubAdmin) throw new Unauthorized(INVALID_CREDENTIALS);
  // The owner's client starts afresh; the shared budgets get back only this attempt, so
  // the owner logging in hands no one spreading guesses a fresh account budget.
  await limits.loginByClient.reset(clientKey);
  if (!device) {
    await limits.loginByIp.refund(client.ip);
    await limits.loginByAccount.refund(email);
  }
  await sweepExpiredSessions(db);
  const session = await createSession(db, user.id, client);
  return {
    sessionId: session.id,
    expiresAt: session.expiresAt,
    deviceCookie: newDeviceCookie(user),
    user: { id: user.id, email: user.email, username: user.username },
  };
}

/**
 * Sends a reset link when the account exists. The caller answers the same either way and
 * does not wait for this, so neither the answer nor its timing reveals an account.
 */
export async function sendPasswordReset(
  deps: AuthDeps,
  email: string,
  baseUrl: string,
): Promise<void> {
  const { db, limits, mailer } = deps;
  // Past the budget for this inbox the answer stays the same; no mail goes out.
  if ((await limits.mailByAddress.consume(email)) > 0) return;
  const user = await db
    .selectFrom('users')
    .select('id')
    .where('email', '=', email)
    .executeTakeFirst();
  if (!user) return;
  const token = newSecret();
  await db
    .insertInto('tokens')
    .values({
      tokenHash: hashSessionId(token),
      kind: 'password_reset',
      email,
      userId: user.id,
      expiresAt: new Date(Date.now() + RESET_TOKEN_TTL_MS),
    })
    .execute();
  const link = `${baseUrl}/reset-password?token=${encodeURIComponent(token)}`;
  await mailer.send(passwordResetMail(email, link));
}

/** Refuses the request when this address asked for too many e-mails. */
export async function checkMailBudget(deps: Pick<Runtime, 'limits'>, ip: string): Promise<void> {
  const wait = await deps.limits.mailByIp.consume(ip);
  if (wait > 0) throw new TooManyRequests(TOO_MANY_EMAILS, wait);
}

function usableResetToken(db: Db, token: string) {
  return db
    .selectFrom('tokens')
    .where('tokenHash', '=', hashSessionId(token))
    .where('kind', '=', 'password_reset')
    .where('usedAt', 'is', null)
    .where('expiresAt', '>', new Date());
}

export async function isResetTokenValid(db: Db, token: string): Promise<boolean> {
  if (!token || token.length > 200) return false;
  const row = await usableResetToken(db, token).select('id').executeTakeFirst();
  return row !== undefined;
}

/**
 * Sets the new password, spends the token (and every other reset link of the account), and
 * ends all the account's sessions: whoever knew the old password is logged out.
 */
export async function resetPassword(
  deps: AuthDeps,
  token: string,
  password: string,
): Promise<void> {
  // A forged token is refused before the costly hash is computed.
  if (!(await isResetTokenValid(deps.db, token))) throw new Invalid(RESET_LINK_INVALID);
  const passwordHash = await hashPassword(password);
  const { email, ended } = await deps.db.transaction().execute(async (trx) => {
    const row = await usableResetToken(trx, token)
      .select(['id', 'userId', 'email'])
      .forUpdate()
      .executeTakeFirst();
    if (!row?.userId) throw new Invalid(RESET_LINK_INVALID);
    await trx
      .updateTable('users')
      .set({ passwordHash, updatedAt: sql`now()` })
      .where('id', '=', row.userId)
      .execute();
    await trx
      .updateTable('tokens')
      .set({ usedAt: new Date() })
      .where('userId', '=', row.userId)
      .where('kind', '=', 'password_reset')
      .where('usedAt', 'is', null)
      .execute();
    return { email: row.email, ended: await deleteUserSessions(trx, row.userId) };
  });
  // Whoever reads the account's inbox is its owner: guesses spread over many addresses no
  // longer keep them out of it on a new device.
  await deps.limits.loginByAccount.reset(email);
  if (ended.length > 0)
    deps.bus.publish({ name: 'session.ended', payload: { sessionHashes: ended } });
}

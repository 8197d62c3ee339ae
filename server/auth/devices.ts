import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

/**
 * A browser that has logged in to an account before carries a device cookie for it (OWASP's
 * "device cookies" against online guessing). Its attempts are counted apart from everyone
 * else's, so guesses from other addresses, or from the same venue's Wi-Fi, cannot lock the
 * owner out of their own laptop.
 */
export const DEVICE_COOKIE = 'rith_device';
export const DEVICE_COOKIE_MAX_AGE_S = 365 * 24 * 60 * 60;

interface Account {
  id: number;
  passwordHash: string;
}

/**
 * Signed with the account's password hash, which only the server knows: nothing to store,
 * nobody can forge one without the password, and a password reset voids them all.
 */
function signature(account: Account, nonce: string): Buffer {
  return createHmac('sha256', account.passwordHash)
    .update(`device:${account.id}:${nonce}`)
    .digest();
}

export function newDeviceCookie(account: Account): string {
  const nonce = randomBytes(16).toString('base64url');
  return `${nonce}.${signature(account, nonce).toString('base64url')}`;
}

/** The device's id when the cookie is a genuine one of this account, else undefined. */
export function knownDevice(cookie: string | undefined, account: Account): string | undefined {
  const [nonce, mac, extra] = cookie?.split('.') ?? [];
  if (!nonce || !mac || extra !== undefined || nonce.length > 64) return undefined;
  const expected = signature(account, nonce);
  const given = Buffer.from(mac, 'base64url');
  return given.length === expected.length && timingSafeEqual(given, expected) ? nonce : undefined;
}

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEVICE_COOKIE } from '../../server/auth/devices.ts';
import { fromNewestMail } from '../support/outbox.ts';
import { startTestApp, type TestApp } from '../support/app.ts';
import { clubWithAdmin } from '../support/admin.ts';
import { unique } from '../support/factory.ts';

// Behind one trusted proxy (nginx), as deployed: X-Forwarded-For names the client, so each
// test can log in from addresses of its own.
let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({ config: { trustProxyHops: 1 } });
});
afterAll(async () => {
  await t?.close();
});

/** A login as a browser at `ip` sends it, with the device cookie it holds, if any. */
async function login(email: string, password: string, ip: string, device?: string) {
  const res = await fetch(`${t.url}/api/admin/login`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      origin: t.url,
      'x-forwarded-for': ip,
      ...(device ? { cookie: `${DEVICE_COOKIE}=${device}` } : {}),
    },
    body: JSON.stringify({ username: email, password }),
  });
  const set = res.headers.getSetCookie().find((c) => c.startsWith(`${DEVICE_COOKIE}=`));
  return { status: res.status, device: set?.split(';')[0]!.slice(DEVICE_COOKIE.length + 1) };
}

let nextAddress = 1;
/** An address no other test used. */
const address = () => `198.51.100.${nextAddress++}`;

describe('failed logins', () => {
  it("from an attacker's address do not lock the owner out, while the attacker's own address stays throttled", async () => {
    const { admin } = await clubWithAdmin(t.runtime.db);
    const attacker = address();
    const owner = address();
    const answers: number[] = [];
    for (let i = 0; i < 30; i++) {
      answers.push((await login(admin.email, `Wrong-${i}-password!`, attacker)).status);
    }
    expect(answers.slice(0, 5)).toEqual([401, 401, 401, 401, 401]);
    expect(new Set(answers.slice(5))).toEqual(new Set([429]));
    // Even the right password does not get the attacker's address in now.
    expect((await login(admin.email, admin.password, attacker)).status).toBe(429);

    const ownerLogin = await login(admin.email, admin.password, owner);
    expect(ownerLogin.status).toBe(200);
    expect(ownerLogin.device).toBeTruthy();
  });

  it('spread over many addresses stop new clients of the account, but never its known device, until the owner resets the password', async () => {
    const { admin } = await clubWithAdmin(t.runtime.db);
    const venue = address();
    const { device } = await login(admin.email, admin.password, venue);
    expect(device).toBeTruthy();

    // Ten addresses, five guesses each: each is within its own budget, the account's is spent.
    const attackers = [venue, ...Array.from({ length: 9 }, address)];
    for (const ip of attackers) {
      for (let i = 0; i < 5; i++) {
        expect((await login(admin.email, `Wrong-${i}-password!`, ip)).status).toBe(401);
      }
    }
    expect((await login(admin.email, admin.password, address())).status).toBe(429);
    // A cookie that was not issued for this account is no known device.
    const other = await clubWithAdmin(t.runtime.db);
    const otherDevice = (await login(other.admin.email, other.admin.password, address())).device;
    expect((await login(admin.email, admin.password, address(), otherDevice)).status).toBe(429);
    expect((await login(admin.email, admin.password, address(), 'forged.cookie')).status).toBe(429);

    // The owner's laptop gets in, even from the venue's address the attackers shared.
    expect((await login(admin.email, admin.password, venue, device)).status).toBe(200);

    // Reading the account's inbox proves the owner: after a reset a new device gets in too.
    const res = await fetch(`${t.url}/api/admin/forgot-password`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: t.url },
      body: JSON.stringify({ email: admin.email }),
    });
    expect(res.status).toBe(200);
    const token = await resetTokenFor(admin.email);
    const newPassword = `New-${unique('pw')}-7?`;
    const reset = await fetch(`${t.url}/api/admin/reset-password`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: t.url },
      body: JSON.stringify({ token, password: newPassword }),
    });
    expect(reset.status).toBe(200);
    expect((await login(admin.email, newPassword, address())).status).toBe(200);
    // The reset voided the devices signed with the old password: that cookie now counts as
    // just another client at the venue's address, whose budget for the account is spent.
    expect((await login(admin.email, newPassword, venue, device)).status).toBe(429);
  });
});

/** The reset link's token, from the e-mail the product wrote (sent after the answer). */
function resetTokenFor(email: string): Promise<string> {
  return fromNewestMail(t.runtime.db, email, /reset-password\?token=([A-Za-z0-9_-]+)/);
}

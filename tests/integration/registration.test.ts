import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../support/app.ts';
import { AdminClient, packageId } from '../support/admin.ts';
import { createClub, createCompetition, unique } from '../support/factory.ts';
import type { AdminClubs } from '../../shared/schemas/admin.ts';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => {
  await t?.close();
});

const post = (path: string, body: unknown) =>
  new AdminClient(t.url).json<Record<string, unknown>>(path, { method: 'POST', json: body });

/** The verification link the outbox holds for the address. */
async function linkTo(email: string): Promise<string> {
  const mail = await t.runtime.db
    .selectFrom('outboxEmails')
    .selectAll()
    .where('toAddress', '=', email)
    .orderBy('id', 'desc')
    .executeTakeFirstOrThrow();
  expect(mail.htmlBody).toContain('/verify/');
  const token = /\/verify\/([\w-]+)/.exec(mail.textBody)?.[1];
  if (!token) throw new Error('no link');
  return token;
}

const personalInfo = {
  firstName: 'Aoife',
  lastName: 'Murphy',
  country: 'Ireland',
  countryCode: '+353',
  phone: '+353 87 123 4567',
  address: '1 Main Street',
  city: 'Dublin',
  state: 'Dublin',
  zip: 'D09 X1Y2',
  dob: '2004-05-06',
  gender: 'female',
  association: '',
  emergencyName: 'Mary Murphy',
  emergencyPhone: '087 765 4321',
};

describe('athlete registration', () => {
  it('verifies the e-mail through the outbox link and stores the registration once', async () => {
    const club = await createClub(t.runtime.db);
    const competition = await createCompetition(t.runtime.db, club.uic);
    const email = `${unique('athlete')}@example.ie`;
    expect(
      await post('/api/register/request-verification', { email, competitionUic: competition.uic }),
    ).toEqual({ status: 200, body: { ok: true } });
    const token = await linkTo(email);

    const unverified = await new AdminClient(t.url).json(
      `/api/register/verification-token-email?token=${token}`,
    );
    expect(unverified.status).toBe(400);
    expect(await post('/api/register/verify', { token })).toEqual({
      status: 200,
      body: { competitionUic: competition.uic, packageId: null, token },
    });
    expect(
      (await new AdminClient(t.url).json(`/api/register/verification-token-email?token=${token}`))
        .body,
    ).toEqual({ email });

    const badPhone = await post('/api/register/personal-info', {
      competitionUic: competition.uic,
      token,
      personalInfo: { ...personalInfo, phone: '12' },
    });
    expect(badPhone).toEqual({
      status: 400,
      body: { error: 'personalInfo.phone: Enter a valid phone number' },
    });
    expect(
      await post('/api/register/personal-info', {
        competitionUic: competition.uic,
        token,
        personalInfo,
      }),
    ).toEqual({ status: 200, body: { ok: true } });
    const row = await t.runtime.db
      .selectFrom('registrations')
      .selectAll()
      .where('email', '=', email)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({
      competitionUic: competition.uic,
      firstName: 'Aoife',
      gender: 'female',
    });

    // Spent: the link works once.
    const again = await post('/api/register/personal-info', {
      competitionUic: competition.uic,
      token,
      personalInfo,
    });
    expect(again.status).toBe(400);
    // Registered: asking again says so, in words the page recognises.
    const twice = await post('/api/register/request-verification', {
      email,
      competitionUic: competition.uic,
    });
    expect(twice.status).toBe(409);
    expect(String(twice.body.error)).toContain('already registered');
  });

  it('refuses forged and expired tokens', async () => {
    expect((await post('/api/register/verify', { token: 'forged' })).status).toBe(400);
    const club = await createClub(t.runtime.db);
    const competition = await createCompetition(t.runtime.db, club.uic);
    const email = `${unique('late')}@example.ie`;
    await post('/api/register/request-verification', { email, competitionUic: competition.uic });
    const token = await linkTo(email);
    await t.runtime.db
      .updateTable('tokens')
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where('email', '=', email)
      .execute();
    expect(await post('/api/register/verify', { token })).toEqual({
      status: 400,
      body: { error: 'Invalid or expired verification link.' },
    });
  });
});

describe('asking for verification e-mails', () => {
  it('is limited per inbox: nobody is flooded through the form', async () => {
    // An app of its own: the limits count per address, and the other tests share one.
    const own = await startTestApp();
    try {
      const club = await createClub(own.runtime.db);
      const competition = await createCompetition(own.runtime.db, club.uic);
      const email = `${unique('flood')}@example.ie`;
      const statuses: number[] = [];
      for (let i = 0; i < 4; i++) {
        const res = await new AdminClient(own.url).fetch('/api/register/request-verification', {
          method: 'POST',
          json: { email, competitionUic: competition.uic },
        });
        statuses.push(res.status);
      }
      expect(statuses).toEqual([200, 200, 200, 429]);
      const mails = await own.runtime.db
        .selectFrom('outboxEmails')
        .select('id')
        .where('toAddress', '=', email)
        .execute();
      expect(mails).toHaveLength(3);
    } finally {
      await own.close();
    }
  });
});

describe('club registration', () => {
  it('creates the user, the club and the membership, and the new admin sees the club under its plan', async () => {
    const email = `${unique('manager')}@club.ie`;
    const recreational = await packageId(t.runtime.db, 'Recreational');
    expect(
      await post('/api/register/request-verification', { email, packageId: recreational }),
    ).toEqual({ status: 200, body: { ok: true } });
    const token = await linkTo(email);
    await post('/api/register/verify', { token });
    const body = {
      token,
      packageId: recreational,
      email,
      password: 'Club-start-line-1!',
      clubName: 'Ballina Harriers',
      address: 'Quay Road',
      city: 'Ballina',
      state: 'Mayo',
      zip: 'F26 X2Y3',
      country: 'Ireland',
      countryCode: '+353',
      phone: '096 12345',
      managerName: 'Seán Walsh',
      urlName: unique('ballina-harriers'),
      hardware: ['OTHER'],
    };
    const missingOther = await post('/api/register/club-admin', body);
    expect(missingOther).toEqual({
      status: 400,
      body: { error: 'otherHardware: Please specify other hardware' },
    });
    const weak = await post('/api/register/club-admin', {
      ...body,
      password: 'password',
      otherHardware: 'Hand timing',
    });
    expect(weak.body).toEqual({ error: 'password: Password does not meet security requirements' });
    expect(
      await post('/api/register/club-admin', { ...body, otherHardware: 'Hand timing' }),
    ).toEqual({ status: 200, body: { ok: true } });

    const client = new AdminClient(t.url);
    expect((await client.login(email, body.password)).status).toBe(200);
    const clubs = await client.json<AdminClubs>('/api/admin/clubs');
    expect(clubs.body).toMatchObject({
      packageName: 'Recreational',
      clubs: [{ clubName: 'Ballina Harriers', urlName: body.urlName }],
    });

    expect((await post('/api/register/club-admin', body)).status).toBe(400);
    const again = await post('/api/register/request-verification', {
      email,
      packageId: recreational,
    });
    expect(again).toEqual({ status: 409, body: { error: 'This email is already registered.' } });
  });
});

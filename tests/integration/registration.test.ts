import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../support/app.ts';
import { AdminClient, packageId } from '../support/admin.ts';
import { createClub, createCompetition, unique } from '../support/factory.ts';
import type { AdminClubs } from '../../shared/schemas/admin.ts';
import { RegistrationErrorCode } from '../../shared/schemas/registration.ts';
import { competitionClock } from '../../shared/entries.ts';
import { hashPassword } from '../../server/auth/password.ts';
import { hashSessionId, newSecret } from '../../server/auth/sessions.ts';

// Registration calls are limited per address: each test calls from addresses of its own,
// told to the app as a proxy in front of it would (TRUST_PROXY=1).
const behindProxy = { config: { trustProxyHops: 1 } };

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp(behindProxy);
});
afterAll(async () => {
  await t?.close();
});

let addresses = 0;
/** A new visitor's address: 198.51.100.0/24 and beyond, documentation ranges. */
const newAddress = () => {
  addresses += 1;
  return `198.51.${100 + Math.floor(addresses / 250)}.${addresses % 250}`;
};

/** Calls the API as one visitor: the same address for every call of a test. */
function visitor(app: TestApp = t, address = newAddress()) {
  const headers = { 'x-forwarded-for': address };
  const client = new AdminClient(app.url);
  return {
    post: (path: string, body: unknown) =>
      client.json<Record<string, unknown>>(path, { method: 'POST', json: body, headers }),
    get: (path: string) => client.json<Record<string, unknown>>(path, { headers }),
    fetch: (path: string, init: { method?: string; json?: unknown } = {}) =>
      client.fetch(path, { ...init, headers }),
  };
}

let post: ReturnType<typeof visitor>['post'];
beforeEach(() => {
  post = visitor().post;
});

/** A competition that takes entries: its day is still to come. */
async function openCompetition(db = t.runtime.db) {
  const club = await createClub(db);
  return createCompetition(db, club.uic, { date: '2099-06-01' });
}

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

/** The "Registration complete" e-mails to the address, once each has left the outbox's queue. */
async function confirmations(email: string) {
  const read = () =>
    t.runtime.db
      .selectFrom('outboxEmails')
      .select(['subject', 'status', 'textBody'])
      .where('toAddress', '=', email)
      .where('subject', 'like', 'Registration complete:%')
      .execute();
  // Handed on after the answer, without waiting for the sweep: no relay here, so kept.
  for (let tries = 0; (await read()).some((m) => m.status === 'pending'); tries++) {
    if (tries > 200) throw new Error('confirmation still pending');
    await new Promise((r) => setTimeout(r, 25));
  }
  return read();
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
    const competition = await openCompetition();
    const email = `${unique('athlete')}@example.ie`;
    expect(
      await post('/api/register/request-verification', { email, competitionUic: competition.uic }),
    ).toEqual({ status: 200, body: { ok: true } });
    const token = await linkTo(email);

    const { get } = visitor();
    const unverified = await get(`/api/register/verification-token-email?token=${token}`);
    expect(unverified.status).toBe(400);
    expect(await post('/api/register/verify', { token })).toEqual({
      status: 200,
      body: { competitionUic: competition.uic, packageId: null, token },
    });
    expect((await get(`/api/register/verification-token-email?token=${token}`)).body).toEqual({
      email,
    });

    const badPhone = await post('/api/register/personal-info', {
      competitionUic: competition.uic,
      token,
      personalInfo: { ...personalInfo, phone: '12' },
    });
    expect(badPhone).toMatchObject({
      status: 400,
      body: { error: 'personalInfo.phone: Enter a valid phone number', code: 'invalid_request' },
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
    // The confirmation the done screen promises: one, for the saved entry only.
    const confirmed = await confirmations(email);
    expect(confirmed).toMatchObject([
      { subject: `Registration complete: ${competition.competitionName}`, status: 'kept' },
    ]);
    expect(confirmed[0]!.textBody).toContain('Aoife');
    // Registered: asking again says so, in words the page recognises.
    const twice = await post('/api/register/request-verification', {
      email,
      competitionUic: competition.uic,
    });
    expect(twice).toMatchObject({
      status: 409,
      body: {
        error: 'This email is already registered for this competition.',
        code: RegistrationErrorCode.alreadyRegistered,
      },
    });
  });

  it('refuses forged and expired tokens', async () => {
    expect((await post('/api/register/verify', { token: 'forged' })).status).toBe(400);
    const competition = await openCompetition();
    const email = `${unique('late')}@example.ie`;
    await post('/api/register/request-verification', { email, competitionUic: competition.uic });
    const token = await linkTo(email);
    await t.runtime.db
      .updateTable('tokens')
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where('email', '=', email)
      .execute();
    expect(await post('/api/register/verify', { token })).toMatchObject({
      status: 400,
      body: {
        error: 'Invalid or expired verification link.',
        code: RegistrationErrorCode.linkInvalid,
      },
    });
  });
});

describe('asking for verification e-mails', () => {
  it('is limited per inbox: nobody is flooded through the form', async () => {
    // An app of its own: the limits count per address, and the other tests share one.
    const own = await startTestApp();
    try {
      const competition = await openCompetition(own.runtime.db);
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
    expect(missingOther).toMatchObject({
      status: 400,
      body: { error: 'otherHardware: Please specify other hardware', code: 'invalid_request' },
    });
    const weak = await post('/api/register/club-admin', {
      ...body,
      password: 'password',
      otherHardware: 'Hand timing',
    });
    expect(weak.body).toMatchObject({
      error: 'password: Password does not meet security requirements',
      code: 'invalid_request',
    });
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
    // One confirmation, for the sign-up that was saved; none for the refused tries.
    expect(await confirmations(email)).toMatchObject([
      { subject: 'Registration complete: Ballina Harriers on Rith', status: 'kept' },
    ]);
    const again = await post('/api/register/request-verification', {
      email,
      packageId: recreational,
    });
    expect(again).toMatchObject({
      status: 409,
      body: {
        error: 'This email is already registered.',
        code: RegistrationErrorCode.alreadyRegistered,
      },
    });
  });
});

/** A verified sign-up link for the address, as if the e-mail's link had been opened. */
async function verifiedToken(
  db: TestApp['runtime']['db'],
  target: { email: string; competitionUic?: number; packageId?: number },
) {
  const token = newSecret();
  await db
    .insertInto('tokens')
    .values({
      tokenHash: hashSessionId(token),
      kind: 'email_verification',
      email: target.email,
      competitionUic: target.competitionUic ?? null,
      packageId: target.packageId ?? null,
      expiresAt: new Date(Date.now() + 60_000),
      verifiedAt: new Date(),
    })
    .execute();
  return token;
}

/** A club form that passes every rule: only what a test changes can make it fail. */
const clubForm = (fields: { token: string; packageId: number; email: string }) => ({
  ...fields,
  password: 'Club-start-line-1!',
  clubName: 'Moy Valley AC',
  address: 'Quay Road',
  city: 'Ballina',
  state: 'Mayo',
  zip: 'F26 X2Y3',
  country: 'Ireland',
  countryCode: '+353',
  phone: '096 12345',
  managerName: 'Seán Walsh',
  urlName: unique('moy-valley'),
  hardware: ['MANUAL'],
});

/** CPU time (user + system, all threads of this process) spent running `work`, in ms. */
async function cpuMs(work: () => Promise<unknown>): Promise<number> {
  const before = process.cpuUsage();
  await work();
  const used = process.cpuUsage(before);
  return (used.user + used.system) / 1000;
}

describe('club sign-up with a forged token', () => {
  it('is refused as an invalid link before the password is hashed', async () => {
    const recreational = await packageId(t.runtime.db, 'Recreational');
    const forged = (i: number) =>
      clubForm({ token: `forged-${i}`, packageId: recreational, email: `f${i}@club.ie` });
    // Warm both paths up, so neither measurement pays for loading code.
    await hashPassword('Club-start-line-1!');
    expect(await post('/api/register/club-admin', forged(0))).toMatchObject({
      status: 400,
      body: {
        error: 'Invalid or expired verification link.',
        code: RegistrationErrorCode.linkInvalid,
      },
    });

    // Work, not wall time: argon2 spends tens of milliseconds of a core per hash by design.
    // Twenty forged sign-ups (within one address's budget) must cost well under the twenty
    // hashes they would run if the password were hashed before the token is looked at.
    const count = 20;
    const hashes = await cpuMs(async () => {
      for (let i = 0; i < count; i++) await hashPassword(`Club-start-line-${i}!`);
    });
    const statuses: number[] = [];
    const forgedWork = await cpuMs(async () => {
      for (let i = 1; i <= count; i++) {
        statuses.push((await post('/api/register/club-admin', forged(i))).status);
      }
    });
    expect(statuses).toEqual(Array<number>(count).fill(400));
    expect(forgedWork).toBeLessThan(hashes / 2);
    const users = await t.runtime.db
      .selectFrom('users')
      .select('id')
      .where('email', 'in', ['f1@club.ie', `f${count}@club.ie`])
      .execute();
    expect(users).toEqual([]);
  });
});

describe('registration limits per address', () => {
  it('answers 429 with Retry-After and a clear message on every registration call once the budget is spent', async () => {
    // An app of its own: the budget is counted in the app's memory.
    const own = await startTestApp(behindProxy);
    try {
      const flooder = visitor(own, '203.0.113.7');
      const statuses: number[] = [];
      let limited: Response | undefined;
      for (let i = 0; i < 100 && !limited; i++) {
        const res = await flooder.fetch('/api/register/verify', {
          method: 'POST',
          json: { token: `guess-${i}` },
        });
        if (res.status === 429) limited = res;
        else statuses.push(res.status);
      }
      // Thirty a minute, then refused: a token guesser gets one try every two seconds.
      expect(statuses).toEqual(Array<number>(30).fill(400));
      if (!limited) throw new Error('never limited');
      expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
      expect(await limited.json()).toMatchObject({
        error:
          'Too many registration attempts from your network. Please wait a minute and try again.',
        code: RegistrationErrorCode.tooManyAttempts,
      });

      // One budget for every registration call: the other routes refuse this address too.
      const competition = await openCompetition(own.runtime.db);
      const recreational = await packageId(own.runtime.db, 'Recreational');
      const others = [
        flooder.post('/api/register/request-verification', {
          email: 'someone@example.ie',
          competitionUic: competition.uic,
        }),
        flooder.get('/api/register/verification-token-email?token=guess'),
        flooder.post('/api/register/personal-info', {
          competitionUic: competition.uic,
          token: 'guess',
          personalInfo,
        }),
        flooder.post(
          '/api/register/club-admin',
          clubForm({ token: 'guess', packageId: recreational, email: 'x@club.ie' }),
        ),
      ];
      for (const answer of await Promise.all(others)) {
        expect(answer).toMatchObject({
          status: 429,
          body: { code: RegistrationErrorCode.tooManyAttempts },
        });
      }

      // Per address: someone else signing up at the same time is not held back.
      const neighbour = visitor(own, '203.0.113.8');
      expect(await neighbour.post('/api/register/verify', { token: 'typo' })).toMatchObject({
        status: 400,
        body: { code: RegistrationErrorCode.linkInvalid },
      });
    } finally {
      await own.close();
    }
  });
});

describe('paid plans', () => {
  it('cannot be started: no link is sent and no club is created on them', async () => {
    const clubPlan = await packageId(t.runtime.db, 'Club');
    const email = `${unique('paid')}@club.ie`;
    const refusal = {
      status: 403,
      body: {
        error:
          'This plan is Coming Soon: only free plans can be started now. Pick the free plan to sign up.',
        code: RegistrationErrorCode.planComingSoon,
      },
    };
    expect(
      await post('/api/register/request-verification', { email, packageId: clubPlan }),
    ).toMatchObject(refusal);
    const mails = await t.runtime.db
      .selectFrom('outboxEmails')
      .select('id')
      .where('toAddress', '=', email)
      .execute();
    expect(mails).toEqual([]);

    // A link for the paid plan from before this rule (or made up) does not create the club.
    const token = await verifiedToken(t.runtime.db, { email, packageId: clubPlan });
    const form = clubForm({ token, packageId: clubPlan, email });
    expect(await post('/api/register/club-admin', form)).toMatchObject(refusal);
    const clubs = await t.runtime.db
      .selectFrom('clubs')
      .select('uic')
      .where('urlName', '=', form.urlName)
      .execute();
    expect(clubs).toEqual([]);
  });
});

describe('entries', () => {
  const closed = {
    status: 409,
    body: {
      error: 'Entries for this competition are closed. You can no longer register for it.',
      code: RegistrationErrorCode.entriesClosed,
    },
  };
  const clock = () => competitionClock(new Date());
  const dayBefore = (iso: string) =>
    new Date(Date.parse(`${iso}T12:00:00Z`) - 86_400_000).toISOString().slice(0, 10);

  it('close for a competition that is over, and at the closing time on its day', async () => {
    const club = await createClub(t.runtime.db);
    const over = await createCompetition(t.runtime.db, club.uic, {
      date: dayBefore(clock().date),
      closeTime: null,
    });
    const closedToday = await createCompetition(t.runtime.db, club.uic, {
      date: clock().date,
      closeTime: '0:00',
    });
    const openToday = await createCompetition(t.runtime.db, club.uic, {
      date: clock().date,
      startTime: '23:59',
      closeTime: '23:59',
    });
    const email = `${unique('late')}@example.ie`;
    for (const competition of [over, closedToday]) {
      expect(
        await post('/api/register/request-verification', {
          email,
          competitionUic: competition.uic,
        }),
      ).toMatchObject(closed);
    }
    expect(
      await post('/api/register/request-verification', { email, competitionUic: openToday.uic }),
    ).toEqual({ status: 200, body: { ok: true } });
  });

  it('refuse the details of a link asked for in time once entries have closed', async () => {
    const competition = await openCompetition();
    const email = `${unique('slow')}@example.ie`;
    await post('/api/register/request-verification', { email, competitionUic: competition.uic });
    const token = await linkTo(email);
    await post('/api/register/verify', { token });
    await t.runtime.db
      .updateTable('competitions')
      .set({ date: dayBefore(clock().date) })
      .where('uic', '=', competition.uic)
      .execute();
    expect(
      await post('/api/register/personal-info', {
        competitionUic: competition.uic,
        token,
        personalInfo,
      }),
    ).toMatchObject(closed);
    const rows = await t.runtime.db
      .selectFrom('registrations')
      .select('id')
      .where('email', '=', email)
      .execute();
    expect(rows).toEqual([]);
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import { bootstrapData } from '../../server/bootstrap.ts';
import { AdminInputError, createAdmin } from '../../server/auth/admins.ts';
import { verifyPassword } from '../../server/auth/password.ts';
import { hashSessionId, SESSION_COOKIE } from '../../server/auth/sessions.ts';
import { connectDatabase, type DatabaseHandle } from '../../server/db/connect.ts';
import { migrateToLatest } from '../../server/db/migrate.ts';
import { AdminSession } from '../../shared/schemas/session.ts';
import { startTestApp, type TestApp } from '../support/app.ts';

describe('first start', () => {
  let handle: DatabaseHandle;
  beforeAll(async () => {
    // Seeding needs an empty database, so this test has one of its own.
    handle = await connectDatabase({ kind: 'pglite', dataDir: undefined });
    await migrateToLatest(handle.db);
  }, 60_000);
  afterAll(() => handle.close());

  it('seeds plans only in production, then demo data once outside it', async () => {
    const db = handle.db;
    expect(await bootstrapData(db, false)).toEqual({ seeded: false });
    expect(await db.selectFrom('clubs').select('uic').execute()).toEqual([]);
    expect(await db.selectFrom('packages').select('name').execute()).toHaveLength(4);

    const first = await bootstrapData(db, true);
    expect(first.seeded).toBe(true);
    expect(first.demoLogin?.email).toBe('admin@rith.demo');
    const clubs = await db.selectFrom('clubs').select('uic').execute();
    expect(clubs.length).toBeGreaterThanOrEqual(3);

    const again = await bootstrapData(db, true);
    expect(again).toEqual({ seeded: false, demoLogin: first.demoLogin });
    expect(await db.selectFrom('clubs').select('uic').execute()).toHaveLength(clubs.length);
  }, 60_000);
});

describe('admin:create and the session check', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(() => t.close());

  const session = async (cookie?: string) => {
    const res = await fetch(`${t.url}/api/admin/session`, {
      headers: cookie ? { cookie: `${SESSION_COOKIE}=${cookie}` } : {},
    });
    return AdminSession.parse(await res.json());
  };

  it('creates an admin of a new club whose session reads as admin until logout', async () => {
    const email = `Coach-${randomUUID().slice(0, 8)}@Example.ie`;
    const urlName = `club-${randomUUID().slice(0, 8)}`;
    const created = await createAdmin(t.runtime.db, {
      email,
      password: 'Sprint-2026!',
      clubName: 'Tallaght Athletics Club',
      urlName,
    });
    expect(created.email).toBe(email.toLowerCase());

    const user = await t.runtime.db
      .selectFrom('users')
      .selectAll()
      .where('email', '=', email.toLowerCase())
      .executeTakeFirstOrThrow();
    expect(user.passwordHash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    expect(await verifyPassword(user.passwordHash, 'Sprint-2026!')).toBe(true);

    expect(await session()).toEqual({ isAdmin: false });
    expect(await session('forged')).toEqual({ isAdmin: false });

    const sessionId = randomUUID();
    await t.runtime.db
      .insertInto('sessions')
      .values({
        idHash: hashSessionId(sessionId),
        userId: user.id,
        expiresAt: new Date(Date.now() + 3_600_000),
      })
      .execute();
    expect(await session(sessionId)).toMatchObject({
      isAdmin: true,
      user: { email: email.toLowerCase() },
    });

    const logout = await fetch(`${t.url}/api/admin/logout`, {
      method: 'POST',
      headers: { cookie: `${SESSION_COOKIE}=${sessionId}` },
    });
    expect(logout.status).toBe(200);
    expect(await session(sessionId)).toEqual({ isAdmin: false });
  });

  it('reads an expired session as not logged in', async () => {
    const { uic } = await t.runtime.db
      .insertInto('clubs')
      .values({ clubName: 'Expired AC', urlName: null, email: null, imageLink: null })
      .returning('uic')
      .executeTakeFirstOrThrow();
    const user = await t.runtime.db
      .insertInto('users')
      .values({
        email: `old-${randomUUID()}@example.ie`,
        passwordHash: 'x',
        username: null,
        emailVerifiedAt: null,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await t.runtime.db
      .insertInto('clubMembers')
      .values({ userId: user.id, clubUic: uic })
      .execute();
    const sessionId = randomUUID();
    await t.runtime.db
      .insertInto('sessions')
      .values({
        idHash: hashSessionId(sessionId),
        userId: user.id,
        expiresAt: new Date(Date.now() - 1000),
      })
      .execute();
    expect(await session(sessionId)).toEqual({ isAdmin: false });
  });

  it.each([
    [{ email: 'not-an-email', password: 'Sprint-2026!' }, 'Invalid email'],
    [{ email: 'a@b.ie', password: 'weakpass' }, 'Password does not meet security requirements'],
  ])('refuses bad input and creates nothing', async (input, message) => {
    const before = await t.runtime.db.selectFrom('users').select('id').execute();
    await expect(createAdmin(t.runtime.db, { ...input, clubName: 'Nobody AC' })).rejects.toThrow(
      AdminInputError,
    );
    await expect(createAdmin(t.runtime.db, { ...input, clubName: 'Nobody AC' })).rejects.toThrow(
      message,
    );
    expect(await t.runtime.db.selectFrom('users').select('id').execute()).toHaveLength(
      before.length,
    );
  });
});

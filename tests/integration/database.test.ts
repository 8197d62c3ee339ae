import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { connectDatabase } from '../../server/db/connect.ts';
import { migrateToLatest } from '../../server/db/migrate.ts';
import { migrations } from '../../migrations/index.ts';
import { createClub, createCompetition, createEvent, unique } from '../support/factory.ts';
import { startTestApp, testDbKind, type TestApp } from '../support/app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

describe('transactions', () => {
  // PGlite has one connection: interleaved transactions once lost committed writes.
  it('keeps every committed increment under 50 concurrent transactions with rollbacks', async () => {
    const db = t.runtime.db;
    const club = await createClub(db);
    const competition = await createCompetition(db, club.uic);
    const results = await Promise.allSettled(
      Array.from({ length: 50 }, (_, i) =>
        db.transaction().execute(async (trx) => {
          await trx
            .updateTable('competitions')
            .set((eb) => ({ version: eb('version', '+', 1) }))
            .where('uic', '=', competition.uic)
            .execute();
          if (i % 6 === 0) throw new Error('roll back');
        }),
      ),
    );
    const committed = results.filter((r) => r.status === 'fulfilled').length;
    expect(committed).toBe(41);
    const row = await db
      .selectFrom('competitions')
      .select('version')
      .where('uic', '=', competition.uic)
      .executeTakeFirstOrThrow();
    expect(row.version).toBe(1 + committed);
  });
});

describe('constraints', () => {
  it('refuses a second club with the same url name', async () => {
    const db = t.runtime.db;
    const urlName = unique('same');
    await createClub(db, { urlName });
    await expect(createClub(db, { urlName })).rejects.toThrow(/unique|duplicate/i);
  });

  it('refuses a competition url name used twice in one club, and allows it in another', async () => {
    const db = t.runtime.db;
    const [a, b] = [await createClub(db), await createClub(db)];
    const urlName = unique('meet');
    await createCompetition(db, a.uic, { urlName });
    await expect(createCompetition(db, a.uic, { urlName })).rejects.toThrow(/unique|duplicate/i);
    await expect(createCompetition(db, b.uic, { urlName })).resolves.toBeTruthy();
  });

  it('refuses a url name with capitals or spaces', async () => {
    await expect(createClub(t.runtime.db, { urlName: 'Bad Name' })).rejects.toThrow(/check/i);
  });

  it('refuses an event status, round or type outside the enums', async () => {
    const db = t.runtime.db;
    const competition = await createCompetition(db, (await createClub(db)).uic);
    const event = await createEvent(db, competition.uic);
    for (const set of [{ status: 'done' }, { round: 'final' }, { eventType: 'THROW' }]) {
      await expect(
        db
          .updateTable('events')
          .set(set as never)
          .where('id', '=', event.id)
          .execute(),
      ).rejects.toThrow(/enum/i);
    }
  });

  it('refuses an event of an unknown competition', async () => {
    await expect(createEvent(t.runtime.db, 2_000_000_000)).rejects.toThrow(/foreign key/i);
  });

  it('deletes a competition with its events', async () => {
    const db = t.runtime.db;
    const competition = await createCompetition(db, (await createClub(db)).uic);
    const event = await createEvent(db, competition.uic);
    await db.deleteFrom('competitions').where('uic', '=', competition.uic).execute();
    const left = await db.selectFrom('events').select('id').where('id', '=', event.id).execute();
    expect(left).toEqual([]);
  });
});

describe('migrations', () => {
  it('lists every numbered file of migrations/ in the migration index', () => {
    const dir = fileURLToPath(new URL('../../migrations', import.meta.url));
    const files = fs
      .readdirSync(dir)
      .filter((f) => /^\d{4}_.+\.ts$/.test(f))
      .map((f) => f.replace(/\.ts$/, ''));
    expect(Object.keys(migrations).sort()).toEqual(files.sort());
  });

  it('creates every table of the architecture', async () => {
    const { rows } = await sql<{ tableName: string }>`
      select table_name from information_schema.tables where table_schema = current_schema()
    `.execute(t.runtime.db);
    expect(rows.map((r) => r.tableName)).toEqual(
      expect.arrayContaining([
        'clubs',
        'users',
        'club_members',
        'packages',
        'package_features',
        'competitions',
        'events',
        'uploads',
        'files',
        'sessions',
        'tokens',
        'registrations',
        'waiting_list',
        'outbox_emails',
      ]),
    );
  });
});

describe.runIf(testDbKind() === 'pglite')('embedded database on disk', () => {
  it('keeps its data across a restart', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'rith-pglite-'));
    try {
      const first = await connectDatabase({ kind: 'pglite', dataDir });
      await migrateToLatest(first.db);
      await createClub(first.db, { clubName: 'Persisted Harriers', urlName: 'persisted' });
      await first.close();

      const second = await connectDatabase({ kind: 'pglite', dataDir });
      expect(await migrateToLatest(second.db)).toEqual([]);
      const club = await second.db
        .selectFrom('clubs')
        .select('clubName')
        .where('urlName', '=', 'persisted')
        .executeTakeFirst();
      await second.close();
      expect(club?.clubName).toBe('Persisted Harriers');
    } finally {
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  }, 60_000);
});

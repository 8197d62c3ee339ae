import { describe, expect, it } from 'vitest';
import { Migrator } from 'kysely';
import { connectDatabase } from '../../server/db/connect.ts';
import { migrateToLatest } from '../../server/db/migrate.ts';
import { migrations } from '../../migrations/index.ts';
import { createClub, createCompetition } from '../support/factory.ts';
import { testDbKind } from '../support/app.ts';

// Events saved before issue 11 (one per FinishLynx event, round and heat or flight) get the
// keys the importer now finds them by: heats keep theirs (heat 0 read as 1), and the first
// flight of a field event becomes the event every later flight's file lands on.
describe.runIf(testDbKind() === 'pglite')('migration 0003 on events saved before it', () => {
  it('keys old heats and flights so new files find them', async () => {
    const { db, close } = await connectDatabase({ kind: 'pglite', dataDir: undefined });
    try {
      const migrator = new Migrator({ db, provider: { getMigrations: async () => migrations } });
      const { error } = await migrator.migrateTo('0002_upload_pipeline');
      expect(error).toBeUndefined();
      const club = await createClub(db);
      const competition = await createCompetition(db, club.uic);
      const old = (name: string, type: 'ATHLETICS' | 'JUMP', key: [string, string, string]) =>
        db
          .insertInto('events')
          .values({
            competitionUic: competition.uic,
            eventName: name,
            eventType: type,
            lynxEventNumber: key[0],
            lynxRound: key[1],
            lynxHeat: key[2],
          })
          .execute();
      await old('Men 100m', 'ATHLETICS', ['1', '1', '1']);
      await old('Men 100m', 'ATHLETICS', ['1', '1', '2']);
      await old('Women 1500m', 'ATHLETICS', ['3', '3', '0']);
      await old('Men Shot Put', 'JUMP', ['38', '1', '2']);
      await old('Men Shot Put', 'JUMP', ['38', '1', '1']);
      await migrateToLatest(db);
      const rows = await db
        .selectFrom('events')
        .select(['eventName', 'lynxHeat', 'lynxUnit', 'lynxRace', 'lynxFamily'])
        .orderBy('eventName')
        .orderBy('lynxHeat')
        .execute();
      expect(rows).toEqual([
        {
          eventName: 'Men 100m',
          lynxHeat: '1',
          lynxUnit: 'n:1|r:1|h:1',
          lynxRace: 'n:1|r:1',
          lynxFamily: 'n:1',
        },
        {
          eventName: 'Men 100m',
          lynxHeat: '2',
          lynxUnit: 'n:1|r:1|h:2',
          lynxRace: 'n:1|r:1',
          lynxFamily: 'n:1',
        },
        {
          eventName: 'Men Shot Put',
          lynxHeat: '1',
          lynxUnit: 'n:38|r:1',
          lynxRace: 'n:38|r:1',
          lynxFamily: 'n:38',
        },
        {
          eventName: 'Men Shot Put',
          lynxHeat: '2',
          lynxUnit: 'n:38|r:1|h:2',
          lynxRace: 'n:38|r:1',
          lynxFamily: 'n:38',
        },
        {
          eventName: 'Women 1500m',
          lynxHeat: '0',
          lynxUnit: 'n:3|r:3|h:1',
          lynxRace: 'n:3|r:3',
          lynxFamily: 'n:3',
        },
      ]);
    } finally {
      await close();
    }
  }, 60_000);
});

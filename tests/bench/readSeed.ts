// bench:read's data, in a process of its own before the server starts: the database named
// by the environment (DATA_DIR or DATABASE_URL, as `npm start` reads them) is migrated and
// seeded with a meet, and the ids the bench reads are printed as one line of JSON.
import { loadConfig } from '../../server/config.ts';
import { connectDatabase, type Db } from '../../server/db/connect.ts';
import { migrateToLatest } from '../../server/db/migrate.ts';
import { ensurePricePlans } from '../../server/pricing/plans.ts';
import { athlete, createClub, createCompetition, createEvent } from '../support/factory.ts';

export interface ReadFixture {
  competitionUic: number;
  clubUic: number;
  eventId: string;
}

const FIRST = ['Aoife', 'Cian', 'Saoirse', 'Darragh', 'Niamh', 'Oisín', 'Ciara', 'Eoin'];
const LAST = ['Murphy', 'Kelly', "O'Sullivan", 'Walsh', 'Byrne', 'Ryan', 'Doyle', 'McCarthy'];
const CLUBS = ['Clonliffe Harriers', 'Dundrum South Dublin AC', 'Leevale AC', 'Ferrybank AC'];

/**
 * A meet as spectators see one: a club, a live competition with a timetable of 30 events, one
 * of them an official final of 48 result rows (a combined heat sheet), and 24 other clubs with
 * a past and an upcoming competition each, so the lists are of a realistic size.
 */
async function seed(db: Db): Promise<ReadFixture> {
  const club = await createClub(db, { clubName: 'Rith Bench AC', urlName: 'rith-bench-ac' });
  const competition = await createCompetition(db, club.uic, {
    competitionName: 'Rith Bench Open',
    urlName: 'bench-open',
    liveNow: true,
    description: 'Open track and field meet, all age groups.',
    timedBy: 'Rith Timing',
  });
  for (let i = 0; i < 30; i += 1) {
    await createEvent(db, competition.uic, {
      eventName: `Event ${i + 1}`,
      time: `${10 + Math.floor(i / 4)}:${String((i % 4) * 15).padStart(2, '0')}`,
    });
  }
  const results = Array.from({ length: 48 }, (_, i) =>
    athlete({
      name: `${FIRST[i % FIRST.length]} ${LAST[(i * 3) % LAST.length]}`,
      rank: String(i + 1),
      bib: String(200 + i),
      lane: String((i % 8) + 1),
      club: CLUBS[i % CLUBS.length]!,
      category: i % 2 === 0 ? 'Senior Men' : 'M35',
      performance: (10.42 + i * 0.07).toFixed(2),
      points: String(1000 - i * 9),
    }),
  );
  const event = await createEvent(db, competition.uic, {
    eventName: '100m Men Final',
    status: 'official',
    round: 'finals',
    windSpeed: '+1.4',
    results,
  });
  for (let c = 0; c < 24; c += 1) {
    const other = await createClub(db, { clubName: `Bench Club ${c + 1}` });
    await createCompetition(db, other.uic, { date: '2025-06-14' });
    await createCompetition(db, other.uic, { date: '2099-06-14' });
  }
  return { competitionUic: competition.uic, clubUic: club.uic, eventId: event.id };
}

const database = await connectDatabase(loadConfig().database);
try {
  await migrateToLatest(database.db);
  await ensurePricePlans(database.db);
  console.log(JSON.stringify(await seed(database.db)));
} finally {
  await database.close();
}

import { randomUUID } from 'node:crypto';
import type { Db } from '../../server/db/connect.ts';
import type { NewClub, NewCompetition, NewEvent } from '../../server/db/types.ts';
import type { AthleteRow } from '../../shared/schemas/athlete.ts';
import { athleteRow } from '../../server/parsers/athleteRow.ts';
import { MAX_EVENT_ROWS } from '../../shared/rowCap.ts';
import { forgetCachedReads } from './cachedReads.ts';

let counter = 0;
/** Unique per test process and per call, so tests sharing a database never collide. */
export function unique(prefix: string): string {
  counter += 1;
  return `${prefix}-${process.pid}-${counter}-${randomUUID().slice(0, 6)}`;
}

export async function createClub(db: Db, values: Partial<NewClub> = {}) {
  const club = await db
    .insertInto('clubs')
    .values({
      clubName: unique('Test Club'),
      urlName: unique('club'),
      email: 'club@example.ie',
      imageLink: null,
      ...values,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
  forgetCachedReads(db);
  return club;
}

export async function createCompetition(
  db: Db,
  clubUic: number,
  values: Partial<NewCompetition> = {},
) {
  const competition = await db
    .insertInto('competitions')
    .values({
      clubUic,
      competitionName: unique('Test Open'),
      urlName: unique('open'),
      location: 'Morton Stadium, Santry',
      date: new Date().toISOString().slice(0, 10),
      startTime: '10:00',
      imageLink: null,
      closeTime: null,
      description: null,
      mapLink: null,
      facebook: null,
      timedBy: null,
      timedByLink: null,
      timeTableFileName: null,
      imageFileId: null,
      ...values,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
  forgetCachedReads(db);
  return competition;
}

/** A result or start-list row: the shared builder, under the name the tests read best. */
export { athleteRow as athlete } from '../../server/parsers/athleteRow.ts';

/** A full field (MAX_EVENT_ROWS rows) with long names: about 560 KB of an event's JSON. */
export const paddedField = (tag: string | number): AthleteRow[] =>
  Array.from({ length: MAX_EVENT_ROWS }, (_, i) =>
    athleteRow({ name: `Runner ${tag}-${i} ${'x'.repeat(200)}`, rank: String(i + 1) }),
  );

export async function createEvent(
  db: Db,
  competitionUic: number,
  values: Partial<Omit<NewEvent, 'results' | 'startListFile'>> & {
    results?: AthleteRow[];
    startListFile?: AthleteRow[];
  } = {},
) {
  const { results = [], startListFile = [], ...rest } = values;
  const event = await db
    .insertInto('events')
    .values({
      competitionUic,
      eventName: unique('Event'),
      eventType: 'ATHLETICS',
      trackDiscipline: 'ONE_HUNDRED_METER',
      fieldDiscipline: null,
      time: '10:30',
      windSpeed: null,
      resultsFileName: null,
      startListFileName: null,
      pdfFileId: null,
      pdfLink: null,
      ...rest,
      results: JSON.stringify(results),
      startListFile: JSON.stringify(startListFile),
    })
    .returningAll()
    .executeTakeFirstOrThrow();
  forgetCachedReads(db);
  return event;
}

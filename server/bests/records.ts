import type { Db } from '../db/connect.ts';
import type { SessionUser } from '../auth/sessions.ts';
import { ownedCompetition } from '../auth/scope.ts';
import { Invalid } from '../errors.ts';
import { sexOf } from '../../shared/athletes/person.ts';
import { readMark } from '../../shared/athletics/bests/marks.ts';
import type { RecordInput, RecordList } from '../../shared/schemas/athleteProfile.ts';
import { bestsEventOf } from './discipline.ts';

/** A record as stored: its event and mark read as results are. */
function stored(input: RecordInput, at: number) {
  const where = `Record ${at + 1} (${input.type} ${input.eventName})`;
  const kind = bestsEventOf({
    eventName: input.eventName,
    trackDiscipline: null,
    fieldDiscipline: null,
  });
  if (!kind) throw new Invalid(`${where}: Rith does not keep records in this event.`);
  const sex = sexOf(input.gender, input.eventName);
  if (!sex) throw new Invalid(`${where}: the gender must be men or women.`);
  const mark = readMark(input.mark, kind);
  if (!mark) throw new Invalid(`${where}: "${input.mark}" is not a mark in this event.`);
  return {
    type: input.type,
    eventName: input.eventName,
    eventKey: kind.key,
    sex,
    mark: mark.value,
    markText: mark.text,
    holder: input.holder,
    date: input.date,
    clubWide: input.clubWide,
  };
}

/**
 * PUT /api/admin/competitions/{uic}/records: the competition's records lists, and its club's
 * (clubWide), replaced by what is sent. Every record is read first: one that is not a record
 * changes nothing.
 */
export async function setRecords(
  db: Db,
  user: SessionUser,
  competitionUic: number,
  records: readonly RecordInput[],
): Promise<RecordList> {
  const competition = await ownedCompetition(db, user, competitionUic);
  const rows = records.map(stored);
  await db.transaction().execute(async (trx) => {
    await trx
      .deleteFrom('records')
      .where('clubUic', '=', competition.clubUic)
      .where((eb) =>
        eb.or([eb('competitionUic', '=', competitionUic), eb('competitionUic', 'is', null)]),
      )
      .execute();
    const values = rows.map(({ clubWide, ...row }) => ({
      ...row,
      clubUic: competition.clubUic,
      competitionUic: clubWide ? null : competitionUic,
    }));
    for (let i = 0; i < values.length; i += 500) {
      await trx
        .insertInto('records')
        .values(values.slice(i, i + 500))
        .execute();
    }
  });
  return recordsList(db, user, competitionUic);
}

/** GET /api/admin/competitions/{uic}/records. */
export async function recordsList(
  db: Db,
  user: SessionUser,
  competitionUic: number,
): Promise<RecordList> {
  const competition = await ownedCompetition(db, user, competitionUic);
  const rows = await db
    .selectFrom('records')
    .selectAll()
    .where('clubUic', '=', competition.clubUic)
    .where((eb) =>
      eb.or([eb('competitionUic', '=', competitionUic), eb('competitionUic', 'is', null)]),
    )
    .orderBy('id')
    .execute();
  return {
    records: rows.map((row) => ({
      type: row.type,
      eventName: row.eventName,
      event:
        bestsEventOf({ eventName: row.eventName, trackDiscipline: null, fieldDiscipline: null })
          ?.label ?? row.eventName,
      gender: row.sex,
      mark: row.markText,
      holder: row.holder,
      date: row.date,
      clubWide: row.competitionUic === null,
    })),
  };
}

import { sql } from 'kysely';
import type { Db } from '../db/connect.ts';
import type { ChangeDeps } from '../runtime.ts';
import type { LiveMessage } from '../../shared/live/messages.ts';
import type { AthleteRow } from '../../shared/schemas/athlete.ts';
import type { FileType } from '../../shared/domain.ts';
import type { ParsedEvent, Person, TimetableEntry } from '../../shared/parsers/types.ts';
import type { ParseOutput } from '../../shared/parsers/upload.ts';
import { successMessage } from '../../shared/uploadRules.ts';
import { commitThenPublish } from '../live/commit.ts';
import { eventMessage } from '../events/service.ts';
import type { EventsTable } from '../db/types.ts';
import type { Updateable } from 'kysely';

type EventFields = Updateable<EventsTable>;
import { isPublicEvent } from '../events/queries.ts';
import { competitionMessage } from '../competitions/service.ts';
import { findPublicCompetition } from '../competitions/queries.ts';
import { statusMessage, type UploadRow } from './queries.ts';
import { clubPlan } from '../pricing/gating.ts';
import { RESULTS_TYPE_LOCKED, START_LIST_TYPE_LOCKED } from '../events/admin.ts';
import type { EventStatus } from '../../shared/domain.ts';

type Parsed = Extract<ParseOutput, { ok: true }>;

const json = (rows: unknown) => JSON.stringify(rows);

/** Saves an event change and returns what spectators are told of it. */
async function saveEvent(trx: Db, id: string, set: EventFields): Promise<LiveMessage | null> {
  const wasPublic = await isPublicEvent(trx, id);
  const saved = await trx
    .updateTable('events')
    .set({ ...set, version: sql<number>`version + 1`, updatedAt: sql`now()` })
    .where('id', '=', id)
    .returning(['id', 'competitionUic', 'version'])
    .executeTakeFirstOrThrow();
  return eventMessage(trx, saved, wasPublic);
}

/**
 * Results from a file: XML is preliminary (unofficial), a spreadsheet or FinishLynx file
 * official; an event still marked imported (edit required) or scratched keeps that status.
 * The file's wind is kept only on plans with wind speed.
 */
function resultsFields(
  event: ParsedEvent,
  target: {
    fileName: string;
    fileType: FileType;
    xml: boolean;
    status: EventStatus;
    wind: boolean;
  },
): EventFields {
  const keep = target.status === 'imported' || target.status === 'scratched';
  return {
    results: json(event.rows),
    resultsFileName: target.fileName,
    resultsFileType: target.fileType,
    ...(keep ? {} : { status: target.xml ? ('unofficial' as const) : ('official' as const) }),
    ...(event.wind !== null && target.wind ? { windSpeed: event.wind } : {}),
  };
}

/** The event an upload writes to, locked, with what decides how it may be written. */
async function lockedEvent(trx: Db, id: string) {
  return trx
    .selectFrom('events')
    .select(['id', 'status', 'results', 'resultsFileType', 'startListFile', 'startListType'])
    .where('id', '=', id)
    .forUpdate()
    .executeTakeFirstOrThrow();
}

function startListFields(event: ParsedEvent, fileName: string, fileType: FileType) {
  return { startListFile: json(event.rows), startListFileName: fileName, startListType: fileType };
}

/** A start list that names athletes by bib only takes their names from lynx.ppl. */
function withPeople(rows: AthleteRow[], people: Person[]): AthleteRow[] {
  if (people.length === 0) return rows;
  const byBib = new Map(people.map((p) => [p.bib, p]));
  return rows.map((row) => {
    const person = row.bib ? byBib.get(row.bib) : undefined;
    if (!person || row.name.trim()) return row;
    return {
      ...row,
      name: `${person.firstName} ${person.lastName}`.trim(),
      club: row.club ?? person.club,
    };
  });
}

/** The event FinishLynx calls event/round/heat in this competition, created from the header if new. */
async function lynxEvent(trx: Db, competitionUic: number, parsed: ParsedEvent) {
  const key = parsed.key!;
  const found = await trx
    .selectFrom('events')
    .select('id')
    .where('competitionUic', '=', competitionUic)
    .where('lynxEventNumber', '=', key.eventNumber)
    .where('lynxRound', '=', key.round)
    .where('lynxHeat', '=', key.heat)
    .forUpdate()
    .executeTakeFirst();
  if (found) return { id: found.id, created: false };
  const created = await trx
    .insertInto('events')
    .values({
      competitionUic,
      eventName: parsed.eventName,
      eventType: parsed.eventType,
      trackDiscipline: parsed.trackDiscipline,
      fieldDiscipline: parsed.fieldDiscipline,
      round: parsed.round,
      // Round or discipline unknown: the admin must look at it (spec section 4).
      status: parsed.round === 'unknown' ? 'imported' : 'upcoming',
      lynxEventNumber: key.eventNumber,
      lynxRound: key.round,
      lynxHeat: key.heat,
      time: null,
      windSpeed: null,
      resultsFileName: null,
      startListFileName: null,
      pdfFileId: null,
      pdfLink: null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return { id: created.id, created: true };
}

async function applyTimetable(
  trx: Db,
  upload: UploadRow,
  entries: TimetableEntry[],
  fileName: string,
): Promise<LiveMessage[]> {
  const uic = upload.competitionUic!;
  const messages: LiveMessage[] = [];
  const seen = new Map<string, number>();
  for (const entry of entries) {
    const imported =
      entry.round === 'unknown' ||
      !entry.eventType ||
      (entry.eventType === 'JUMP' ? !entry.fieldDiscipline : !entry.trackDiscipline);
    const fields = {
      time: entry.time,
      eventType: entry.eventType ?? 'ATHLETICS',
      trackDiscipline: entry.eventType === 'JUMP' ? null : entry.trackDiscipline,
      fieldDiscipline: entry.eventType === 'JUMP' ? entry.fieldDiscipline : null,
    };
    // The line as the file wrote it (the nth of the same name and round), so the same
    // timetable finds its events again even after the admin edited their name or round.
    const base = `${entry.eventName.trim().toLowerCase()}|${entry.round}`;
    const nth = (seen.get(base) ?? 0) + 1;
    seen.set(base, nth);
    const timetableKey = `${base}|${nth}`;
    const existing = await trx
      .selectFrom('events')
      .select('id')
      .where('competitionUic', '=', uic)
      .where('timetableKey', '=', timetableKey)
      .forUpdate()
      .executeTakeFirst();
    if (existing) {
      // Only the schedule follows the file; what the admin edited since stays.
      const m = await saveEvent(trx, existing.id, { time: entry.time });
      if (m) messages.push(m);
      continue;
    }
    const created = await trx
      .insertInto('events')
      .values({
        ...fields,
        competitionUic: uic,
        eventName: entry.eventName,
        round: entry.round,
        status: imported ? 'imported' : 'upcoming',
        autoCreatedFromTimetable: true,
        timetableKey,
        windSpeed: null,
        resultsFileName: null,
        startListFileName: null,
        pdfFileId: null,
        pdfLink: null,
      })
      .returning(['id', 'competitionUic', 'version'])
      .executeTakeFirstOrThrow();
    const m = await eventMessage(trx, created, false);
    if (m) messages.push(m);
  }
  const before = await findPublicCompetition(trx, uic);
  const saved = await trx
    .updateTable('competitions')
    .set({
      timeTableType: upload.fileType,
      timeTableFileName: fileName,
      timeTableFile: json(entries),
      version: sql<number>`version + 1`,
      updatedAt: sql`now()`,
    })
    .where('uic', '=', uic)
    .returning(['uic', 'clubUic', 'version'])
    .executeTakeFirstOrThrow();
  const m = await competitionMessage(trx, saved, before);
  if (m) messages.push(m);
  return messages;
}

async function applyParsed(
  trx: Db,
  upload: UploadRow,
  output: Parsed,
  fileNames: string[],
): Promise<LiveMessage[] | string> {
  const fileName = fileNames[0] ?? 'upload';
  const wind = (await clubPlan(trx, upload.clubUic)).aliases.has('wind_speed');
  const messages: LiveMessage[] = [];
  const push = (m: LiveMessage | null) => {
    if (m) messages.push(m);
  };
  switch (output.target) {
    case 'results': {
      const stored = await lockedEvent(trx, upload.eventId!);
      // Checked again here: another upload may have saved a file of the other type since.
      if (stored.results.length > 0 && stored.resultsFileType !== upload.fileType) {
        return RESULTS_TYPE_LOCKED;
      }
      const fields = resultsFields(output.events[0]!, {
        fileName,
        fileType: upload.fileType,
        xml: output.format === 'xml',
        status: stored.status,
        wind,
      });
      push(await saveEvent(trx, upload.eventId!, fields));
      break;
    }
    case 'start_list': {
      const stored = await lockedEvent(trx, upload.eventId!);
      if (stored.startListFile.length > 0 && stored.startListType !== upload.fileType) {
        return START_LIST_TYPE_LOCKED;
      }
      const fields = startListFields(output.events[0]!, fileName, upload.fileType);
      push(await saveEvent(trx, upload.eventId!, fields));
      break;
    }
    case 'timetable':
      messages.push(...(await applyTimetable(trx, upload, output.entries, fileName)));
      break;
    case 'lynx_batch': {
      const uic = upload.competitionUic!;
      for (const parsed of output.startLists) {
        const { id } = await lynxEvent(trx, uic, parsed);
        const rows = withPeople(parsed.rows, output.people);
        push(
          await saveEvent(
            trx,
            id,
            startListFields({ ...parsed, rows }, 'lynx.evt', 'LYNX_MEET_MANAGMENT'),
          ),
        );
      }
      for (const [i, parsed] of output.results.entries()) {
        const { id } = await lynxEvent(trx, uic, parsed);
        const stored = await lockedEvent(trx, id);
        const name = fileNames.filter((n) => /\.(lif|lff)$/i.test(n))[i] ?? fileName;
        const fields = resultsFields(parsed, {
          fileName: name,
          fileType: 'LYNX_MEET_MANAGMENT',
          xml: false,
          status: stored.status,
          wind,
        });
        push(await saveEvent(trx, id, fields));
      }
      break;
    }
  }
  return messages;
}

/**
 * Applies a parse in one transaction: the event rows, their versions and the upload's
 * status all commit together or not at all, so spectators never see a half-written event.
 * An upload already published (a job delivered twice) changes nothing.
 */
export async function applyUpload(
  deps: ChangeDeps,
  uploadId: string,
  output: Parsed,
  fileNames: string[],
): Promise<string | null> {
  return commitThenPublish(deps, async (trx) => {
    const upload = await trx
      .selectFrom('uploads')
      .selectAll()
      .where('id', '=', uploadId)
      .forUpdate()
      .executeTakeFirst();
    if (!upload || upload.status === 'published' || upload.status === 'failed') {
      return { result: null, message: null };
    }
    const messages = await applyParsed(trx, upload, output, fileNames);
    // A rule refused the change: nothing was written, and the upload fails with the reason.
    if (typeof messages === 'string') return { result: messages, message: null };
    const message = successMessage(output.target, output.format);
    await trx
      .updateTable('uploads')
      .set({ status: 'published', message, updatedAt: sql`now()` })
      .where('id', '=', uploadId)
      .execute();
    messages.push(statusMessage(upload, 'published', message));
    return { result: null, message: messages };
  });
}

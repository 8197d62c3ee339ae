import { isDeepStrictEqual } from 'node:util';
import type { ChangeDeps } from '../runtime.ts';
import type { Db } from '../db/connect.ts';
import type { SessionUser } from '../auth/sessions.ts';
import type { AdminEvent, EventInput } from '../../shared/schemas/admin.ts';
import type { AthleteRow } from '../../shared/schemas/athlete.ts';
import { STATUS_WITHOUT_RESULTS, typeLockRefusal } from '../../shared/uploadRules.ts';
import { ownedCompetition, ownedEvent } from '../auth/scope.ts';
import { Invalid, NotFound } from '../errors.ts';
import { clubPlan, requireFeature } from '../pricing/gating.ts';
import { deleteFile, insertFile } from '../files/queries.ts';
import type { Upload } from '../files/upload.ts';
import { findAdminEvent } from './adminQueries.ts';
import { createEvent, deleteEvent, updateEvent, type EventFields } from './service.ts';

export const EVENT_ID_TAKEN = 'An event with this id already exists.';

type Stored = Awaited<ReturnType<typeof ownedEvent>>;

/**
 * The form's fields as columns, with the event rules: only the chosen type's
 * discipline is kept, and a results file or start list whose type goes back to NONE is
 * deleted; deleting the results file puts the event back to upcoming.
 */
function columns(input: EventInput, stored: Stored | undefined): EventFields {
  const { id: _id, eventType, results, startListFile, progress: _opened, ...rest } = input;
  const fields: EventFields = {
    ...rest,
    eventType: eventType ?? 'ATHLETICS',
    round: input.round ?? 'unknown',
    trackDiscipline: eventType === 'ATHLETICS' ? input.trackDiscipline : null,
    fieldDiscipline: eventType === 'JUMP' ? input.fieldDiscipline : null,
    windSpeed: input.windSpeed ?? null,
    resultsFileName: input.resultsFileName ?? null,
    startListFileName: input.startListFileName ?? null,
  };
  if (input.resultsFileType === 'NONE') {
    fields.results = [];
    fields.resultsFileName = null;
    if (stored && stored.results.length > 0) fields.status = STATUS_WITHOUT_RESULTS;
  } else if (results !== undefined) {
    fields.results = results;
  }
  if (input.startListType === 'NONE') {
    fields.startListFile = [];
    fields.startListFileName = null;
  } else if (startListFile !== undefined) {
    fields.startListFile = startListFile;
  }
  return fields;
}

/**
 * A timing file's results that are in only in part wait as unofficial lines (shared/meet/
 * completeness.ts); the admin's form shows them as the event's results (adminQueries.ts). A
 * save that sends them back as they were keeps them waiting, one that makes the event official
 * makes them its results (the admin takes the heat as it is), and one that changes them saves
 * the admin's rows: never lost to an edit of the name or the time.
 */
function heldResults(input: EventInput, stored: Stored): EventFields {
  if (input.resultsFileType === 'NONE') return {};
  if (stored.progress === null) return settledMeanwhile(input, stored);
  if (!sameRows(input.results, stored.live?.rows ?? [])) return {};
  return input.status === 'official'
    ? { results: stored.live?.rows ?? [], live: null, progress: null }
    : { results: undefined };
}

/**
 * The form opened on a heat held in part, which the sweep settled Official (server/events/
 * settle.ts) before the save: the status the form sent back was the held heat's, not the
 * admin's choice, so the heat stays Official.
 */
function settledMeanwhile(input: EventInput, stored: Stored): EventFields {
  const wasHeld = input.progress !== null && input.progress !== undefined;
  return wasHeld &&
    stored.status === 'official' &&
    input.status === 'unofficial' &&
    sameRows(input.results, stored.results)
    ? { status: undefined }
    : {};
}

/** What Rith adds to rows as they land (server/bests/): no part of what the admin sent. */
const asSent = (rows: readonly AthleteRow[]) =>
  rows.map(({ athleteId: _id, flags: _flags, records: _records, ...row }) =>
    JSON.parse(JSON.stringify(row)),
  );

const sameRows = (sent: EventInput['results'], rows: Stored['results']) =>
  sent === undefined || isDeepStrictEqual(asSent(sent), asSent(rows));

/** Once a file is saved, its type stays until the file is deleted. */
function checkTypeLocks(input: EventInput, stored: Stored): void {
  const refusal =
    typeLockRefusal(
      'results',
      { rows: stored.results.length, type: stored.resultsFileType },
      input.resultsFileType,
    ) ??
    typeLockRefusal(
      'start_list',
      { rows: stored.startListFile.length, type: stored.startListType },
      input.startListType,
    );
  if (refusal) throw new Invalid(refusal);
}

async function reread(db: Db, user: SessionUser, id: string): Promise<AdminEvent> {
  const event = await findAdminEvent(db, user.clubUics, id);
  if (!event) throw new NotFound('Event not found');
  return event;
}

export async function createAdminEvent(
  deps: ChangeDeps,
  user: SessionUser,
  competitionUic: number,
  input: EventInput,
): Promise<AdminEvent> {
  const competition = await ownedCompetition(deps.db, user, competitionUic);
  if (input.windSpeed) requireFeature(await clubPlan(deps.db, competition.clubUic), 'wind_speed');
  const saved = await createEvent(deps, competitionUic, async (trx) => {
    if (input.id) {
      const taken = await trx
        .selectFrom('events')
        .select('id')
        .where('id', '=', input.id)
        .executeTakeFirst();
      if (taken) throw new Invalid(EVENT_ID_TAKEN);
    }
    const fields = columns(input, undefined);
    return {
      ...fields,
      eventName: input.eventName,
      eventType: fields.eventType ?? 'ATHLETICS',
      ...(input.id ? { id: input.id } : {}),
    };
  });
  return reread(deps.db, user, saved.id);
}

export async function updateAdminEvent(
  deps: ChangeDeps,
  user: SessionUser,
  id: string,
  input: EventInput,
): Promise<AdminEvent> {
  const stored = await ownedEvent(deps.db, user, id);
  const wind = input.windSpeed ?? null;
  if (wind !== null && wind !== stored.windSpeed) {
    requireFeature(await clubPlan(deps.db, stored.clubUic), 'wind_speed');
  }
  checkTypeLocks(input, stored);
  const fields = { ...columns(input, stored), ...heldResults(input, stored) };
  // A round the admin chose is theirs: the meet's files no longer decide it.
  if (fields.round !== stored.round) fields.roundLocked = true;
  await updateEvent(deps, id, fields);
  return reread(deps.db, user, id);
}

export async function deleteAdminEvent(
  deps: ChangeDeps,
  user: SessionUser,
  id: string,
): Promise<void> {
  const stored = await ownedEvent(deps.db, user, id);
  await deleteEvent(deps, id);
  await deleteFile(deps.db, stored.pdfFileId);
}

/** Stores the new PDF (or none) and drops the old file, in the change that publishes it. */
async function swapPdf(deps: ChangeDeps, id: string, upload: Upload | null): Promise<void> {
  await updateEvent(deps, id, async (trx) => {
    const old = await trx
      .selectFrom('events')
      .select('pdfFileId')
      .where('id', '=', id)
      .forUpdate()
      .executeTakeFirstOrThrow();
    const file = upload ? await insertFile(trx, upload) : null;
    await deleteFile(trx, old.pdfFileId);
    return { pdfLink: file?.link ?? null, pdfFileId: file?.id ?? null };
  });
}

export async function setEventPdf(
  deps: ChangeDeps,
  user: SessionUser,
  id: string,
  readFile: () => Promise<Upload>,
): Promise<AdminEvent> {
  const stored = await ownedEvent(deps.db, user, id);
  requireFeature(await clubPlan(deps.db, stored.clubUic), 'head_on_camera_image');
  // Read only once the user may store it: a refused upload is not even received.
  await swapPdf(deps, id, await readFile());
  return reread(deps.db, user, id);
}

export async function removeEventPdf(
  deps: ChangeDeps,
  user: SessionUser,
  id: string,
): Promise<AdminEvent> {
  await ownedEvent(deps.db, user, id);
  await swapPdf(deps, id, null);
  return reread(deps.db, user, id);
}

import type { FileType } from '../../shared/domain.ts';
import type { ParsedEvent } from '../parsers/types.ts';
import type { AthleteRow } from '../../shared/schemas/athlete.ts';
import { rankFlights } from '../athletics/fieldRanking.ts';
import { typeLockRefusal, type UploadFormat } from '../../shared/uploadRules.ts';
import { NOTHING_APPLIED, rowCapRefusal } from '../../shared/rowCap.ts';
import type { EventChanges } from './changes.ts';
import type { EventFields } from './columns.ts';
import { raceIdentity } from './lynx/identity.ts';
import { lockedEvent, type StoredEvent } from './lynx/queries.ts';
import {
  fileResults,
  placeResults,
  scheduleTime,
  withFlight,
  type RaceOutcome,
} from './lynx/races.ts';
import { present } from '../../shared/present.ts';

/** A results file or start list the admin sent to one event from its dialog. */
export interface EventFile {
  contents: 'results' | 'start_list';
  events: ParsedEvent[];
  fileName: string;
  fileType: Exclude<FileType, 'NONE'>;
  format: UploadFormat;
  windAllowed: boolean;
}

/**
 * The parts of the file that are this event: a lynx.evt lists the whole meet, so the race
 * (or every flight) FinishLynx numbers as this event when there is one, else the first.
 */
function partsFor(stored: StoredEvent, events: ParsedEvent[]): ParsedEvent[] {
  const own = events.filter(
    (e) =>
      e.key !== null &&
      stored.lynxUnit !== null &&
      raceIdentity({ ...e, key: e.key }).unit === stored.lynxUnit,
  );
  return own.length > 0 ? own : events.slice(0, 1);
}

/** The rows to store: a field event's flights each replace their own rows; anything else all. */
function rowsFor(stored: StoredEvent, parts: ParsedEvent[], held: AthleteRow[]): AthleteRow[] {
  if (stored.eventType !== 'JUMP' || parts.some((p) => p.key === null)) {
    return parts.flatMap((p) => p.rows);
  }
  return parts.reduce((rows, part) => {
    const flight =
      raceIdentity({ ...part, key: present(part.key, "the flight's key"), eventType: 'JUMP' })
        .flight ?? 1;
    return withFlight(rows, flight, part.rows);
  }, held);
}

/**
 * Saves a file the admin chose for this event (the admin decides where it goes, so no name is
 * checked). Type locks are checked again here: another upload may have saved a file of the
 * other type since it was accepted. Results from XML are preliminary (unofficial), from a
 * spreadsheet or FinishLynx file official; imported and scratched events keep their status.
 */
export async function saveEventFile(
  changes: EventChanges,
  eventId: string,
  file: EventFile,
): Promise<RaceOutcome> {
  const stored = await lockedEvent(changes.trx, eventId);
  const results = file.contents === 'results';
  const refusal = typeLockRefusal(
    file.contents,
    results
      ? { rows: stored.results.length, type: stored.resultsFileType }
      : { rows: stored.startListFile.length, type: stored.startListType },
    file.fileType,
  );
  if (refusal) return { ok: false, reason: refusal };
  const parts = partsFor(stored, file.events);
  const first = parts[0];
  // A flight's file joins the flights already in, held in part or not.
  const rows = rowsFor(stored, parts, results ? fileResults(stored) : stored.startListFile);
  // The file's flights add up to more than the event may hold: none of it is written.
  const tooMany = rowCapRefusal(rows.length, `the event "${stored.eventName}"`);
  if (tooMany !== null) return { ok: false, reason: `${tooMany} ${NOTHING_APPLIED}` };
  const fields: EventFields = {};
  if (results) {
    const vertical = rows.some((row) => (row.heights?.length ?? 0) > 0);
    const ranked = stored.eventType === 'JUMP' ? rankFlights(rows, vertical) : rows;
    const wind = first?.wind && file.windAllowed ? first.wind : null;
    fields.resultsFileName = file.fileName;
    fields.resultsFileType = file.fileType;
    if (file.format === 'lif' || file.format === 'lff') {
      // A timing file is Official once complete, as when the timing room sends it.
      Object.assign(fields, placeResults(stored, ranked, wind));
    } else {
      fields.results = ranked;
      if (stored.status !== 'imported' && stored.status !== 'scratched') {
        fields.status = file.format === 'xml' ? 'unofficial' : 'official';
      }
    }
    if (wind !== null) fields.windSpeed = wind;
  } else {
    fields.startListFile = rows;
    fields.startListFileName = file.fileName;
    fields.startListType = file.fileType;
  }
  if (!results) Object.assign(fields, scheduleTime(stored, first?.startTime));
  await changes.write(eventId, fields);
  return {
    ok: true,
    eventId,
    created: false,
    rows: parts.reduce((n, p) => n + p.rows.length, 0),
    unit: stored.lynxUnit,
    race: stored.lynxRace,
  };
}

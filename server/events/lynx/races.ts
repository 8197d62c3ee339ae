import type { AthleteRow } from '../../../shared/schemas/athlete.ts';
import type { ParsedEvent } from '../../../shared/parsers/types.ts';
import { contradiction, eventDiscipline, withoutFlight } from '../../../shared/eventNames/index.ts';
import { sortResultRows } from '../../../shared/athletics/resultOrder.ts';
import { heatLabel } from '../../../shared/athletics/heats.ts';
import { typeLockRefusal } from '../../../shared/uploadRules.ts';
import type { Db } from '../../db/connect.ts';
import type { EventChanges } from '../changes.ts';
import { insertEvent, writeEvent, type EventFields } from '../service.ts';
import { raceIdentity, type RaceIdentity } from './identity.ts';
import { eventByUnit, eventsByNumber, type StoredEvent } from './queries.ts';

/** What a FinishLynx file says of one race or flight, and the rows it brings. */
export interface LynxRace {
  parsed: ParsedEvent & { key: NonNullable<ParsedEvent['key']> };
  contents: 'start_list' | 'results';
  fileName: string;
  rows: AthleteRow[];
}

export type RaceOutcome =
  { ok: true; eventId: string; created: boolean; rows: number } | { ok: false; reason: string };

/** The event as its name and discipline describe it, for telling two events apart. */
function described(
  event: Pick<StoredEvent, 'eventName' | 'eventType' | 'trackDiscipline' | 'fieldDiscipline'>,
) {
  const named = eventDiscipline(event.eventName);
  const known = event.eventType === 'JUMP' ? event.fieldDiscipline : event.trackDiscipline;
  const eventType = known !== null ? event.eventType : named.eventType;
  return {
    name: event.eventName,
    discipline:
      eventType === 'JUMP'
        ? { ...named, eventType, kind: null, metres: null, trackDiscipline: null }
        : { ...named, eventType, fieldDiscipline: null },
  };
}

const raceWords = (race: LynxRace['parsed']) => {
  const { eventNumber, round, heat } = race.key;
  const part = race.eventType === 'JUMP' ? 'flight' : 'heat';
  return `event ${eventNumber}, round ${round}, ${part} ${heat}`;
};

/** Why the file's race is not the stored event, in words naming both; null when it fits. */
function misfit(race: LynxRace, stored: StoredEvent): string | null {
  const why = contradiction(described(race.parsed), described(stored));
  if (why === null) return null;
  const heat = heatLabel(stored);
  const storedName = heat ? `${stored.eventName} (${heat})` : stored.eventName;
  return (
    `${race.fileName} holds "${race.parsed.eventName}" (${raceWords(race.parsed)}), but that ` +
    `number here is "${storedName}": ${why}. The file was not applied; to put it on that ` +
    `event anyway, upload it from the event's own dialog.`
  );
}

/**
 * The event a race or flight lands on: the one with its unit key; else the event FinishLynx
 * numbered the same (a heat or flight whose name is written another way). `misfit` says why
 * that event is another one altogether (a file of another session or day: event numbers
 * repeat).
 */
async function findRace(
  trx: Db,
  competitionUic: number,
  race: LynxRace,
  identity: RaceIdentity,
): Promise<{ stored: StoredEvent | null; misfit: string | null }> {
  const { key } = race.parsed;
  const byUnit = await eventByUnit(trx, competitionUic, identity.unit);
  if (byUnit) return { stored: byUnit, misfit: misfit(race, byUnit) };
  const numbered = await eventsByNumber(trx, competitionUic, key.eventNumber, key.round);
  for (const stored of numbered) {
    const why = misfit(race, stored);
    if (why) return { stored, misfit: why };
  }
  const same = numbered.find((e) =>
    race.parsed.eventType === 'JUMP'
      ? e.eventType === 'JUMP' && e.lynxHeat === null
      : e.eventType === 'ATHLETICS' && e.lynxHeat === key.heat,
  );
  return { stored: same ?? null, misfit: null };
}

/** One event for all its flights: not named after the flight that came first. */
const unitName = (name: string, identity: RaceIdentity) =>
  identity.flight === null ? name : withoutFlight(name);

/** A flight's rows replace that flight's rows only: every flight's file adds up to one event. */
export function withFlight(stored: AthleteRow[], flight: number, rows: AthleteRow[]): AthleteRow[] {
  const others = stored.filter((row) => (row.flight ?? 1) !== flight);
  const merged = [...others, ...rows.map((row) => ({ ...row, flight }))];
  return merged.sort((a, b) => (a.flight ?? 1) - (b.flight ?? 1));
}

function rowsToStore(race: LynxRace, identity: RaceIdentity, stored: AthleteRow[]): AthleteRow[] {
  if (identity.flight === null) return race.rows;
  const merged = withFlight(stored, identity.flight, race.rows);
  // Flights are one competition: ranked by FieldLynx's overall place.
  return race.contents === 'results' ? sortResultRows(merged) : merged;
}

/**
 * Writes a race's (or flight's) start list or results from a FinishLynx file to its event,
 * creating the event from the file's header when the competition has none yet. Round and heat
 * are left for classification, which sees every race of the meet. Results are official (a
 * FinishLynx file is the timing system's own); an event marked imported or scratched keeps
 * that status. The file's wind is kept only on plans with wind speed.
 */
export async function saveLynxRace(
  changes: EventChanges,
  competitionUic: number,
  race: LynxRace,
  options: { windAllowed: boolean },
): Promise<RaceOutcome> {
  const { trx } = changes;
  const { parsed } = race;
  const identity = raceIdentity(parsed);
  const found = await findRace(trx, competitionUic, race, identity);
  let stored = found.stored;
  const fields: EventFields = {};
  if (stored && found.misfit !== null) {
    // Results never land on another event. A start list (lynx.evt is the meet's own list of
    // its events) renames an event that has no results yet.
    if (race.contents === 'results' || stored.results.length > 0) {
      return { ok: false, reason: found.misfit };
    }
    Object.assign(fields, {
      eventName: unitName(parsed.eventName, identity),
      eventType: parsed.eventType,
      trackDiscipline: parsed.trackDiscipline,
      fieldDiscipline: parsed.fieldDiscipline,
      lynxUnit: identity.unit,
      lynxFamily: identity.family,
      lynxHeat: identity.flight === null ? parsed.key.heat : null,
      startListFile: [],
    });
    stored = { ...stored, startListFile: [] };
  }
  let created = false;
  if (!stored) {
    const classifiable =
      parsed.eventType === 'JUMP'
        ? parsed.fieldDiscipline !== null
        : parsed.trackDiscipline !== null;
    const id = await insertEvent(trx, competitionUic, {
      eventName: unitName(parsed.eventName, identity),
      eventType: parsed.eventType,
      trackDiscipline: parsed.trackDiscipline,
      fieldDiscipline: parsed.fieldDiscipline,
      round: parsed.round,
      // Neither track nor field can be told: the admin must look at it (spec section 4).
      status: classifiable ? 'upcoming' : 'imported',
      time: race.contents === 'start_list' ? (parsed.startTime ?? null) : null,
      lynxEventNumber: parsed.key.eventNumber,
      lynxRound: parsed.key.round,
      lynxHeat: identity.flight === null ? parsed.key.heat : null,
      lynxUnit: identity.unit,
      lynxFamily: identity.family,
      heat: identity.heat,
      windSpeed: null,
      resultsFileName: null,
      startListFileName: null,
      pdfFileId: null,
      pdfLink: null,
    });
    changes.created(id);
    created = true;
    stored = (await eventByUnit(trx, competitionUic, identity.unit))!;
  } else {
    await changes.before(stored.id);
  }

  // The schedule's time, from lynx.evt: a .lif's time of day would split a race's heats apart
  // in the time-ordered tables, the heats run so far before all the others.
  if (race.contents === 'start_list' && stored.time === null && parsed.startTime) {
    fields.time = parsed.startTime;
  }
  if (race.contents === 'start_list') {
    const refusal = typeLockRefusal(
      'start_list',
      { rows: stored.startListFile.length, type: stored.startListType },
      'LYNX_MEET_MANAGMENT',
    );
    if (refusal) return { ok: false, reason: `${race.fileName}: ${refusal}` };
    fields.startListFile = rowsToStore(race, identity, stored.startListFile);
    fields.startListFileName = race.fileName;
    fields.startListType = 'LYNX_MEET_MANAGMENT';
  } else {
    const refusal = typeLockRefusal(
      'results',
      { rows: stored.results.length, type: stored.resultsFileType },
      'LYNX_MEET_MANAGMENT',
    );
    if (refusal) return { ok: false, reason: `${race.fileName}: ${refusal}` };
    fields.results = rowsToStore(race, identity, stored.results);
    fields.resultsFileName = race.fileName;
    fields.resultsFileType = 'LYNX_MEET_MANAGMENT';
    if (stored.status !== 'imported' && stored.status !== 'scratched') fields.status = 'official';
    if (parsed.eventType === 'ATHLETICS' && parsed.wind !== null && options.windAllowed) {
      fields.windSpeed = parsed.wind;
    }
  }
  await writeEvent(trx, stored.id, fields);
  return { ok: true, eventId: stored.id, created, rows: race.rows.length };
}

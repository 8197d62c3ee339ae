import type { AthleteRow } from '../../../shared/schemas/athlete.ts';
import type { ParsedEvent } from '../../parsers/types.ts';
import { contradiction, eventDiscipline, familyName } from '../../eventNames/index.ts';
import { heatLabel } from '../../../shared/athletics/heats.ts';
import { rankFlights } from '../../athletics/fieldRanking.ts';
import { verticalJumps } from '../../../shared/domain.ts';
import { typeLockRefusal } from '../../../shared/uploadRules.ts';
import type { Db } from '../../db/connect.ts';
import type { EventChanges } from '../changes.ts';
import { checkRowCap, type EventFields } from '../columns.ts';
import { generationOf, raceIdentity, type RaceIdentity } from './identity.ts';
import {
  eventsByNumber,
  eventsByUnits,
  handMadeFieldEvents,
  lockedEvent,
  type StoredEvent,
} from './queries.ts';
import { present } from '../../../shared/present.ts';
import { FIELD_CARD_FILE } from '../../../shared/athletics/field/card.ts';
import { resultsProgress } from '../../../shared/meet/completeness.ts';
import { spelledAsStartList } from '../../meet/spelling.ts';
import { measuresWind } from '../../athletics/windEvents.ts';

/** What a FinishLynx file says of one race or flight, and the rows it brings. */
export interface LynxRace {
  parsed: ParsedEvent & { key: NonNullable<ParsedEvent['key']> };
  contents: 'start_list' | 'results';
  fileName: string;
  rows: AthleteRow[];
  /** Where lynx.evt lists the race: the file's turn, then its line (listOrder.ts). */
  listed?: number;
}

export type RaceOutcome =
  | {
      ok: true;
      eventId: string;
      created: boolean;
      rows: number;
      /** The race and heat it landed on (null for an event made by hand). */
      unit: string | null;
      race: string | null;
      /** The event as it was before this file, when it was there already. */
      before?: StoredEvent;
    }
  | { ok: false; reason: string };

/** How many sessions may reuse one event number in a competition. */
const SESSIONS = 9;

/** The event as its name and discipline describe it, for telling two events apart. */
function described(
  stored: Pick<StoredEvent, 'eventName' | 'eventType' | 'trackDiscipline' | 'fieldDiscipline'> & {
    lynxName?: string | null;
  },
) {
  // The name as the timing system wrote it, round words and all: a final is not its heats.
  const event = { ...stored, eventName: stored.lynxName ?? stored.eventName };
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

/** Neither track nor field could be told when the event was made: a file may say. */
const unclassified = (e: StoredEvent) =>
  e.status === 'imported' && e.trackDiscipline === null && e.fieldDiscipline === null;

/**
 * An event numbered alike whose key was written another way: a field event's flights, a
 * heat whose name says its number, or an event of unknown type the file now tells.
 */
function sameRace(race: LynxRace, stored: StoredEvent): boolean {
  if (race.parsed.eventType === 'JUMP') {
    return (stored.eventType === 'JUMP' && stored.lynxHeat === null) || unclassified(stored);
  }
  const sameHeat = stored.lynxHeat === race.parsed.key.heat;
  return sameHeat && (stored.eventType === 'ATHLETICS' || unclassified(stored));
}

type Found =
  | { stored: StoredEvent; identity: RaceIdentity }
  | { stored: null; identity: RaceIdentity }
  | { refused: string };

/**
 * The event a race or flight lands on: the one with its key (in any session that reuses its
 * number); else one numbered alike whose key was written another way. An event numbered alike
 * that the file contradicts is another event (event numbers repeat between sessions and days):
 * results never land on it, and a lynx.evt entry becomes an event of a session of its own.
 */
export async function findRace(trx: Db, competitionUic: number, race: LynxRace): Promise<Found> {
  const { parsed } = race;
  const sessions = Array.from({ length: SESSIONS }, (_, i) => raceIdentity(parsed, i + 1));
  const owned = (
    await eventsByUnits(
      trx,
      competitionUic,
      sessions.map((s) => s.unit),
    )
  ).sort((a, b) => generationOf(a.lynxFamily ?? '') - generationOf(b.lynxFamily ?? ''));
  const misfits: string[] = [];
  let newest = 0;
  for (const stored of owned) {
    const session = generationOf(stored.lynxFamily ?? '');
    newest = Math.max(newest, session);
    const why = misfit(race, stored);
    if (why === null)
      return { stored, identity: present(sessions[session - 1], "the stored race's session") };
    misfits.push(why);
  }
  const numbered = await eventsByNumber(
    trx,
    competitionUic,
    parsed.key.eventNumber,
    parsed.key.round,
  );
  for (const stored of numbered.filter((e) => !owned.some((o) => o.id === e.id))) {
    const why = misfit(race, stored);
    if (why !== null) {
      misfits.push(why);
      newest = Math.max(newest, generationOf(stored.lynxFamily ?? ''));
    } else if (sameRace(race, stored)) {
      const identity = sessions[generationOf(stored.lynxFamily ?? '') - 1];
      return { stored, identity: present(identity, "the stored race's session") };
    }
  }
  const [firstMisfit] = misfits;
  if (firstMisfit === undefined) {
    const named =
      race.contents === 'results' ? await fieldEventNamed(trx, competitionUic, race) : null;
    return { stored: named, identity: present(sessions[0], 'a session') };
  }
  if (race.contents === 'results' || newest >= SESSIONS) return { refused: firstMisfit };
  return { stored: null, identity: present(sessions[newest], 'the next session') };
}

const sameName = (a: string, b: string) =>
  a.trim().replace(/\s+/g, ' ').toLowerCase() === b.trim().replace(/\s+/g, ' ').toLowerCase();

/**
 * A field event's results with no event of their number: the one field event of that name,
 * discipline and round no file made, if there is exactly one (run on the field card,
 * typically), so that FieldLynx's file lands on it rather than beside it.
 */
async function fieldEventNamed(
  trx: Db,
  competitionUic: number,
  race: LynxRace,
): Promise<StoredEvent | null> {
  if (race.parsed.eventType !== 'JUMP') return null;
  const candidates = (await handMadeFieldEvents(trx, competitionUic)).filter(
    (event) =>
      sameName(event.eventName, race.parsed.eventName) &&
      event.fieldDiscipline === race.parsed.fieldDiscipline &&
      // A qualification and a final of one name are two events: a round either names decides.
      (event.round === 'unknown' ||
        race.parsed.round === 'unknown' ||
        event.round === race.parsed.round),
  );
  return candidates.length === 1 ? (candidates[0] ?? null) : null;
}

/** A flight's rows replace that flight's rows only: every flight's file adds up to one event. */
export function withFlight(stored: AthleteRow[], flight: number, rows: AthleteRow[]): AthleteRow[] {
  const others = stored.filter((row) => (row.flight ?? 1) !== flight);
  const merged = [...others, ...rows.map((row) => ({ ...row, flight }))];
  return merged.sort((a, b) => (a.flight ?? 1) - (b.flight ?? 1));
}

/**
 * The results a timing file has brought so far: complete, or waiting in `live`. The field
 * card's are none of a file's flights: FieldLynx's files replace them whole.
 */
export const fileResults = (
  stored: Pick<StoredEvent, 'results' | 'live' | 'progress' | 'resultsFileName'>,
) =>
  stored.progress !== null
    ? (stored.live?.rows ?? [])
    : stored.resultsFileName === FIELD_CARD_FILE
      ? []
      : stored.results;

/**
 * The rows a file brings, with what the event already holds of its other flights: a flight's
 * file replaces that flight's rows only. Results held in part (the first flight, waiting in
 * `live`) are the other flights' results.
 */
function rowsToStore(race: LynxRace, identity: RaceIdentity, stored: StoredEvent): AthleteRow[] {
  // A lynx.evt lists every flight of the event: its first flight starts the start list afresh
  // (a flight the operator took away goes), the next ones of the same file join it.
  const fresh = race.listed !== undefined && !sameTurn(stored.lynxListed, race.listed);
  const held =
    race.contents === 'start_list' ? (fresh ? [] : stored.startListFile) : fileResults(stored);
  if (identity.flight === null) return race.rows;
  const merged = withFlight(held, identity.flight, race.rows);
  if (race.contents === 'start_list') return merged;
  // Flights are one competition, ranked by FieldLynx's overall place.
  const vertical =
    race.rows.some((row) => (row.heights?.length ?? 0) > 0) ||
    (race.parsed.fieldDiscipline !== null && verticalJumps.includes(race.parsed.fieldDiscipline));
  return rankFlights(merged, vertical);
}

/**
 * Where a timing file's results go (shared/meet/completeness.ts). Complete, they are the
 * event's results and it is Official. In part (a flight of two in, a heat's file still being
 * written), they wait as unofficial lines, saying what is still to come; the event is
 * Unofficial. An event marked imported or scratched keeps that status.
 */
export function placeResults(
  stored: Pick<StoredEvent, 'status' | 'eventType' | 'startListFile'>,
  rows: AthleteRow[],
  wind: string | null,
): EventFields {
  const kind = stored.eventType === 'JUMP' ? 'field' : 'track';
  const progress = resultsProgress(kind, rows, stored.startListFile);
  const keepsStatus = stored.status === 'imported' || stored.status === 'scratched';
  if (progress === null) {
    return {
      results: rows,
      live: null,
      progress: null,
      ...(keepsStatus ? {} : { status: 'official' }),
    };
  }
  return {
    results: [],
    live: { rows, wind, updatedAt: new Date().toISOString() },
    progress,
    ...(keepsStatus ? {} : { status: 'unofficial' }),
  };
}

/**
 * The schedule's time, from lynx.evt: it follows a new lynx.evt unless the admin changed it.
 * A .lif's time of day is not used: it would split a race's heats apart in the time-ordered
 * tables, the heats run so far before all the others.
 */
export function scheduleTime(
  stored: Pick<StoredEvent, 'time' | 'lynxTime'>,
  startTime: string | null | undefined,
): EventFields {
  if (!startTime || (stored.time !== null && stored.time !== stored.lynxTime)) return {};
  return { time: startTime, lynxTime: startTime };
}

/**
 * What a start list says of a timing file's results already in: whether they are all in (only
 * for results still held in part, or made Official before any start list said how many were
 * to come; a status the admin chose stays), and how the names the file cut or damaged are
 * spelled.
 */
function resultsAgainst(stored: StoredEvent, before: StoredEvent): EventFields {
  const held = fileResults(stored);
  if (stored.resultsFileType !== 'LYNX_MEET_MANAGMENT' || held.length === 0) return {};
  const results = spelledAsStartList(held, stored.startListFile);
  const unchecked = before.startListFile.length === 0 && stored.status === 'official';
  if (stored.progress !== null || unchecked) {
    return placeResults(stored, results, stored.live?.wind ?? stored.windSpeed);
  }
  return results.some((row, i) => row !== held[i]) ? { results } : {};
}

/**
 * After a lynx.evt is applied whole (every flight of an event listed, in any order): what each
 * event's new start list says of its timing file's results already in. `before`: the events as
 * they were before the file.
 */
export async function checkAgainstStartLists(
  changes: EventChanges,
  before: ReadonlyMap<string, StoredEvent>,
): Promise<void> {
  for (const [id, was] of before) {
    const stored = await lockedEvent(changes.trx, id);
    const fields = resultsAgainst(stored, was);
    if (Object.keys(fields).length > 0) await changes.write(id, fields);
  }
}

/** The keys and kind the file gives an event it makes or adopts. */
function keysOf(race: LynxRace, identity: RaceIdentity): EventFields {
  const { parsed } = race;
  return {
    // The family's name: its heats and final are told apart by round and heat.
    eventName: familyName(parsed.eventName),
    lynxName: parsed.eventName,
    eventType: parsed.eventType,
    trackDiscipline: parsed.trackDiscipline,
    fieldDiscipline: parsed.fieldDiscipline,
    lynxEventNumber: parsed.key.eventNumber,
    lynxRound: parsed.key.round,
    lynxHeat: identity.flight === null ? parsed.key.heat : null,
    lynxUnit: identity.unit,
    lynxRace: identity.race,
    lynxFamily: identity.family,
    heat: identity.heat,
  };
}

/**
 * The name the file gives an event it already holds: a heat renamed in FinishLynx after it was
 * sent takes its new name (the file was checked not to contradict it), unless the admin named
 * the event since.
 */
function renamed(race: LynxRace, stored: StoredEvent): EventFields {
  const written = race.parsed.eventName;
  const named = stored.lynxName ?? stored.eventName;
  if (written === named) return {};
  // The name as written always follows the file: its round and heat words tell the rounds.
  if (stored.eventName !== familyName(named)) return { lynxName: written };
  return { eventName: familyName(written), lynxName: written };
}

/** Both listings come from one lynx.evt: the same file's turn (apply.ts). */
const sameTurn = (held: number | null, listed: number) =>
  held !== null && Math.floor(held) === Math.floor(listed);

/** Where lynx.evt lists the race: this file's first line of it (a field event's flights share it). */
function listedAt(
  stored: Pick<StoredEvent, 'lynxListed'>,
  listed: number | undefined,
): EventFields {
  if (listed === undefined) return {};
  const held = stored.lynxListed;
  return { lynxListed: held !== null && sameTurn(held, listed) ? Math.min(held, listed) : listed };
}

/**
 * Writes a race's (or flight's) start list or results from a FinishLynx file to its event,
 * creating the event from the file's header when the competition has none yet. Round and heat
 * are left for classification, which sees every race of the meet. Results are official once
 * complete (a FinishLynx file is the timing system's own; placeResults); an event marked
 * imported or scratched keeps that status. The file's wind is kept only where the rules
 * measure it, on plans with wind speed.
 */
export async function saveLynxRace(
  changes: EventChanges,
  competitionUic: number,
  race: LynxRace,
  options: { windAllowed: boolean },
): Promise<RaceOutcome> {
  const { trx } = changes;
  const { parsed } = race;
  const found = await findRace(trx, competitionUic, race);
  if ('refused' in found) return { ok: false, reason: found.refused };
  const { identity } = found;
  let stored = found.stored;
  const fields: EventFields = {};
  let created = false;
  if (!stored) {
    const keys = keysOf(race, identity);
    const classifiable =
      parsed.eventType === 'JUMP'
        ? parsed.fieldDiscipline !== null
        : parsed.trackDiscipline !== null;
    await changes.insert(competitionUic, {
      ...keys,
      eventName: present(keys.eventName, "the new event's name"),
      eventType: parsed.eventType,
      round: parsed.round,
      // Neither track nor field can be told: marked imported, the admin must look at it.
      status: classifiable ? 'upcoming' : 'imported',
    });
    created = true;
    const [inserted] = await eventsByUnits(trx, competitionUic, [identity.unit]);
    stored = present(inserted, 'the event just inserted');
  } else {
    // An event of unknown kind takes what the file says it is.
    if (unclassified(stored) && stored.lynxUnit !== identity.unit) {
      Object.assign(fields, keysOf(race, identity));
    } else Object.assign(fields, renamed(race, stored));
  }

  const wind = options.windAllowed && measuresWind(parsed) ? parsed.wind : null;
  if (race.contents === 'start_list') {
    const refusal = typeLockRefusal(
      'start_list',
      { rows: stored.startListFile.length, type: stored.startListType },
      'LYNX_MEET_MANAGMENT',
    );
    if (refusal) return { ok: false, reason: `${race.fileName}: ${refusal}` };
    const startListFile = rowsToStore(race, identity, stored);
    Object.assign(fields, {
      startListFile,
      startListFileName: race.fileName,
      startListType: 'LYNX_MEET_MANAGMENT',
      ...scheduleTime(stored, parsed.startTime),
      ...listedAt(stored, race.listed),
    });
  } else {
    // The field card's results wait for FieldLynx's: they never lock the event's type.
    const refusal =
      stored.resultsFileName === FIELD_CARD_FILE
        ? null
        : typeLockRefusal(
            'results',
            { rows: stored.results.length, type: stored.resultsFileType },
            'LYNX_MEET_MANAGMENT',
          );
    if (refusal) return { ok: false, reason: `${race.fileName}: ${refusal}` };
    const rows = spelledAsStartList(rowsToStore(race, identity, stored), stored.startListFile);
    Object.assign(fields, placeResults(stored, rows, wind), {
      resultsFileName: race.fileName,
      resultsFileType: 'LYNX_MEET_MANAGMENT',
    });
    // The gun's time of day, on the timing room's clock: when the heat really started.
    if (parsed.startTime) fields.startedAt = parsed.startTime;
    if (parsed.eventType === 'ATHLETICS' && wind !== null) fields.windSpeed = wind;
  }
  // Flights merged past the cap refuse the whole file: the batch undoes what it wrote.
  checkRowCap(fields, `the event "${stored.eventName}" (${raceWords(parsed)})`);
  await changes.write(stored.id, fields);
  return {
    ok: true,
    eventId: stored.id,
    created,
    rows: race.rows.length,
    unit: fields.lynxUnit ?? stored.lynxUnit,
    race: fields.lynxRace ?? stored.lynxRace,
    ...(created ? {} : { before: stored }),
  };
}

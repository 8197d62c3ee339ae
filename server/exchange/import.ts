import { createHash } from 'node:crypto';
import type { ChangeDeps } from '../runtime.ts';
import type { SessionUser } from '../auth/sessions.ts';
import type { ImportAnswer, ImportedEvent } from '../../shared/schemas/exchange.ts';
import type { ExchangeEvent, ExchangeMeet } from '../parsers/exchange/index.ts';
import type { ExchangeOutput } from '../parsers/exchange/job.ts';
import { describeWarning, type ParseFailure } from '../parsers/types.ts';
import { personKey, sexOf } from '../../shared/athletes/person.ts';
import { ownedCompetition } from '../auth/scope.ts';
import { lockCompetition } from '../competitions/service.ts';
import { Invalid } from '../errors.ts';
import { commitThenPublish } from '../live/commit.ts';
import { EventChanges, findImportedEvent, type EventFields } from '../events/imports.ts';

/** "results.txt, line 21, field 11: …": exchange files are lines, whatever their format. */
function failureAt(error: ParseFailure): string {
  const where = [
    error.file,
    error.row === undefined ? null : `line ${error.row}`,
    error.column ?? null,
  ].filter(Boolean);
  return `${where.join(', ')}: ${error.reason}`;
}

/** A preview runs the import in full, then rolls it back: it answers exactly what it would do. */
class Preview extends Error {
  constructor(readonly answer: ImportAnswer) {
    super('preview');
  }
}

const count = (rows: readonly unknown[] | null) => rows?.length ?? 0;

/**
 * The event across its rounds, and its round, as the file tells them (its event id), so the
 * heats of a round count together (a timed final's sections rank overall) and the rounds
 * follow on, whatever the names say: the keys FinishLynx's races are filed under.
 */
const familyOf = (event: ExchangeEvent) => `exchange:${event.eventRef ?? event.eventName}`;
const roundOf = (event: ExchangeEvent) => `${familyOf(event)}:${event.round}`;

/** The races of each round of each event in the file: a heat is "Heat 2 of 3". */
function heatCounts(meet: ExchangeMeet): Map<string, number> {
  const counts = new Map<string, number>();
  for (const event of meet.events) {
    const round = roundOf(event);
    counts.set(round, Math.max(counts.get(round) ?? 0, event.heat ?? 1));
  }
  return counts;
}

/** What the import writes of a race, whether it makes the event or fills it. */
function importedFields(event: ExchangeEvent, file: string, heatCount: number): EventFields {
  const results = event.results ?? [];
  return {
    lynxFamily: familyOf(event),
    lynxRace: roundOf(event),
    // What the file does not say stays as it is: a timetable's time, the admin's wind.
    ...(event.time !== null ? { time: event.time } : {}),
    ...(event.wind !== null ? { windSpeed: event.wind } : {}),
    round: event.round,
    heat: event.heat,
    heatCount,
    ...(event.startList !== null
      ? { startListFile: event.startList, startListFileName: file, startListType: 'MANUAL' }
      : {}),
    ...(event.results !== null
      ? { results: event.results, resultsFileName: file, resultsFileType: 'MANUAL' }
      : {}),
    // Results are published as a spreadsheet's are (official), unless the source says they
    // are not yet: those wait for the admin to make them official.
    ...(results.length > 0 ? { status: event.official === false ? 'unofficial' : 'official' } : {}),
  };
}

/** What the race says, whatever the file was called: the same file renamed changes nothing. */
const hashOf = (
  { startListFileName: _list, resultsFileName: _results, ...fields }: EventFields,
  event: ExchangeEvent,
) =>
  createHash('sha256')
    .update(JSON.stringify([fields, event.eventName, event.eventType]))
    .digest('base64url');

/** The people in the file, as Rith tells them apart (shared/athletes/person.ts). */
function athletesIn(meet: ExchangeMeet): number {
  const people = new Set<string>();
  for (const event of meet.events) {
    for (const row of [...(event.startList ?? []), ...(event.results ?? [])]) {
      const key = personKey(row, sexOf(row.gender, event.eventName));
      if (key !== null) people.add(key);
    }
  }
  return people.size;
}

async function applyMeet(
  changes: EventChanges,
  competitionUic: number,
  meet: ExchangeMeet,
  file: string,
): Promise<ImportedEvent[]> {
  const heats = heatCounts(meet);
  const outcomes: ImportedEvent[] = [];
  const fileKeys = meet.events.map((event) => event.key);
  const claimed: string[] = [];
  for (const event of meet.events) {
    const heatCount = heats.get(roundOf(event)) ?? 1;
    const fields = importedFields(event, file, heatCount);
    const hash = hashOf(fields, event);
    const stored = await findImportedEvent(changes.trx, competitionUic, event, {
      fileKeys,
      claimed,
    });
    if (stored) claimed.push(stored.id);
    const outcome = {
      eventName: event.eventName,
      round: event.round,
      heat: event.heat,
      entries: count(event.startList),
      results: count(event.results),
    };
    if (stored?.exchangeHash === hash) {
      outcomes.push({ ...outcome, eventId: stored.id, change: 'unchanged' });
      continue;
    }
    if (stored) {
      // The admin's own round, name and a status they chose (scratched, to edit) stay theirs,
      // and so does a round the file does not know (an entries file's); what the file says of
      // the race is new.
      const { round, status, ...rest } = fields;
      const kept = stored.status === 'scratched' || stored.status === 'imported';
      await changes.write(stored.id, {
        ...rest,
        ...(stored.roundLocked || round === 'unknown' ? {} : { round }),
        ...(kept ? {} : { status }),
        exchangeKey: event.key,
        exchangeHash: hash,
      });
      outcomes.push({ ...outcome, eventId: stored.id, change: 'updated' });
      continue;
    }
    const created = await changes.insert(competitionUic, {
      ...fields,
      eventName: event.eventName,
      eventType: event.eventType,
      trackDiscipline: event.eventType === 'ATHLETICS' ? event.trackDiscipline : null,
      fieldDiscipline: event.eventType === 'JUMP' ? event.fieldDiscipline : null,
      status: fields.status ?? 'upcoming',
      exchangeKey: event.key,
      exchangeHash: hash,
    });
    outcomes.push({ ...outcome, eventId: created.id, change: 'created' });
  }
  return outcomes;
}

/**
 * Imports a meet software's file into a competition of the admin's club, in one transaction:
 * all of it or, on any refusal (a cap, say), none. The same file again changes nothing; a
 * changed one writes the races that changed. A preview (`dryRun`) does the same and rolls
 * back, so it answers exactly what the import would do.
 */
export async function importMeet(
  deps: ChangeDeps,
  user: SessionUser,
  competitionUic: number,
  read: () => Promise<{ fileName: string; output: ExchangeOutput }>,
  dryRun: boolean,
): Promise<ImportAnswer> {
  await ownedCompetition(deps.db, user, competitionUic);
  // Read only once the admin may import here: a refused import is not even received.
  const { fileName: file, output: parsed } = await read();
  if (!parsed.ok) {
    throw new Invalid(`The file could not be imported: ${failureAt(parsed.error)}.`);
  }
  const meet = scoped(parsed.meet);
  const answer = (outcomes: ImportedEvent[]): ImportAnswer => ({
    dryRun,
    format: meet.source,
    events: meet.events.length,
    athletes: athletesIn(meet),
    entries: meet.events.reduce((n, e) => n + count(e.startList), 0),
    results: meet.events.reduce((n, e) => n + count(e.results), 0),
    warnings: [...parsed.warnings.map(describeWarning), ...waiting(meet)],
    outcomes,
  });
  try {
    return await commitThenPublish(deps, async (trx) => {
      // One import of a competition at a time: two of one file would both make its events. A
      // preview changes nothing and waits on no one (uploads and the scoreboard take the lock).
      if (!dryRun) await lockCompetition(trx, competitionUic);
      const changes = new EventChanges(trx);
      const outcomes = await applyMeet(changes, competitionUic, meet, file);
      if (dryRun) throw new Preview(answer(outcomes.map((o) => previewed(o))));
      return { result: answer(outcomes), message: await changes.messages() };
    });
  } catch (err) {
    if (err instanceof Preview) return err.answer;
    throw err;
  }
}

/**
 * Each race's key with the meet it is of: two meets' files number their events alike (T01,
 * F02), and one competition may take both. The same meet's files (entries, then results) keep
 * their keys, and fill each other's events by name (findImportedEvent).
 */
function scoped(meet: ExchangeMeet): ExchangeMeet {
  const of = (meet.name ?? '').trim().toLowerCase();
  return { ...meet, events: meet.events.map((event) => ({ ...event, key: `${of}|${event.key}` })) };
}

/** Results the file says are not official yet: spectators see them once the admin says so. */
function waiting(meet: ExchangeMeet): string[] {
  const races = meet.events.filter((e) => e.official === false && count(e.results) > 0);
  if (races.length === 0) return [];
  const names = races.slice(0, 3).map((e) => e.eventName);
  const more = races.length > 3 ? ` and ${races.length - 3} more` : '';
  return [
    `The file marks the results of ${names.join(', ')}${more} unofficial: they are saved, and ` +
      'spectators see them once you make the event Official.',
  ];
}

/** A preview's event made only in the rolled-back transaction has no id to show. */
const previewed = (outcome: ImportedEvent): ImportedEvent =>
  outcome.change === 'created' ? { ...outcome, eventId: null } : outcome;

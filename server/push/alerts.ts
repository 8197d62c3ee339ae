import type { AthleteRow } from '../../shared/schemas/athlete.ts';
import type {
  FollowedAthlete,
  FollowedClub,
  Follows,
  PushAlert,
} from '../../shared/schemas/follow.ts';
import { athleteMatcher, clubMatcher, foldText } from '../../shared/athletes/identity.ts';
import { eventTitle } from '../../shared/athletics/heats.ts';
import type { EventEstimate } from '../../shared/schedule/venue.ts';
import type { EventRows } from '../events/queries.ts';
import { athleteResult } from '../../shared/results/corrections.ts';
import { hasResult } from '../../shared/meet/completeness.ts';
import type { Progression } from '../../shared/schemas/event.ts';
import { qualifiedSentence, throughTo } from '../../shared/athletics/rounds/words.ts';
import { flagWords } from '../../shared/athletics/bests/flags.ts';

/** An event as alerts read it: its shown rows, its results marked Q and q when its round has a rule. */
type AlertEvent = EventRows & { progression?: Progression | null };

export type AlertKind = PushAlert['kind'];

/** How long before an event's estimated start its "starting soon" alert goes out. */
export const STARTING_SOON_MINUTES = 15;

/** One alert due to a device: about one event, of one kind, for the follows it names. */
export interface DueAlert {
  eventId: string;
  kind: AlertKind;
  /** One per follow: `{eventId}:{kind}:{follow}`, what push_alerts claims. */
  keys: string[];
  alert: PushAlert;
}

type Follow = { key: string; matches: (row: AthleteRow) => boolean };

/** The device's follows in the competition, each with its matcher (shared/athletes). */
function followsIn(follows: Follows, competitionUic: number): Follow[] {
  const athletes = follows.athletes
    .filter((a) => a.competitionUic === competitionUic)
    .map((a: FollowedAthlete) => ({ key: a.key, matches: athleteMatcher(a) }));
  const clubs = follows.clubs
    .filter((c: FollowedClub) => c.competitionUic === competitionUic)
    .map((c) => ({ key: `club:${foldText(c.club)}`, matches: clubMatcher(c.club) }));
  // One follow per key: a list naming one twice would claim one alert twice.
  const seen = new Set<string>();
  return [...athletes, ...clubs].filter((f) => !seen.has(f.key) && seen.add(f.key));
}

const hasStarted = (event: EventRows) =>
  event.startedAt !== null ||
  event.resultsAt !== null ||
  event.results.length > 0 ||
  (event.live?.rows.length ?? 0) > 0;

/** The rows of an event each kind of alert is about, when that alert is due now. */
function rowsFor(
  event: AlertEvent,
  kind: AlertKind,
  estimate: EventEstimate | undefined,
  minutesToStart: number | null,
): AthleteRow[] {
  // The events are as the public sees them (listPublicEventRows): results only once shown,
  // unofficial lines only while shown (shared/meet/shown.ts).
  switch (kind) {
    case 'startList':
      return event.status === 'scratched' ? [] : event.startListFile;
    case 'startingSoon':
      return !hasStarted(event) &&
        estimate?.estimatedStart != null &&
        minutesToStart !== null &&
        minutesToStart >= 0 &&
        minutesToStart <= STARTING_SOON_MINUTES
        ? event.startListFile
        : [];
    // Only athletes with a result: a row still to be read says nothing, and the alert goes once.
    // A field event on the officials' card: a place during it is no result; its standings
    // are once the judge has ended it.
    case 'unofficial':
      return event.live?.field?.ended === false ? [] : (event.live?.rows ?? []).filter(hasResult);
    case 'official':
      return event.results.filter(hasResult);
    // Once every heat is in (before, a faster heat may take a q away; the official result
    // says Q at once). An athlete tied for the last place waits for the referee.
    case 'qualified': {
      if (event.progression?.final !== true) return [];
      const tied = new Set(
        event.progression.ties.flatMap((tie) => tie.athletes.map((a) => `${a.bib}|${a.name}`)),
      );
      return event.results.filter((row) => row.qualified && !tied.has(`${row.bib}|${row.name}`));
    }
  }
}

const KINDS: AlertKind[] = ['startList', 'startingSoon', 'unofficial', 'official', 'qualified'];

/**
 * Every alert a device's follows make due in a competition now. Whether it was sent already
 * is push_alerts' business (job.ts): this only says what is true.
 */
export function dueAlerts(
  events: readonly AlertEvent[],
  estimates: ReadonlyMap<string, EventEstimate>,
  minutesToStart: (eventId: string) => number | null,
  follows: Follows,
  competitionUic: number,
  /** Keys claimed already (sent, known, or being sent): left out. */
  claimed: ReadonlySet<string> = new Set(),
): DueAlert[] {
  const mine = followsIn(follows, competitionUic);
  if (mine.length === 0) return [];
  const due: DueAlert[] = [];
  for (const event of events) {
    const estimate = estimates.get(event.id);
    for (const kind of KINDS) {
      const rows = rowsFor(event, kind, estimate, minutesToStart(event.id));
      if (rows.length === 0) continue;
      const matched = mine
        .filter((follow) => !claimed.has(`${event.id}:${kind}:${follow.key}`))
        .map((follow) => ({ follow, rows: rows.filter(follow.matches) }))
        .filter((m) => m.rows.length > 0);
      if (matched.length === 0) continue;
      const named = uniqueRows(matched.flatMap((m) => m.rows));
      due.push({
        eventId: event.id,
        kind,
        keys: matched.map((m) => `${event.id}:${kind}:${m.follow.key}`),
        alert: alertText(event, kind, named, estimate),
      });
    }
  }
  return due;
}

function uniqueRows(rows: AthleteRow[]): AthleteRow[] {
  const seen = new Set<string>();
  return rows.filter((row) => {
    const key = `${row.bib ?? ''}|${row.name}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

const TITLES: Record<AlertKind, string> = {
  startList: 'Start list out',
  startingSoon: 'Starting soon',
  unofficial: 'Unofficial result',
  official: 'Official result',
  qualified: 'Through',
};

function where(row: AthleteRow): string {
  return [row.heat ? `heat ${row.heat}` : null, row.lane ? `lane ${row.lane}` : null]
    .filter(Boolean)
    .join(', ');
}

function line(row: AthleteRow, kind: AlertKind, event: AlertEvent): string {
  const { eventType } = event;
  if (kind === 'qualified' && row.qualified) {
    const { mark } = athleteResult(row, eventType);
    const next = event.progression?.nextRound ?? null;
    return `${row.name}${mark ? ` ${mark}` : ''}: ${qualifiedSentence(row.qualified, next, false)}`;
  }
  if (kind === 'unofficial' || kind === 'official') {
    // As the results table shows it: the place, then the mark or the code.
    const { place, mark, code } = athleteResult(row, eventType);
    const qualified = row.qualified ? ` ${row.qualified}` : '';
    const shown = `${mark ?? code ?? ''}${qualified}`.trim();
    const bests = flagWords(row.flags, mark);
    const news = bests.length > 0 ? ` (${bests.join(', ')})` : '';
    return `${place === null ? '' : `${place}. `}${row.name}${shown ? ` ${shown}` : ''}${news}`;
  }
  const at = where(row);
  return at ? `${row.name} (${at})` : row.name;
}

/** What the notification says: the event, who, and when or how they did. */
export function alertText(
  event: AlertEvent,
  kind: AlertKind,
  rows: AthleteRow[],
  estimate: EventEstimate | undefined,
): PushAlert {
  const title = eventTitle(event);
  const shown = rows.slice(0, 4).map((row) => line(row, kind, event));
  const more = rows.length > shown.length ? ` and ${rows.length - shown.length} more` : '';
  const when =
    (kind === 'startList' || kind === 'startingSoon') && estimate?.estimatedStart
      ? ` · ≈ ${estimate.estimatedStart}${lateness(estimate.lateMinutes)}`
      : '';
  const provisional = kind === 'unofficial' ? ' · provisional, may change' : '';
  return {
    title: `${kind === 'qualified' ? throughTo(event.progression?.nextRound ?? null) : TITLES[kind]}: ${title}`,
    body: `${shown.join('; ')}${more}${when}${provisional}`,
    url: `/event/${event.id}`,
    tag: `${event.id}:${kind}`,
    kind,
  };
}

function lateness(late: number | null): string {
  if (late === null || Math.abs(late) < 2) return '';
  return late > 0 ? ` · running ${late} min late` : ` · running ${-late} min early`;
}

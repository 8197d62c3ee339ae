import type { EventSummary, PublicEvent } from './schemas/event.ts';
import type { AthleteRow } from './schemas/athlete.ts';
import type { ShownEstimate } from './schedule/venue.ts';
import { parseEventTime } from './athletics/eventTime.ts';
import { compareRoundAndHeat } from './athletics/heats.ts';
import { sortResultRows } from './athletics/resultOrder.ts';
import { isScratched } from './athletics/eventDisplay.ts';
import { performanceKind } from './resultColumns.ts';

/**
 * What the stadium's big screen and the clubs' widget show of a meet, worked out from the
 * competition's event list as live updates keep it: nobody drives them.
 * - `latest`: the event whose results arrived last (the heat just finished), with its rows;
 * - `next`: the next race to start (its start list is what the stands wait for), then the
 *   few events after it;
 * - `inProgress`: field events under way (results coming in, not official yet).
 */
export interface BoardPlan {
  latest: EventSummary | null;
  next: EventSummary | null;
  later: EventSummary[];
  inProgress: EventSummary[];
}

/** Events listed after the next one: a screen's worth. */
const LATER_COUNT = 4;
/** Field events shown at once: more would not be readable from the stands. */
const IN_PROGRESS_COUNT = 3;

const isField = (event: Pick<EventSummary, 'eventType'>) =>
  performanceKind(event.eventType) === 'field';

/** Whether results are out for the event: its results, or the finish camera's lines. */
const hasShownResults = (event: EventSummary) => event.hasResults || event.status === 'unofficial';

/** Minutes after midnight an event is expected at: its estimate, else its timetable time. */
function expectedAt(event: EventSummary, estimates: ReadonlyMap<string, ShownEstimate> | null) {
  const estimate = estimates?.get(event.id)?.estimatedStart ?? event.estimatedStart;
  return parseEventTime(estimate) ?? parseEventTime(event.time) ?? Number.POSITIVE_INFINITY;
}

export function boardPlan(
  events: readonly EventSummary[],
  estimates: ReadonlyMap<string, ShownEstimate> | null = null,
): BoardPlan {
  const shown = events.filter((event) => event.visible && !isScratched(event.status));
  const byExpected = (a: EventSummary, b: EventSummary) =>
    expectedAt(a, estimates) - expectedAt(b, estimates) || compareRoundAndHeat(a, b);

  // The heat just finished: its results arrived last (the venue's clock, "HH:MM:SS"), else,
  // with no arrival stamped (results typed in later), the last in the timetable. A field
  // event joins them once official; under way, it has its own place.
  const finished = shown.filter(
    (event) => hasShownResults(event) && (!isField(event) || event.status === 'official'),
  );
  const latest =
    finished.sort(
      (a, b) =>
        (b.resultsAt ?? '').localeCompare(a.resultsAt ?? '') ||
        byExpected(b, a) ||
        b.version - a.version,
    )[0] ?? null;

  const upcoming = shown.filter((event) => event.status === 'upcoming').sort(byExpected);
  // The start list the stands wait for is the next race's; field events, run alongside, show
  // as they get under way. A meet with only field events left shows the next of those.
  const next = upcoming.find((event) => !isField(event)) ?? upcoming[0] ?? null;
  const inProgress = shown
    .filter((event) => isField(event) && event.status === 'unofficial')
    .sort(byExpected)
    .slice(0, IN_PROGRESS_COUNT);
  return {
    latest,
    next,
    later: upcoming.filter((event) => event !== next).slice(0, LATER_COUNT),
    inProgress,
  };
}

/**
 * The rows a screen shows of an event's results: its results as soon as they are in, the
 * finish camera's lines before that. Unlike the event page, a screen shows a heat's
 * unofficial results at once (the stands want the heat just run), labelled provisional
 * until they are official.
 */
export function boardResultRows(event: PublicEvent): { rows: AthleteRow[]; unofficial: boolean } {
  if (isScratched(event.status)) return { rows: [], unofficial: false };
  if (event.results.length > 0) {
    return { rows: sortResultRows(event.results), unofficial: event.status !== 'official' };
  }
  if (event.live && event.live.rows.length > 0) {
    return { rows: sortResultRows(event.live.rows), unofficial: true };
  }
  return { rows: [], unofficial: true };
}

/** The leaders of a field event under way: the rows with a mark so far, best first. */
export function fieldLeaders(event: PublicEvent, count = 3): AthleteRow[] {
  return boardResultRows(event)
    .rows.filter((row) => (row.rank ?? '').trim() !== '')
    .slice(0, count);
}

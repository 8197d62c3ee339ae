import type { EventSummary, PublicEvent } from '../schemas/event.ts';
import type { AthleteRow } from '../schemas/athlete.ts';
import type { ShownEstimate } from '../schedule/venue.ts';
import { parseEventTime } from '../athletics/eventTime.ts';
import { sortResultRows } from '../athletics/resultOrder.ts';
import { isScratched } from '../athletics/eventDisplay.ts';
import { performanceKind, placeOf } from '../resultColumns.ts';
import { runningOrder } from './runningOrder.ts';
import { shownRows } from './shown.ts';

/**
 * What is on now and next at a meet, worked out from the competition's event list as live
 * updates keep it: the competition page's first screen, the stadium's big screen and the
 * clubs' widget all show this, so they agree.
 * - `running`: races under way (the gun has gone, or their unofficial lines are coming in);
 * - `fieldInProgress`: field events under way, each shown with its leaders;
 * - `latest`: the event whose results arrived last (the heat just finished);
 * - `next`: the next race to start in the meet's running order (its start list is what the
 *   stands wait for), then the few events after it (`later`).
 * Every event is shown by the rule every screen follows (shared/meet/shown.ts).
 */
export interface MeetNow {
  running: EventSummary[];
  fieldInProgress: EventSummary[];
  latest: EventSummary | null;
  next: EventSummary | null;
  later: EventSummary[];
}

/** Events listed after the next one: a screen's worth. */
const LATER_COUNT = 4;
/** Field events shown at once: more would not be readable from the stands. */
const IN_PROGRESS_COUNT = 3;
/** A race's gun this long ago with nothing since is not on now: no race lasts that long. */
const RACE_AT_MOST = 60;

const isField = (event: Pick<EventSummary, 'eventType'>) =>
  performanceKind(event.eventType) === 'field';

/** Its results are out, official or the unofficial lines: what a heat just run shows. */
const showsResultRows = (event: EventSummary) =>
  event.shown === 'results' || event.shown === 'live';

/**
 * Under way: not over (no official results, not scratched) and something says it began: the
 * gun (its start time), or unofficial lines coming in. A race whose gun is long past with
 * nothing since is not counted (`now`, minutes on the venue's clock, when known). A status
 * alone says nothing: an unofficial file's results the page does not show are not a race on.
 */
function underWay(event: EventSummary, now: number | null): boolean {
  if (event.shown === 'results' || isScratched(event.status) || event.status === 'official') {
    return false;
  }
  if (event.shown === 'live') return true;
  const started = parseEventTime(event.startedAt);
  if (started === null) return false;
  return isField(event) || now === null || now - started <= RACE_AT_MOST;
}

export function meetNow(
  events: readonly EventSummary[],
  options: { estimates?: ReadonlyMap<string, ShownEstimate> | null; now?: number | null } = {},
): MeetNow {
  const now = options.now ?? null;
  const shown = runningOrder(events.filter((event) => event.visible && !isScratched(event.status)));
  const position = new Map(shown.map((event, i) => [event.id, i]));

  // The heat just finished: its results arrived last (the venue's clock, "HH:MM:SS"), else,
  // with no arrival stamped (results typed in later), the last in the running order. A field
  // event joins them once its results are official; under way, it has its own place.
  const finished = shown.filter(
    (event) => showsResultRows(event) && (!isField(event) || event.shown === 'results'),
  );
  const latest =
    finished.sort(
      (a, b) =>
        (b.resultsAt ?? '').localeCompare(a.resultsAt ?? '') ||
        (position.get(b.id) ?? 0) - (position.get(a.id) ?? 0) ||
        b.version - a.version,
    )[0] ?? null;

  const going = shown.filter((event) => underWay(event, now));
  const running = going.filter((event) => !isField(event) && event !== latest);
  const fieldInProgress = going.filter(isField).slice(0, IN_PROGRESS_COUNT);

  // The track is one queue: a race before the last one run that never reported (results not
  // published, or not run) is behind the meet, not next. Field events keep their own turns.
  const lastRun = shown.findLastIndex(
    (event) =>
      !isField(event) &&
      (event.startedAt !== null || showsResultRows(event) || underWay(event, now)),
  );
  const upcoming = shown.filter(
    (event, i) =>
      event.status === 'upcoming' &&
      !underWay(event, now) &&
      event.shown !== 'results' &&
      (isField(event) || i > lastRun),
  );
  // The start list the stands wait for is the next race's; field events, run alongside, show
  // as they get under way. A meet with only field events left shows the next of those.
  const next = upcoming.find((event) => !isField(event)) ?? upcoming[0] ?? null;
  return {
    running,
    fieldInProgress,
    latest,
    next,
    later: upcoming.filter((event) => event !== next).slice(0, LATER_COUNT),
  };
}

/**
 * When an event is expected to start, for a screen: its real start once it has, else its
 * estimate, else its timetable time ("HH:MM"); null when nothing says.
 */
export function expectedStart(
  event: Pick<EventSummary, 'id' | 'time' | 'startedAt' | 'estimatedStart'>,
  estimates: ReadonlyMap<string, ShownEstimate> | null = null,
): string | null {
  const estimate = estimates?.get(event.id);
  return estimate?.estimatedStart ?? event.estimatedStart ?? event.time ?? event.startedAt;
}

/** The rows a screen shows of an event's results, and whether they are provisional. */
export function resultRows(event: PublicEvent): { rows: AthleteRow[]; provisional: boolean } {
  const { rows, provisional } = shownRows(event);
  return { rows: sortResultRows(rows), provisional };
}

/** The leaders of a field event under way: the rows with a place so far, best first. */
export function fieldLeaders(event: PublicEvent, count = 3): AthleteRow[] {
  return resultRows(event)
    .rows.filter((row) => placeOf(row.rank) !== null)
    .slice(0, count);
}

import { BestFlags } from '../BestFlags.tsx';
import type { Club } from '../../../shared/schemas/club.ts';
import type { Competition } from '../../../shared/schemas/competition.ts';
import type { EventSummary } from '../../../shared/schemas/event.ts';
import type { MeetNow } from '../../../shared/meet/now.ts';
import type { ShownEstimate } from '../../../shared/schedule/venue.ts';
import { fieldLeaders, resultRows } from '../../../shared/meet/now.ts';
import { useMemo } from 'react';
import { useBoardEvent } from '../../lib/useMeetBoard.ts';
import { useConnectivity } from '../../lib/useConnectivity.ts';
import {
  ResultsState,
  ScreenConnection,
  expectedText,
  placeText,
  rowMark,
  titleOf,
  useClock,
  usePages,
} from './parts.tsx';
import { BoardStandings } from './BoardStandings.tsx';
import { QualifiedMark } from '../QualifiedMark.tsx';
import './board.css';

/** Rows per page: readable from the stands on a 1080p screen. */
const ROWS_PER_PAGE = 8;
const PAGE_TURN_MS = 8_000;

function PageMark({ page, pages }: { page: number; pages: number }) {
  if (pages <= 1) return null;
  return (
    <span className="board-page">
      {page + 1}/{pages}
    </span>
  );
}

function LatestResults({ summary }: { summary: EventSummary | null }) {
  const event = useBoardEvent(summary);
  // Kept while the event is: a fresh array each render would turn back to the first page.
  const { rows, provisional } = useMemo(
    () => (event ? resultRows(event) : { rows: [], provisional: true }),
    [event],
  );
  const { shown, page, pages } = usePages(rows, ROWS_PER_PAGE, PAGE_TURN_MS);
  if (!summary) {
    return (
      <section className="board-panel board-results" aria-labelledby="board-results-title">
        <h2 id="board-results-title" className="board-label">
          Results
        </h2>
        <p className="board-empty">Results appear here as each race finishes.</p>
      </section>
    );
  }
  const title = titleOf(summary);
  return (
    <section className="board-panel board-results" aria-labelledby="board-results-title">
      <h2 id="board-results-title" className="board-label">
        Results <PageMark page={page} pages={pages} />
      </h2>
      <p className="board-title">{title}</p>
      {event && <ResultsState event={event} provisional={provisional} />}
      {rows.length === 0 ? (
        <p className="board-empty">Results to come.</p>
      ) : (
        <table className="board-table">
          <caption className="visually-hidden">
            {`${provisional ? 'Unofficial results' : 'Results'}: ${title}`}
          </caption>
          <thead>
            <tr>
              <th scope="col" className="board-col-place">
                Place
              </th>
              <th scope="col">Athlete</th>
              <th scope="col" className="board-col-mark">
                {summary.eventType === 'JUMP' ? 'Mark' : 'Time'}
              </th>
            </tr>
          </thead>
          <tbody>
            {shown.map((row, i) => (
              <tr key={`${row.bib ?? ''}|${row.name}|${i}`}>
                <td className="board-col-place">{placeText(row)}</td>
                <th scope="row" className="board-athlete">
                  <span className="board-name">{row.name}</span>
                  {row.club && <span className="board-club">{row.club}</span>}
                </th>
                <td className="board-col-mark">
                  {event ? rowMark(row, event) : ''}
                  {row.qualified && event?.progression && (
                    <QualifiedMark
                      qualified={row.qualified}
                      provisional={!event.progression.final}
                    />
                  )}
                  <BestFlags flags={row.flags} />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}

function NextStart({
  summary,
  later,
  estimates,
}: {
  summary: EventSummary | null;
  later: readonly EventSummary[];
  estimates: Map<string, ShownEstimate> | null;
}) {
  const event = useBoardEvent(summary);
  const rows = event?.startListFile ?? [];
  const { shown, page, pages } = usePages(rows, ROWS_PER_PAGE, PAGE_TURN_MS);
  const field = summary?.eventType === 'JUMP';
  return (
    <section className="board-panel board-next" aria-labelledby="board-next-title">
      <h2 id="board-next-title" className="board-label">
        Next <PageMark page={page} pages={pages} />
      </h2>
      {!summary ? (
        <p className="board-empty">No more events on the timetable.</p>
      ) : (
        <>
          <p className="board-title">
            {titleOf(summary)}
            <span className="board-when">{expectedText(summary, estimates?.get(summary.id))}</span>
          </p>
          {rows.length === 0 ? (
            <p className="board-empty">Start list to come.</p>
          ) : (
            <table className="board-table">
              <caption className="visually-hidden">{`Start list: ${titleOf(summary)}`}</caption>
              <thead>
                <tr>
                  <th scope="col" className="board-col-place">
                    {field ? 'Order' : 'Lane'}
                  </th>
                  <th scope="col">Athlete</th>
                  <th scope="col" className="board-col-mark">
                    Bib
                  </th>
                </tr>
              </thead>
              <tbody>
                {shown.map((row, i) => (
                  <tr key={`${row.bib ?? ''}|${row.name}|${i}`}>
                    <td className="board-col-place">
                      {row.lane ?? (field ? page * ROWS_PER_PAGE + i + 1 : '')}
                    </td>
                    <th scope="row" className="board-athlete">
                      <span className="board-name">{row.name}</span>
                      {row.club && <span className="board-club">{row.club}</span>}
                    </th>
                    <td className="board-col-mark">{row.bib ?? ''}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          )}
        </>
      )}
      {later.length > 0 && (
        <>
          <h3 className="board-label board-later-label">Later</h3>
          <ul className="board-later">
            {later.map((e) => (
              <li key={e.id}>
                <span className="board-later-time">{expectedText(e, estimates?.get(e.id))}</span>
                <span>{titleOf(e)}</span>
              </li>
            ))}
          </ul>
        </>
      )}
    </section>
  );
}

function FieldInProgress({ summary }: { summary: EventSummary }) {
  const event = useBoardEvent(summary);
  const leaders = useMemo(() => (event ? fieldLeaders(event) : []), [event]);
  return (
    <li className="board-field">
      <p className="board-field-title">{titleOf(summary)}</p>
      {leaders.length === 0 ? (
        <p className="board-empty">Under way</p>
      ) : (
        <ol className="board-field-leaders" aria-label={`Leaders: ${titleOf(summary)}`}>
          {leaders.map((row, i) => (
            <li key={`${row.bib ?? ''}|${row.name}|${i}`}>
              <span className="board-field-place">{placeText(row)}</span>
              <span className="board-field-name">{row.name}</span>
              <span className="board-field-mark">{event ? rowMark(row, event) : ''}</span>
            </li>
          ))}
        </ol>
      )}
    </li>
  );
}

/**
 * The stadium's big screen: the heat just finished, the next start list and the field events
 * under way, each turning its own pages; it follows the meet by itself from the live updates
 * and needs nobody at the keyboard.
 */
export function Board({
  club,
  competition,
  plan,
  estimates,
  events,
}: {
  club: Club;
  competition: Competition;
  plan: MeetNow;
  events: readonly EventSummary[];
  estimates: Map<string, ShownEstimate> | null;
}) {
  const clock = useClock();
  // LIVE NOW only while the screen is: never beside "Offline · results from 14:02".
  const live = useConnectivity().state === 'live';
  return (
    <div className="board">
      <header className="board-head">
        <img className="board-logo" src="/icons/icon.svg" alt="" width="48" height="48" />
        <div className="board-meet">
          <h1 className="board-competition">{competition.competitionName}</h1>
          <p className="board-club-name">{club.clubName}</p>
        </div>
        {competition.liveNow && live && (
          <span className="live-badge board-live">
            <span className="live-dot" aria-hidden="true" />
            LIVE NOW
          </span>
        )}
        <p className="board-clock" aria-label={`Time ${clock}`}>
          {clock}
        </p>
      </header>
      <main className="board-main">
        <LatestResults summary={plan.latest} />
        <NextStart summary={plan.next} later={plan.later} estimates={estimates} />
      </main>
      {plan.fieldInProgress.length > 0 && (
        <section className="board-fields" aria-labelledby="board-fields-title">
          <h2 id="board-fields-title" className="board-label">
            Field events in progress
          </h2>
          <ul className="board-field-list">
            {plan.fieldInProgress.map((event) => (
              <FieldInProgress key={event.id} summary={event} />
            ))}
          </ul>
        </section>
      )}
      <BoardStandings competition={competition} events={events} />
      <ScreenConnection className="board-connection" />
    </div>
  );
}

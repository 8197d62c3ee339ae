import { useId, type ReactNode } from 'react';
import type { PublicEvent } from '../../../shared/schemas/event.ts';
import type { AthleteRow } from '../../../shared/schemas/athlete.ts';
import {
  formatAttempt,
  formatFieldMark,
  formatPerformance,
  formatReactionTime,
  sortResultRows,
} from '../../../shared/athletics/performance.ts';
import { formatWind } from '../../../shared/athletics/wind.ts';
import {
  cellAtHeight,
  placeOf,
  rankCode,
  resultLayout,
  type ResultLayout,
} from '../../../shared/resultColumns.ts';
import { athleteKey } from '../../../shared/athletes/identity.ts';
import type { CorrectionNotice } from '../../lib/useCorrectionNotice.ts';
import { AthleteNameCell } from './AthleteNameCell.tsx';
import { seriesCellKey } from '../../lib/useNewAttempts.ts';
import { QualifiedMark } from '../QualifiedMark.tsx';
import { BestFlags } from '../BestFlags.tsx';

type ResultEvent = Pick<
  PublicEvent,
  'eventType' | 'fieldDiscipline' | 'windSpeed' | 'results' | 'eventName'
>;

function RankCell({ rank }: { rank: string | null }) {
  const place = placeOf(rank);
  return (
    <td className="ev-col-rank ev-sticky-col">
      {place !== null && place <= 3 ? (
        <span className={`ev-rank-badge ev-rank-${place}`}>{place}</span>
      ) : (
        <span className="ev-rank-plain">{place ?? ''}</span>
      )}
    </td>
  );
}

/** The mark a row is ranked on: its best for a field series, else its performance. */
function rowResult(row: AthleteRow, layout: ResultLayout): string {
  const source =
    layout.series.type !== 'none' && (row.best ?? '').trim() !== '' ? row.best : row.performance;
  return formatPerformance(source, layout.kind) || rankCode(row.rank) || '';
}

function HorizontalCells({
  row,
  attempts,
  showWinds,
  best,
  fresh,
}: {
  row: AthleteRow;
  attempts: number;
  showWinds: boolean;
  best: string;
  fresh: ReadonlySet<string> | undefined;
}) {
  return Array.from({ length: attempts }, (_, i) => {
    const mark = formatAttempt(row.attempts?.[i] ?? null, false);
    // A wind only means something for a measured jump, not for a foul or a pass.
    const wind = showWinds ? formatWind(row.attemptWinds?.[i] ?? null) : '';
    const isBest = mark !== '' && mark === best;
    const isNew = fresh?.has(seriesCellKey(row, i)) ?? false;
    return (
      <td
        key={i}
        className={`ev-col-attempt${i === 0 ? ' ev-series-first' : ''}${isBest ? ' is-best' : ''}${isNew ? ' is-new' : ''}`}
      >
        <span className="ev-attempt-mark">{mark}</span>
        {wind !== '' && /^\d/.test(mark) && (
          <span className="ev-attempt-wind">
            <span className="visually-hidden">wind </span>
            {wind}
          </span>
        )}
      </td>
    );
  });
}

export function ResultsTable({
  event,
  title = 'Results',
  corrections,
  corrected,
  fresh,
  provisional = false,
}: {
  event: ResultEvent;
  /** The round's q are provisional: heats remain (PublicEvent.progression). */
  provisional?: boolean;
  /** The table's heading: "Results", or the overall ranking of a timed final. */
  title?: string;
  /** Shown under the heading: when the results were corrected, and what changed. */
  corrections?: ReactNode;
  /** The rows a correction that reached the page changed, marked for a moment. */
  corrected?: CorrectionNotice;
  /** A field event's trials that just arrived (useNewAttempts), marked for a moment. */
  fresh?: ReadonlySet<string>;
}) {
  const headingId = useId();
  const layout = resultLayout(event);
  const rows = sortResultRows(event.results);
  const { series } = layout;
  // A field event's competition order matters little once it is over: hidden on phones.
  const laneClass = layout.kind === 'track' ? 'ev-col-num' : 'ev-col-num ev-col-order';
  const resultLabel = series.type !== 'none' ? 'Best' : layout.kind === 'track' ? 'Time' : 'Mark';

  return (
    <section className="card ev-table-card" aria-labelledby={headingId}>
      <div className="ev-table-card-head">
        <h2 id={headingId}>{title}</h2>
        <p className="ev-table-count">
          {rows.length} {rows.length === 1 ? 'entry' : 'entries'}
        </p>
      </div>
      {corrections}
      <div className="ev-table-scroll" role="region" aria-labelledby={headingId} tabIndex={0}>
        <table
          className={`ev-data-table ev-results-table${series.type !== 'none' ? ' has-series' : ''}`}
        >
          {/* What a screen reader names the table when it lands in it (the heading is above). */}
          <caption className="visually-hidden">{`${title}: ${event.eventName}`}</caption>
          <thead>
            <tr>
              <th scope="col" className="ev-col-rank ev-sticky-col">
                <abbr title="Place">Pl</abbr>
              </th>
              <th scope="col" className="ev-col-name ev-sticky-col">
                Name
              </th>
              {layout.club && (
                <th scope="col" className="ev-col-club">
                  Club
                </th>
              )}
              {layout.bib && (
                <th scope="col" className="ev-col-num ev-col-bib">
                  Bib
                </th>
              )}
              {layout.lane && (
                <th scope="col" className={laneClass}>
                  {layout.kind === 'track' ? 'Lane' : 'Order'}
                </th>
              )}
              {layout.category && <th scope="col">Category</th>}
              {layout.section && (
                <th scope="col" className="ev-col-num">
                  <abbr title="Section">Sec</abbr>
                </th>
              )}
              {layout.flight && (
                <th scope="col" className="ev-col-num">
                  Flight
                </th>
              )}
              <th scope="col" className="ev-col-result">
                {resultLabel}
              </th>
              {layout.reactionTime && (
                <th scope="col" className="ev-col-num">
                  <abbr title="Reaction time">RT</abbr>
                </th>
              )}
              {layout.rowWind && (
                <th scope="col" className="ev-col-num">
                  Wind
                </th>
              )}
              {layout.points && (
                <th scope="col" className="ev-col-num">
                  Points
                </th>
              )}
              {series.type === 'horizontal' &&
                Array.from({ length: series.attempts }, (_, i) => (
                  <th
                    scope="col"
                    key={i}
                    className={`ev-col-attempt${i === 0 ? ' ev-series-first' : ''}`}
                  >
                    <span aria-hidden="true">{i + 1}</span>
                    <span className="visually-hidden">Attempt {i + 1}</span>
                  </th>
                ))}
              {series.type === 'vertical' &&
                series.heights.map((height, i) => (
                  <th
                    scope="col"
                    key={height}
                    className={`ev-col-attempt${i === 0 ? ' ev-series-first' : ''}`}
                  >
                    <span className="visually-hidden">Height </span>
                    {formatFieldMark(height)}
                  </th>
                ))}
            </tr>
          </thead>
          <tbody>
            {rows.map((row, index) => {
              const result = rowResult(row, layout);
              const isCorrected = corrected?.keys.has(athleteKey(row)) ?? false;
              // A row marked again by a later correction is a new element: its fade replays.
              const key = `${row.id}-${index}${isCorrected ? `-${corrected?.correctedAt}` : ''}`;
              return (
                <tr key={key} className={isCorrected ? 'is-corrected' : undefined}>
                  <RankCell rank={row.rank} />
                  <AthleteNameCell row={row} showClub={layout.club} showBib={layout.bib} />
                  {layout.club && <td className="ev-col-club">{row.club}</td>}
                  {layout.bib && <td className="ev-col-num ev-col-bib">{row.bib}</td>}
                  {layout.lane && <td className={laneClass}>{row.lane}</td>}
                  {layout.category && <td>{row.category}</td>}
                  {layout.section && <td className="ev-col-num">{row.heat}</td>}
                  {layout.flight && <td className="ev-col-num">{row.flight}</td>}
                  <td className="ev-col-result">
                    {result}
                    {row.qualified && (
                      <QualifiedMark qualified={row.qualified} provisional={provisional} />
                    )}
                    <BestFlags flags={row.flags} />
                    {isCorrected && <span className="visually-hidden"> (corrected)</span>}
                  </td>
                  {layout.reactionTime && (
                    <td className="ev-col-num">{formatReactionTime(row.reactionTime)}</td>
                  )}
                  {layout.rowWind && (
                    <td className="ev-col-num">{formatWind(row.windspeed ?? null)}</td>
                  )}
                  {layout.points && <td className="ev-col-num">{row.points}</td>}
                  {series.type === 'horizontal' && (
                    <HorizontalCells
                      row={row}
                      attempts={series.attempts}
                      showWinds={series.showWinds}
                      best={result}
                      fresh={fresh}
                    />
                  )}
                  {series.type === 'vertical' &&
                    series.heights.map((height, i) => (
                      <td
                        key={height}
                        className={`ev-col-attempt ev-col-vertical${i === 0 ? ' ev-series-first' : ''}${
                          fresh?.has(
                            seriesCellKey(
                              row,
                              (row.heights ?? []).findIndex((h) => h.trim() === height),
                            ),
                          )
                            ? ' is-new'
                            : ''
                        }`}
                      >
                        {formatAttempt(cellAtHeight(row, height), true)}
                      </td>
                    ))}
                </tr>
              );
            })}
          </tbody>
        </table>
      </div>
    </section>
  );
}

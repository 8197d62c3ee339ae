import { BestFlags } from '../BestFlags.tsx';
import type { Club } from '../../../shared/schemas/club.ts';
import type { Competition } from '../../../shared/schemas/competition.ts';
import type { MeetNow } from '../../../shared/meet/now.ts';
import type { EventSummary } from '../../../shared/schemas/event.ts';
import type { ShownEstimate } from '../../../shared/schedule/venue.ts';
import { fieldLeaders, resultRows } from '../../../shared/meet/now.ts';
import { useBoardEvent } from '../../lib/useMeetBoard.ts';
import { useConnectivity } from '../../lib/useConnectivity.ts';
import {
  ResultsState,
  ScreenConnection,
  expectedText,
  placeText,
  rowMark,
  titleOf,
} from '../board/parts.tsx';
import { QualifiedMark } from '../QualifiedMark.tsx';
import './embed.css';

/** Rows the widget shows of the latest results: the podium and a little more. */
const WIDGET_ROWS = 5;
/** The overlay shows a heat's finishers whole, as a lower third of a stream. */
const OVERLAY_ROWS = 8;

/**
 * The live widget a club frames in its own website (one <iframe>, /embed/{club}/{competition}),
 * or, with ?overlay=1, a transparent overlay for streaming software (OBS's browser source):
 * the latest results, what starts next and the field events under way, live.
 */
export function Widget({
  club,
  competition,
  plan,
  estimates,
  overlay,
}: {
  club: Club;
  competition: Competition;
  plan: MeetNow;
  estimates: Map<string, ShownEstimate> | null;
  overlay: boolean;
}) {
  const latest = useBoardEvent(plan.latest);
  const { rows, provisional } = latest ? resultRows(latest) : { rows: [], provisional: true };
  // LIVE NOW only while the widget is: never beside "Offline · results from 14:02".
  const live = useConnectivity().state === 'live';
  const shown = rows.slice(0, overlay ? OVERLAY_ROWS : WIDGET_ROWS);
  const meetPath = `/${club.urlName ?? ''}/${competition.urlName ?? ''}`;
  const next = plan.next;
  return (
    <main className={overlay ? 'widget is-overlay' : 'widget'}>
      <header className="widget-head">
        <h1 className="widget-title">{competition.competitionName}</h1>
        {competition.liveNow && live && (
          <span className="widget-live">
            <span className="widget-live-dot" aria-hidden="true" />
            LIVE NOW
          </span>
        )}
      </header>
      <section className="widget-section" aria-labelledby="widget-latest">
        <h2 id="widget-latest" className="widget-label">
          {plan.latest ? titleOf(plan.latest) : 'Latest results'}
        </h2>
        {latest && shown.length > 0 && <ResultsState event={latest} provisional={provisional} />}
        {shown.length === 0 ? (
          <p className="widget-empty">Results appear here as each event finishes.</p>
        ) : (
          <table className="widget-table">
            <caption className="visually-hidden">
              {`${provisional ? 'Unofficial results' : 'Results'}: ${plan.latest ? titleOf(plan.latest) : ''}`}
            </caption>
            <thead className="visually-hidden">
              <tr>
                <th scope="col">Place</th>
                <th scope="col">Athlete</th>
                <th scope="col">Result</th>
              </tr>
            </thead>
            <tbody>
              {shown.map((row, i) => (
                <tr key={`${row.bib ?? ''}|${row.name}|${i}`}>
                  <td className="widget-place">{placeText(row)}</td>
                  <th scope="row" className="widget-athlete">
                    {row.name}
                    {row.club && <span className="widget-club"> {row.club}</span>}
                  </th>
                  <td className="widget-mark">
                    {latest ? rowMark(row, latest) : ''}
                    {row.qualified && latest?.progression && (
                      <QualifiedMark
                        qualified={row.qualified}
                        provisional={!latest.progression.final}
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
      {!overlay && next && (
        <p className="widget-next">
          <span className="widget-label">Next</span> {titleOf(next)}{' '}
          <span className="widget-when">{expectedText(next, estimates?.get(next.id))}</span>
        </p>
      )}
      {!overlay && plan.fieldInProgress.length > 0 && (
        <section className="widget-section" aria-labelledby="widget-fields">
          <h2 id="widget-fields" className="widget-label">
            Field events in progress
          </h2>
          <ul className="widget-fields">
            {plan.fieldInProgress.map((event) => (
              <FieldLeader key={event.id} summary={event} />
            ))}
          </ul>
        </section>
      )}
      {!overlay && (
        <a className="widget-more" href={meetPath} target="_blank" rel="noopener">
          All results on Rith<span className="visually-hidden"> (opens in a new tab)</span>
        </a>
      )}
      <ScreenConnection className="widget-connection" />
    </main>
  );
}

function FieldLeader({ summary }: { summary: EventSummary }) {
  const event = useBoardEvent(summary);
  const title = titleOf(summary);
  const leader = event ? fieldLeaders(event, 1)[0] : undefined;
  return (
    <li>
      <span className="widget-field-name">{title}</span>
      {leader && event && (
        <span className="widget-field-leader">
          {leader.name} {rowMark(leader, event)}
        </span>
      )}
    </li>
  );
}

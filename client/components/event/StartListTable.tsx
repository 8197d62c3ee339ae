import { useId } from 'react';
import type { PublicEvent } from '../../../shared/schemas/event.ts';
import { startListLayout } from '../../../shared/resultColumns.ts';
import { AthleteNameCell } from './AthleteNameCell.tsx';

type StartListEvent = Pick<PublicEvent, 'eventType' | 'startListFile' | 'eventName'> &
  Partial<Pick<PublicEvent, 'startListDrawn'>>;

/** The start list in the order the timing system wrote it (lane or competition order). */
export function StartListTable({ event }: { event: StartListEvent }) {
  const headingId = useId();
  const rows = event.startListFile;
  const layout = startListLayout(event);

  return (
    <section className="card ev-table-card" aria-labelledby={headingId}>
      <div className="ev-table-card-head">
        <h2 id={headingId}>Start List</h2>
        {rows.length > 0 && (
          <p className="ev-table-count">
            {rows.length} {rows.length === 1 ? 'entry' : 'entries'}
          </p>
        )}
      </div>
      {event.startListDrawn && rows.length > 0 && (
        <p className="ev-unofficial-note ev-drawn-note">
          <span className="status-badge status-unofficial">Provisional</span> Drawn by Rith from the
          last round&rsquo;s qualifiers, in World Athletics&rsquo; lane groups. The timing
          room&rsquo;s start list replaces it.
        </p>
      )}
      {rows.length === 0 ? (
        <p className="ev-table-empty">The start list for this event has not been published yet.</p>
      ) : (
        <div className="ev-table-scroll" role="region" aria-labelledby={headingId} tabIndex={0}>
          <table className="ev-data-table ev-start-list-table">
            <caption className="visually-hidden">{`Start list: ${event.eventName}`}</caption>
            <thead>
              <tr>
                {layout.lane && (
                  <th scope="col" className="ev-col-num">
                    {layout.kind === 'track' ? 'Lane' : 'Order'}
                  </th>
                )}
                {layout.bib && (
                  <th scope="col" className="ev-col-num ev-col-bib">
                    Bib
                  </th>
                )}
                <th scope="col" className="ev-col-name">
                  Name
                </th>
                {layout.club && (
                  <th scope="col" className="ev-col-club">
                    Club
                  </th>
                )}
                {layout.category && <th scope="col">Category</th>}
                {layout.flight && (
                  <th scope="col" className="ev-col-num">
                    Flight
                  </th>
                )}
              </tr>
            </thead>
            <tbody>
              {rows.map((row, index) => (
                <tr key={`${row.id}-${index}`}>
                  {layout.lane && <td className="ev-col-num">{row.lane}</td>}
                  {layout.bib && <td className="ev-col-num ev-col-bib">{row.bib}</td>}
                  <AthleteNameCell row={row} showClub={layout.club} showBib={layout.bib} />
                  {layout.club && <td className="ev-col-club">{row.club}</td>}
                  {layout.category && <td>{row.category}</td>}
                  {layout.flight && <td className="ev-col-num">{row.flight}</td>}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}

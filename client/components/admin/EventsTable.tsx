import { useState } from 'react';
import { startTimeText, type SortDirection } from '../../../shared/athletics/eventTime.ts';
import { runningOrder } from '../../../shared/meet/runningOrder.ts';
import { formatWind } from '../../../shared/athletics/wind.ts';
import { roundLabels } from '../../../shared/domain.ts';
import type { AdminEvent } from '../../../shared/schemas/admin.ts';
import { StatusBadge } from '../StatusBadge.tsx';
import { progressText } from '../../../shared/meet/completeness.ts';
import { HeatLabel } from '../HeatLabel.tsx';
import { eventTitle } from '../../../shared/athletics/heats.ts';
import { visibilityLabel } from './labels.ts';
import { SortableHeader } from '../SortableHeader.tsx';

/**
 * The selected competition's events in the meet's running order (shared/meet/runningOrder.ts);
 * Time sorts ascending first. On a phone each row is a card, as in the
 * competitions table (admin.css).
 */
export function EventsTable({
  events,
  onEdit,
}: {
  events: readonly AdminEvent[];
  onEdit: (event: AdminEvent) => void;
}) {
  const [direction, setDirection] = useState<SortDirection>('asc');
  const rows = runningOrder(events, direction);
  const ascending = direction === 'asc';

  return (
    <div className="admin-table-wrap" role="region" aria-label="Events" tabIndex={0}>
      <table className="admin-table">
        <caption className="visually-hidden">
          Events, sorted by time {ascending ? 'ascending' : 'descending'}
        </caption>
        <thead>
          <tr>
            <SortableHeader label="Time" direction={direction} onChange={setDirection} />
            <th scope="col">Event Name</th>
            <th scope="col">Round</th>
            <th scope="col">Status</th>
            <th scope="col">Origin</th>
            <th scope="col">Visible</th>
            <th scope="col">Start List</th>
            <th scope="col">Wind</th>
            <th scope="col">Results File</th>
            <th scope="col">PDF File</th>
            <th scope="col">
              <span className="visually-hidden">Actions</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {rows.map((event) => (
            <tr key={event.id} className="admin-row">
              <td className="nowrap strong" data-label="Time">
                {startTimeText(event)}
              </td>
              <td className="strong wide cell-title">
                {event.eventName} <HeatLabel event={event} />
              </td>
              <td data-label="Round">{roundLabels[event.round]}</td>
              <td data-label="Status">
                <StatusBadge status={event.status} />
                {/* A timing file's results in part: what the operator is waiting for. */}
                {event.progress && (
                  <span className="admin-progress"> {progressText(event.progress)}</span>
                )}
              </td>
              <td data-label="Origin">{event.autoCreatedFromTimetable ? 'Auto' : 'Manual'}</td>
              <td data-label="Visible">
                <span className={event.visible ? 'flag is-on' : 'flag'}>
                  {visibilityLabel(event.visible)}
                </span>
              </td>
              <td data-label="Start List">
                {fileCell(event.startListFileName, event.startListFile.length)}
              </td>
              <td className="nowrap" data-label="Wind">
                {formatWind(event.windSpeed) || '—'}
              </td>
              <td data-label="Results File">
                {fileCell(event.resultsFileName, event.results.length)}
              </td>
              <td data-label="PDF File">
                {event.pdfLink ? (
                  <a href={event.pdfLink} target="_blank" rel="noopener noreferrer">
                    View PDF<span className="visually-hidden"> of {eventTitle(event)}</span>
                  </a>
                ) : (
                  '—'
                )}
              </td>
              <td className="cell-actions">
                <button
                  type="button"
                  className="btn btn-secondary btn-small"
                  onClick={() => onEdit(event)}
                  aria-label={`Edit ${eventTitle(event)}`}
                >
                  Edit
                </button>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** A file's name, else how many rows it brought, else a dash. */
function fileCell(name: string | null, rows: number) {
  // The whole name on hover: a long one is cut short with an ellipsis.
  if (name)
    return (
      <span className="file-cell" title={name}>
        {name}
      </span>
    );
  return rows > 0 ? `${rows} rows` : '—';
}

import { useId, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../lib/api.ts';
import { queryKeys } from '../../../shared/queryKeys.ts';
import { venueClock } from '../../../shared/results/corrections.ts';
import type { EventVersion } from '../../../shared/schemas/eventHistory.ts';

/** A correction's changes worth a line: its athletes, and its status if that changed too. */
const shownChanges = (version: EventVersion) =>
  version.changes.filter((c) => c.type === 'athlete' || c.type === 'status');

function WhatChanged({ eventId, correctedAt }: { eventId: string; correctedAt: string }) {
  const history = useQuery({
    queryKey: queryKeys.eventHistory(eventId, correctedAt),
    queryFn: () => api.eventHistory(eventId),
  });
  if (history.isError) {
    return (
      <p className="ev-corrections-status" role="alert">
        What changed could not be loaded.{' '}
        <button type="button" className="follow-link" onClick={() => void history.refetch()}>
          Try again
        </button>
      </p>
    );
  }
  if (!history.data) {
    return (
      <p className="ev-corrections-status" role="status">
        Loading what changed…
      </p>
    );
  }
  const corrections = history.data.versions.filter((v) => v.correction);
  return (
    <ol className="ev-corrections-list">
      {corrections.map((version) => (
        <li key={version.version}>
          <h3>
            Corrected at <time dateTime={version.at}>{version.atVenue}</time>
          </h3>
          <ul>
            {shownChanges(version).map((change, i) => (
              <li key={i}>{change.summary}</li>
            ))}
          </ul>
        </li>
      ))}
    </ol>
  );
}

/**
 * "Corrected 14:03" beside results changed after they were published, on the venue's clock:
 * a button that opens what changed, each correction with its time, newest first, read from
 * GET /api/events/{id}/history when first opened.
 */
export function CorrectedNote({ eventId, correctedAt }: { eventId: string; correctedAt: string }) {
  const [open, setOpen] = useState(false);
  const panelId = useId();
  return (
    <div className="ev-corrections">
      <button
        type="button"
        className="ev-corrected-toggle"
        aria-expanded={open}
        aria-controls={panelId}
        onClick={() => setOpen(!open)}
      >
        <span>
          Corrected <time dateTime={correctedAt}>{venueClock(correctedAt)}</time>
        </span>
        <span className="ev-corrected-more">
          {open ? 'Hide changes' : 'What changed'}
          <svg aria-hidden="true" width="14" height="14" viewBox="0 0 24 24" fill="none">
            <path
              d={open ? 'M6 15l6-6 6 6' : 'M6 9l6 6 6-6'}
              stroke="currentColor"
              strokeWidth="2.5"
              strokeLinecap="round"
            />
          </svg>
        </span>
      </button>
      <div id={panelId} className="ev-corrections-panel" hidden={!open}>
        {open && <WhatChanged eventId={eventId} correctedAt={correctedAt} />}
      </div>
    </div>
  );
}

import { useEffect, useState } from 'react';
import type { FieldEventSummary, FieldIdentity } from '../../shared/schemas/field.ts';
import { eventStatusLabels } from '../../shared/domain.ts';
import { errorText } from '../lib/http.ts';
import { fieldApi } from './api.ts';
import { store } from './store.ts';
import { WaitingBadge } from './WaitingBadge.tsx';

/** The competition's jumps and throws: the judge opens theirs. */
export function EventList({
  identity,
  onOpen,
}: {
  identity: FieldIdentity;
  onOpen: (id: string) => void;
}) {
  const [events, setEvents] = useState<FieldEventSummary[] | null>(null);
  const [note, setNote] = useState<string | null>(null);

  useEffect(() => {
    fieldApi
      .events()
      .then(async (list) => {
        setEvents(list);
        await store.keepEvents(list);
      })
      .catch(async (error: unknown) => {
        const kept = await store.events();
        setEvents(kept ?? []);
        setNote(
          kept
            ? 'No network: the events as this phone last saw them.'
            : errorText(error, 'The events could not be loaded.'),
        );
      });
  }, []);

  return (
    <main className="field">
      <header className="field-head">
        <div>
          <h1 className="field-title">Field card</h1>
          <p className="field-sub">
            {identity.competitionName} · {identity.tokenName}
          </p>
        </div>
        <WaitingBadge />
      </header>
      {note && <p className="field-note">{note}</p>}
      {events === null ? (
        <p role="status">Loading the events…</p>
      ) : events.length === 0 ? (
        <p>This competition has no jumps or throws yet.</p>
      ) : (
        <ul className="field-events">
          {events.map((event) => (
            <li key={event.id}>
              <button type="button" className="field-event" onClick={() => onOpen(event.id)}>
                <span className="field-event-name">{event.eventName}</span>
                <span className="field-event-meta">
                  {[
                    event.time,
                    event.completed ? 'Results complete' : eventStatusLabels[event.status],
                    `${event.trials} trials`,
                  ]
                    .filter(Boolean)
                    .join(' · ')}
                </span>
              </button>
            </li>
          ))}
        </ul>
      )}
    </main>
  );
}

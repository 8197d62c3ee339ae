import type { AdminCompetition, AdminEvent } from '../../../shared/schemas/admin.ts';
import { EventsTable } from './EventsTable.tsx';

/** The events card of the selected competition, with its empty states. */
export function EventsSection({
  competition,
  events,
  loading,
  failed,
  onAdd,
  onEdit,
}: {
  competition: AdminCompetition | null;
  events: readonly AdminEvent[];
  loading: boolean;
  failed: boolean;
  onAdd: () => void;
  onEdit: (event: AdminEvent) => void;
}) {
  let body;
  if (!competition) body = <p className="admin-empty">No Competitions Available</p>;
  else if (loading) {
    body = (
      <p className="admin-loading" role="status">
        <span className="spinner" aria-hidden="true" />
        Loading events…
      </p>
    );
  } else if (failed) body = <p className="admin-empty">Failed to fetch events</p>;
  else if (events.length === 0) body = <p className="admin-empty">No Results Data Uploaded</p>;
  else body = <EventsTable events={events} onEdit={onEdit} />;

  return (
    <section className="card admin-section" aria-labelledby="events-title">
      <div className="admin-section-head">
        <h2 id="events-title">
          Events
          {competition && (
            <span className="admin-section-sub"> — {competition.competitionName}</span>
          )}
        </h2>
        <button type="button" className="btn admin-add" onClick={onAdd} disabled={!competition}>
          Add New Event
        </button>
      </div>
      {body}
    </section>
  );
}

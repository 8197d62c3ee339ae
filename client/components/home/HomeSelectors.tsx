import type { ChangeEvent, ReactNode } from 'react';
import type { Club } from '../../../shared/schemas/club.ts';
import type { Competition } from '../../../shared/schemas/competition.ts';
import { formatCompetitionDate } from '../../../shared/competitionList.ts';

function Field({ id, label, children }: { id: string; label: string; children: ReactNode }) {
  return (
    <div className="selector-field">
      <label htmlFor={id} className="selector-label">
        {label}
      </label>
      <div className="selector-control">{children}</div>
    </div>
  );
}

function competitionLabel(competition: Competition): string {
  const date = formatCompetitionDate(competition.date);
  const live = competition.liveNow ? ' (Live now)' : '';
  return `${competition.competitionName}${date ? ` · ${date}` : ''}${live}`;
}

/** The three native selectors of the home page: club, competition and event. */
export function HomeSelectors({
  clubs,
  club,
  competitions,
  competition,
  eventOptions,
  eventId,
  onClubChange,
  onCompetitionChange,
  onEventChange,
}: {
  clubs: readonly Club[];
  club: Club | null;
  competitions: readonly Competition[];
  competition: Competition | null;
  eventOptions: readonly { value: string; label: string }[];
  eventId: string;
  onClubChange: (uic: number) => void;
  onCompetitionChange: (uic: number) => void;
  onEventChange: (id: string) => void;
}) {
  const number = (handler: (uic: number) => void) => (event: ChangeEvent<HTMLSelectElement>) => {
    const uic = Number(event.target.value);
    if (Number.isInteger(uic)) handler(uic);
  };

  return (
    <section className="card selectors" aria-label="Choose what to show">
      <Field id="club-select" label="Select Club or Organisation">
        <select
          id="club-select"
          value={club ? String(club.uic) : ''}
          disabled={clubs.length === 0}
          onChange={number(onClubChange)}
        >
          {clubs.length === 0 && <option value="">No clubs available</option>}
          {clubs.map((c) => (
            <option key={c.uic} value={String(c.uic)}>
              {c.clubName}
            </option>
          ))}
        </select>
      </Field>
      <Field id="competition-select" label="Select the Competition">
        <select
          id="competition-select"
          value={competition ? String(competition.uic) : ''}
          disabled={competitions.length === 0}
          onChange={number(onCompetitionChange)}
        >
          {competitions.length === 0 && <option value="">No competitions available</option>}
          {competitions.map((c) => (
            <option key={c.uic} value={String(c.uic)}>
              {competitionLabel(c)}
            </option>
          ))}
        </select>
      </Field>
      <Field id="event-select" label="Select the Event">
        <select
          id="event-select"
          value={eventOptions.length === 0 ? '' : eventId}
          onChange={(event) => onEventChange(event.target.value)}
        >
          {eventOptions.length === 0 ? (
            <option value="">No events available</option>
          ) : (
            <>
              <option value="">All Events</option>
              {eventOptions.map((option) => (
                <option key={option.value} value={option.value}>
                  {option.label}
                </option>
              ))}
            </>
          )}
        </select>
      </Field>
    </section>
  );
}

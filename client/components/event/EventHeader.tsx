import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import type { PublicEvent } from '../../../shared/schemas/event.ts';
import { roundLabels } from '../../../shared/domain.ts';
import { heatPart } from '../../../shared/athletics/heats.ts';
import { startTimeText } from '../../../shared/athletics/eventTime.ts';
import { progressText } from '../../../shared/meet/completeness.ts';
import { ShareLink } from '../ShareLink.tsx';
import { isScratched } from '../../../shared/athletics/eventDisplay.ts';
import { formatWind, windLabel } from '../../../shared/athletics/wind.ts';
import { competitionBackPath, formatCompetitionDate } from '../../../shared/competitionList.ts';
import { StatusBadge } from '../StatusBadge.tsx';
import { PhotoFinishDialog } from './PhotoFinishDialog.tsx';
import { ConnectionStatus } from '../live/ConnectionStatus.tsx';
import { Estimate } from '../follow/Estimate.tsx';
import type { ShownEstimate } from '../../../shared/schedule/venue.ts';

/** '+1.3 m/s · Legal wind', or null when the event has no wind reading. */
function windText(windSpeed: string | null): string | null {
  const wind = formatWind(windSpeed);
  const label = windLabel(windSpeed);
  if (wind === '' || label === null) return null;
  return `${wind} m/s · ${label}`;
}

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="ev-fact">
      <dt>{label}</dt>
      <dd>{children}</dd>
    </div>
  );
}

export function EventHeader({
  event,
  estimate,
}: {
  event: PublicEvent;
  /** The live estimate, on the competition's day, while the event is still to start. */
  estimate?: ShownEstimate | undefined;
}) {
  const { competition, club } = event;
  const wind = windText(event.windSpeed);
  const date = formatCompetitionDate(competition.date);
  const location = competition.location?.trim();
  const backPath = competitionBackPath(club.urlName, competition.urlName, event.competitionUic);
  const heat = heatPart(event);
  // Whether updates arriving matters here: the meet is on, or the finish camera's lines show.
  const updatesMatter = competition.liveNow || event.shown === 'live';

  return (
    <header className="card ev-event-header">
      <div className="ev-event-header-top">
        <Link className="btn btn-secondary ev-back-link" to={backPath}>
          <svg aria-hidden="true" width="18" height="18" viewBox="0 0 24 24" fill="none">
            <path
              d="M15 5l-7 7 7 7"
              stroke="currentColor"
              strokeWidth="2.5"
              strokeLinecap="round"
            />
          </svg>
          Back to Competition
        </Link>
        <div className="ev-event-header-actions">
          {updatesMatter && <ConnectionStatus />}
          {event.pdfLink && (
            <PhotoFinishDialog pdfLink={event.pdfLink} eventName={event.eventName} />
          )}
          {(event.shown === 'results' || event.shown === 'live') && (
            <a
              className="btn btn-secondary"
              href={`/api/events/${event.id}/results.pdf`}
              target="_blank"
              rel="noreferrer"
            >
              Results PDF
            </a>
          )}
          <ShareLink event={event} competitionName={competition.competitionName} />
        </div>
      </div>

      <h1 className={`ev-event-title${isScratched(event.status) ? ' is-scratched' : ''}`}>
        {event.eventName}
      </h1>

      <dl className="ev-event-facts">
        <Fact label="Time">{startTimeText(event)}</Fact>
        {estimate?.text && (
          <Fact label="Expected">
            <Estimate estimate={estimate} />
          </Fact>
        )}
        <Fact label="Round">{roundLabels[event.round]}</Fact>
        {heat && <Fact label={heat.word}>{heat.which}</Fact>}
        <Fact label="Status">
          <StatusBadge status={event.status} />
          {event.progress && <span className="ev-progress"> {progressText(event.progress)}</span>}
        </Fact>
        {wind && <Fact label="Wind">{wind}</Fact>}
      </dl>

      <dl className="ev-event-facts ev-event-where">
        <Fact label="Competition">{competition.competitionName}</Fact>
        {date && <Fact label="Date">{date}</Fact>}
        {location && <Fact label="Location">{location}</Fact>}
      </dl>
    </header>
  );
}

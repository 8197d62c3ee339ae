import type { ReactNode } from 'react';
import type { Club } from '../../../shared/schemas/club.ts';
import type { Competition } from '../../../shared/schemas/competition.ts';
import { formatCompetitionDate } from '../../../shared/competitionList.ts';
import { formatEventTime } from '../../../shared/athletics/eventTime.ts';
import { externalHref } from './externalHref.ts';
import { Icon, type IconName } from './Icon.tsx';

function Badge({ icon, children }: { icon: IconName; children: ReactNode }) {
  return (
    <li className="meta-badge">
      <Icon name={icon} />
      {children}
    </li>
  );
}

function OutsideLink({ href, children }: { href: string; children: ReactNode }) {
  return (
    <a href={href} target="_blank" rel="noopener noreferrer">
      {children}
      <span className="visually-hidden"> (opens in a new tab)</span>
    </a>
  );
}

/** The card above the selectors: what is being shown, and where and when it happens. */
export function CompetitionHeader({
  club,
  competition,
}: {
  club: Club | null;
  competition: Competition | null;
}) {
  const title =
    club && competition ? `${club.clubName} — ${competition.competitionName}` : 'Select a Club';
  const date = formatCompetitionDate(competition?.date);
  const startTime = competition?.startTime?.trim() ? formatEventTime(competition.startTime) : null;
  const mapHref = externalHref(competition?.mapLink);
  const facebookHref = externalHref(competition?.facebook);
  const timedByHref = externalHref(competition?.timedByLink);
  const email = club?.email?.trim() || null;
  const timedBy = competition?.timedBy?.trim() || null;
  const image = competition?.imageLink?.trim() || null;

  return (
    <section className="card competition-card" aria-labelledby="competition-title">
      {image && (
        <img
          className="competition-card-image"
          src={image}
          alt={competition ? `${competition.competitionName}` : ''}
          loading="lazy"
        />
      )}
      <div className="competition-card-body">
        {competition?.liveNow && (
          <p className="live-now">
            <span className="live-badge">
              <span className="live-dot" aria-hidden="true" />
              LIVE NOW
            </span>
            <span className="live-text">The competition is happening right now!</span>
          </p>
        )}
        <h1 id="competition-title" className="competition-title">
          {title}
        </h1>
        {competition && (
          <ul className="meta-badges" aria-label="Competition details">
            {competition.location?.trim() && (
              <Badge icon="pin">
                <span className="visually-hidden">Location: </span>
                {competition.location}
              </Badge>
            )}
            {date && (
              <Badge icon="calendar">
                <span className="visually-hidden">Date: </span>
                {date}
              </Badge>
            )}
            {startTime && (
              <Badge icon="clock">
                <span className="visually-hidden">Start time: </span>
                {startTime}
              </Badge>
            )}
            {mapHref && (
              <Badge icon="map">
                <OutsideLink href={mapHref}>Map</OutsideLink>
              </Badge>
            )}
            {facebookHref && (
              <Badge icon="facebook">
                <OutsideLink href={facebookHref}>Facebook</OutsideLink>
              </Badge>
            )}
            {email && (
              <Badge icon="mail">
                <a href={`mailto:${email}`}>
                  <span className="visually-hidden">Contact the club: </span>
                  {email}
                </a>
              </Badge>
            )}
            {timedBy && (
              <Badge icon="timer">
                {timedByHref ? (
                  <OutsideLink href={timedByHref}>Timed by: {timedBy}</OutsideLink>
                ) : (
                  <>Timed by: {timedBy}</>
                )}
              </Badge>
            )}
          </ul>
        )}
      </div>
    </section>
  );
}

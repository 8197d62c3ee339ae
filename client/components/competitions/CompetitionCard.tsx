import { Link } from 'react-router-dom';
import type { Competition } from '../../../shared/schemas/competition.ts';
import { formatEventTime } from '../../../shared/athletics/eventTime.ts';
import {
  competitionRegisterPath,
  competitionResultsPath,
  formatCompetitionDate,
  type CompetitionTab,
} from '../../../shared/competitionList.ts';
import {
  competitionDay,
  ENTRIES_CLOSED,
  entriesClosed,
  type WallClock,
} from '../../../shared/entries.ts';

function MetaIcon({ path }: { path: string }) {
  return (
    <svg aria-hidden="true" width="16" height="16" viewBox="0 0 24 24" fill="none">
      <path
        d={path}
        stroke="currentColor"
        strokeWidth="2"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
    </svg>
  );
}

const icons = {
  date: 'M7 3v3M17 3v3M4 9h16M5 5h14a1 1 0 0 1 1 1v13a1 1 0 0 1-1 1H5a1 1 0 0 1-1-1V6a1 1 0 0 1 1-1Z',
  location:
    'M12 21s-7-6.2-7-11.5a7 7 0 0 1 14 0C19 14.8 12 21 12 21Z M12 12a2.5 2.5 0 1 0 0-5 2.5 2.5 0 0 0 0 5Z',
  time: 'M12 7v5l3 2 M12 21a9 9 0 1 0 0-18 9 9 0 0 0 0 18Z',
};

/**
 * One competition. The card's main action is stretched over the whole card, so it is one
 * named link for keyboard and screen-reader users. An upcoming competition registers while
 * entries are open; one on today also leads to its results, and once entries have closed
 * (shared/entries.ts) it says so and leads only there.
 */
export function CompetitionCard({
  competition,
  clubName,
  clubUrlName,
  tab,
  clock,
}: {
  competition: Competition;
  clubName: string;
  clubUrlName: string | null;
  tab: CompetitionTab;
  clock: WallClock;
}) {
  const date = formatCompetitionDate(competition.date);
  const location = competition.location?.trim();
  const startTime = competition.startTime?.trim() ? formatEventTime(competition.startTime) : null;
  const today = competitionDay(competition, clock.date) === 'today';
  const closed = entriesClosed(competition, clock);
  const register = tab === 'upcoming' && !closed;
  const resultsPath = competitionResultsPath(competition, clubUrlName);
  const name = <span className="visually-hidden"> {competition.competitionName}</span>;

  return (
    <li className="card cl-card">
      {competition.imageLink ? (
        <img className="cl-card-image" src={competition.imageLink} alt="" loading="lazy" />
      ) : (
        <div className="cl-card-image cl-card-placeholder" aria-hidden="true">
          {/* A running track seen from above. */}
          <svg width="56" height="40" viewBox="0 0 28 20" fill="none">
            <rect
              x="1.5"
              y="1.5"
              width="25"
              height="17"
              rx="8.5"
              stroke="currentColor"
              strokeWidth="1.5"
            />
            <rect
              x="6"
              y="6"
              width="16"
              height="8"
              rx="4"
              stroke="currentColor"
              strokeWidth="1.5"
            />
          </svg>
        </div>
      )}
      <div className="cl-card-body">
        {(competition.liveNow || today) && (
          <p className="cl-badges">
            {competition.liveNow && <span className="cl-live">Live now</span>}
            {today && <span className="cl-today">Today</span>}
          </p>
        )}
        <h3 className="cl-card-title">{competition.competitionName}</h3>
        <p className="cl-card-club">{clubName}</p>
        <ul className="cl-card-meta">
          {date && (
            <li>
              <MetaIcon path={icons.date} />
              <span className="visually-hidden">Date: </span>
              {date}
            </li>
          )}
          {location && (
            <li>
              <MetaIcon path={icons.location} />
              <span className="visually-hidden">Location: </span>
              {location}
            </li>
          )}
          {startTime && (
            <li>
              <MetaIcon path={icons.time} />
              <span className="visually-hidden">Start time: </span>
              {startTime}
            </li>
          )}
        </ul>
        {tab === 'upcoming' && closed && <p className="cl-closed">{ENTRIES_CLOSED}</p>}
        <div className="cl-card-actions">
          {register ? (
            <Link className="btn cl-card-action" to={competitionRegisterPath(competition)}>
              Register<span className="visually-hidden"> for</span>
              {name}
            </Link>
          ) : (
            <Link className="btn cl-card-action" to={resultsPath}>
              Results<span className="visually-hidden"> of</span>
              {name}
            </Link>
          )}
          {register && today && (
            <Link className="btn btn-secondary cl-card-second" to={resultsPath}>
              Results<span className="visually-hidden"> of</span>
              {name}
            </Link>
          )}
        </div>
      </div>
    </li>
  );
}

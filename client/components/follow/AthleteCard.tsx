import { AthleteLink } from '../AthleteLink.tsx';
import { Link } from 'react-router-dom';
import type { AthleteEntry, AthleteEvent } from '../../../shared/schemas/athleteSearch.ts';
import type { ShownEstimate } from '../../../shared/schedule/venue.ts';
import { eventTitle } from '../../../shared/athletics/heats.ts';
import { formatEventTime } from '../../../shared/athletics/eventTime.ts';
import { runningOrder } from '../../../shared/meet/runningOrder.ts';
import { formatPerformance } from '../../../shared/athletics/performance.ts';
import { formatEstimate } from '../../../shared/schedule/estimate.ts';
import { parseEventTime } from '../../../shared/athletics/eventTime.ts';
import { followOf, isFollowing, useFollows } from '../../lib/follows.ts';
import { FollowButton, FollowClubButton } from './FollowButton.tsx';
import { StatusBadge } from '../StatusBadge.tsx';

/** Where the athlete stands in the event: heat and lane, or their place in the order. */
function place(event: AthleteEvent): string {
  const parts: string[] = [];
  if (event.lane) parts.push(`Lane ${event.lane}`);
  else if (event.order !== null) parts.push(`No. ${event.order} in the order`);
  return parts.join(' · ');
}

function resultText(event: AthleteEvent): string | null {
  if (event.result === null) return null;
  const kind = event.eventType === 'JUMP' ? 'field' : 'track';
  const mark = formatPerformance(event.performance, kind) || event.performance || '';
  const rank = event.rank ? (/^\d+$/.test(event.rank) ? `${event.rank}.` : event.rank) : '';
  const words = [rank, mark].filter(Boolean).join(' ');
  return `${words || 'Result in'}${event.result === 'unofficial' ? ' (unofficial)' : ''}`;
}

/** The estimate the page worked out live, else the one the server gave with the answer. */
function estimateText(event: AthleteEvent, live: ShownEstimate | undefined): string | null {
  const start = parseEventTime(live ? live.estimatedStart : event.estimatedStart);
  // The timetable's time says it already.
  if (start === parseEventTime(event.time)) return null;
  if (live) return live.text;
  if (start === null || event.result !== null || event.status !== 'upcoming') return null;
  return formatEstimate({ estimatedStart: start, lateMinutes: event.lateMinutes, started: false });
}

/** An athlete's events in the meet's running order. */
export const inRunningOrder = (events: readonly AthleteEvent[]): AthleteEvent[] =>
  runningOrder(events.map((event) => ({ ...event, id: event.eventId })));

/** The first of their events still to come: what "when is my kid running?" asks. */
export function nextEvent(events: readonly AthleteEvent[]): AthleteEvent | null {
  return (
    inRunningOrder(events).find(
      (e) => e.result === null && e.status !== 'scratched' && e.status !== 'official',
    ) ?? null
  );
}

/**
 * An athlete with every event they are in: the next one first marked, its estimated start,
 * heat and lane; results as they come in. Follow buttons for them and for their club.
 */
export function AthleteCard({
  competitionUic,
  athlete,
  estimates,
  headingLevel = 3,
}: {
  competitionUic: number;
  athlete: AthleteEntry;
  estimates: ReadonlyMap<string, ShownEstimate> | null;
  headingLevel?: 3 | 4;
}) {
  const follows = useFollows();
  const follow = followOf(competitionUic, athlete);
  const followed = isFollowing(follows, follow);
  const next = nextEvent(athlete.events);
  const Heading = headingLevel === 3 ? 'h3' : 'h4';
  return (
    <li className={`athlete-item${followed ? ' is-followed' : ''}`}>
      <div className="athlete-item-head">
        <div>
          <Heading className="athlete-item-name">
            {athlete.athleteId ? (
              <AthleteLink id={athlete.athleteId} className="ev-athlete-link">
                {athlete.name}
              </AthleteLink>
            ) : (
              athlete.name
            )}
          </Heading>
          <p className="athlete-item-meta">
            {[athlete.bib ? `Bib ${athlete.bib}` : null, athlete.club].filter(Boolean).join(' · ')}
          </p>
        </div>
        <div className="athlete-item-actions">
          <FollowButton athlete={follow} />
          {athlete.club && <FollowClubButton competitionUic={competitionUic} club={athlete.club} />}
        </div>
      </div>
      <ul className="athlete-events" aria-label={`${athlete.name}'s events`}>
        {inRunningOrder(athlete.events).map((event) => {
          const estimate = estimateText(event, estimates?.get(event.eventId));
          const result = resultText(event);
          const isNext = next?.eventId === event.eventId;
          return (
            <li key={event.eventId} className={`athlete-event${isNext ? ' is-next' : ''}`}>
              {isNext && <strong>Next: </strong>}
              <Link to={`/event/${event.eventId}`}>{eventTitle(event)}</Link>{' '}
              <StatusBadge status={event.status} />
              <span className="athlete-event-facts">
                {[event.time ? formatEventTime(event.time) : null, estimate, place(event) || null]
                  .filter(Boolean)
                  .join(' · ')}
                {result && (
                  <>
                    {' · '}
                    <span className="athlete-event-result">{result}</span>
                  </>
                )}
              </span>
            </li>
          );
        })}
      </ul>
    </li>
  );
}

/** Athletes as cards, for the search's answer and My athletes alike; nothing when empty. */
export function AthleteList({
  competitionUic,
  athletes,
  estimates,
}: {
  competitionUic: number;
  athletes: readonly AthleteEntry[];
  estimates: ReadonlyMap<string, ShownEstimate> | null;
}) {
  if (athletes.length === 0) return null;
  return (
    <ul className="athlete-list">
      {athletes.map((athlete) => (
        <AthleteCard
          key={athlete.key}
          competitionUic={competitionUic}
          athlete={athlete}
          estimates={estimates}
        />
      ))}
    </ul>
  );
}

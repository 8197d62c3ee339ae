import { useMemo } from 'react';
import { Link } from 'react-router-dom';
import type { EventSummary } from '../../../shared/schemas/event.ts';
import { roundLabels } from '../../../shared/domain.ts';
import { heatPart } from '../../../shared/athletics/heats.ts';
import { raceFamily } from '../../../shared/meet/family.ts';

/** "Heat 2", "Section 1", "Final": what a chip of the race says. */
function partOf(event: EventSummary): string {
  const part = heatPart(event);
  if (part) return `${part.word} ${event.heat}`;
  return event.round === 'finals' ? 'Final' : roundLabels[event.round];
}

/**
 * The other heats and rounds of the event's race, one tap each: "100m K U14" is sixteen heats
 * and a final. Nothing for a race of one event.
 */
export function RaceFamily({
  event,
  events,
}: {
  event: EventSummary;
  events: readonly EventSummary[];
}) {
  // Read once per list: every event's name is read to find the family.
  const family = useMemo(
    () =>
      raceFamily(
        events.filter((other) => other.visible),
        event,
      ),
    [events, event],
  );
  if (family.length === 0) return null;
  const rounds = [...new Set(family.map((e) => e.round))];
  return (
    <nav className="card ev-family" aria-label={`Heats and rounds of ${event.eventName}`}>
      {rounds.map((round) => (
        <div className="ev-family-round" key={round}>
          <h2 className="ev-family-title">{roundLabels[round]}</h2>
          <ul className="ev-family-list">
            {family
              .filter((e) => e.round === round)
              .map((e) => (
                <li key={e.id}>
                  <Link
                    to={`/event/${encodeURIComponent(e.id)}`}
                    className="ev-family-link"
                    aria-current={e.id === event.id ? 'page' : undefined}
                  >
                    {partOf(e)}
                  </Link>
                </li>
              ))}
          </ul>
        </div>
      ))}
    </nav>
  );
}

import { useId } from 'react';
import { Link } from 'react-router-dom';
import type { CombinedEventSummary } from '../../../shared/schemas/combined.ts';

/** The meet's combined events, each a link to its live standings. */
export function CombinedList({ list }: { list: readonly CombinedEventSummary[] }) {
  const headingId = useId();
  if (list.length === 0) return null;
  return (
    <section className="card standings-card" aria-labelledby={headingId}>
      <div className="ev-table-card-head">
        <h2 id={headingId}>Combined events</h2>
      </div>
      <ul className="standings-links">
        {list.map((group) => (
          <li key={group.id}>
            <Link to={`/combined/${group.id}`}>{group.name}</Link>{' '}
            <span className="standings-muted">
              {group.events.length} events: standings with each event&rsquo;s points
            </span>
          </li>
        ))}
      </ul>
    </section>
  );
}

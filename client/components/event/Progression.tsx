import { useId } from 'react';
import type { PublicEvent } from '../../../shared/schemas/event.ts';
import { formatPerformance } from '../../../shared/athletics/performance.ts';
import { ruleText, throughTo } from '../../../shared/athletics/rounds/words.ts';
import { QualifiedMark } from '../QualifiedMark.tsx';

/**
 * Who is through from the event's round, over all its heats: the rule, the qualifiers in the
 * order the next round is seeded, "provisionally" while heats remain, and any tie for the
 * last place, which the referee decides.
 */
export function ProgressionPanel({
  progression,
}: {
  progression: NonNullable<PublicEvent['progression']>;
}) {
  const headingId = useId();
  const { qualifiers, ties, final } = progression;
  return (
    <section className="card ev-progression" aria-labelledby={headingId}>
      <div className="ev-table-card-head">
        <h2 id={headingId}>{throughTo(progression.nextRound)}</h2>
        <p className="ev-table-count">{ruleText(progression)}</p>
      </div>
      <p className="ev-progression-state">
        {final ? (
          `All ${progression.heatCount} heats are in.`
        ) : (
          <>
            <strong>Provisionally through</strong>: {progression.heatsIn} of {progression.heatCount}{' '}
            heats in. Q is certain; q may change until every heat is in.
          </>
        )}
      </p>
      {ties.map((tie, i) => (
        <p key={i} className="ev-progression-tie" role="note">
          <strong>
            Tie for the last{' '}
            {tie.kind === 'place' ? `place in heat ${tie.heat}` : 'time qualifying place'}
          </strong>
          :{' '}
          {tie.athletes
            .map((a) => `${a.name} (${formatPerformance(a.performance, 'track')})`)
            .join(', ')}{' '}
          for {tie.places} {tie.places === 1 ? 'place' : 'places'}. All go through where a lane is
          free; otherwise the referee draws lots.
        </p>
      ))}
      {qualifiers.length === 0 ? (
        <p className="ev-table-empty">No heat of this round has results yet.</p>
      ) : (
        <ol className="ev-progression-list">
          {qualifiers.map((q) => (
            <li key={`${q.eventId}-${q.bib}-${q.name}`}>
              <span className="ev-progression-name">{q.name}</span>
              {q.club && <span className="ev-progression-club">{q.club}</span>}
              <span className="ev-progression-mark">
                {formatPerformance(q.performance, 'track')}{' '}
                <QualifiedMark qualified={q.qualified} provisional={!final} />
              </span>
              {q.heat !== null && <span className="ev-progression-heat">Heat {q.heat}</span>}
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}

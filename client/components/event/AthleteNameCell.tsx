import type { AthleteRow } from '../../../shared/schemas/athlete.ts';
import { followOf, isFollowedRow, useFollows } from '../../lib/follows.ts';
import { useFollowScope } from '../follow/FollowScope.tsx';
import { FollowButton } from '../follow/FollowButton.tsx';
import { AthleteLink } from '../AthleteLink.tsx';

/**
 * The name column. On phones the club and bib columns are hidden and both are shown under
 * the name instead, so the (sticky) name column says who the athlete is while the rest
 * scrolls. Only one of the two places is displayed at a time, so screen readers hear each once.
 * Inside a competition (FollowScope) the athlete can be followed from here, and a followed
 * athlete's row is highlighted (the row's style reads this cell's class).
 */
export function AthleteNameCell({
  row,
  showClub,
  showBib,
}: {
  row: AthleteRow;
  showClub: boolean;
  showBib: boolean;
}) {
  const competitionUic = useFollowScope();
  const follows = useFollows();
  const club = showClub ? (row.club ?? '').trim() : '';
  const bib = showBib ? (row.bib ?? '').trim() : '';
  const name = row.name.trim();
  const followed = competitionUic !== null && isFollowedRow(follows, competitionUic, row);
  return (
    <th scope="row" className={`ev-col-name ev-sticky-col${followed ? ' is-followed' : ''}`}>
      <span className="ev-name-line">
        {competitionUic !== null && name !== '' && (
          <FollowButton athlete={followOf(competitionUic, row)} compact />
        )}
        {row.athleteId && name !== '' ? (
          <AthleteLink id={row.athleteId} className="ev-athlete-name ev-athlete-link">
            {name}
          </AthleteLink>
        ) : (
          <span className="ev-athlete-name">{name || '—'}</span>
        )}
      </span>
      {(club !== '' || bib !== '') && (
        <span className="ev-athlete-meta">
          {bib !== '' && <span className="ev-athlete-bib">Bib {bib}</span>}
          {club !== '' && <span>{club}</span>}
        </span>
      )}
    </th>
  );
}

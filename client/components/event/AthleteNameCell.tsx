import type { AthleteRow } from '../../../shared/schemas/athlete.ts';

/**
 * The sticky name column. On phones the club column is hidden and the club is shown under the
 * name instead, so the name column carries who the athlete is while the rest scrolls. Only one
 * of the two is displayed at a time, so screen readers hear the club once.
 */
export function AthleteNameCell({ row, showClub }: { row: AthleteRow; showClub: boolean }) {
  const club = (row.club ?? '').trim();
  return (
    <th scope="row" className="ev-col-name ev-sticky-col">
      <span className="ev-athlete-name">{row.name.trim() || '—'}</span>
      {showClub && club !== '' && <span className="ev-athlete-club-inline">{club}</span>}
    </th>
  );
}

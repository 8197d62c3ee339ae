import type { AthleteRow } from '../../../shared/schemas/athlete.ts';

/**
 * The name column. On phones the club and bib columns are hidden and both are shown under
 * the name instead, so the (sticky) name column says who the athlete is while the rest
 * scrolls. Only one of the two places is displayed at a time, so screen readers hear each once.
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
  const club = showClub ? (row.club ?? '').trim() : '';
  const bib = showBib ? (row.bib ?? '').trim() : '';
  return (
    <th scope="row" className="ev-col-name ev-sticky-col">
      <span className="ev-athlete-name">{row.name.trim() || '—'}</span>
      {(club !== '' || bib !== '') && (
        <span className="ev-athlete-meta">
          {bib !== '' && <span className="ev-athlete-bib">Bib {bib}</span>}
          {club !== '' && <span>{club}</span>}
        </span>
      )}
    </th>
  );
}

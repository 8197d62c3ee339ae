import type { AthleteRow } from '../../shared/schemas/athlete.ts';

/** The standings as the rules give them now: place, athlete, best, every trial. */
export function Standings({
  rows,
  heights,
}: {
  rows: readonly AthleteRow[];
  heights: readonly string[];
}) {
  return (
    <table className="field-standings">
      <caption className="visually-hidden">Standings</caption>
      <thead>
        <tr>
          <th scope="col">Place</th>
          <th scope="col">Athlete</th>
          <th scope="col">Best</th>
          <th scope="col">Trials</th>
        </tr>
      </thead>
      <tbody>
        {rows.map((row) => (
          <tr key={row.bib ?? row.id}>
            <td>{row.rank ?? '–'}</td>
            <th scope="row">
              {row.name} <span className="field-bib">{row.bib}</span>
            </th>
            <td>{row.best ?? row.performance ?? ''}</td>
            <td className="field-series">
              {(row.attempts ?? []).map((cell, i) =>
                cell === null ? null : (
                  <span key={i} className="field-series-cell">
                    {heights.length > 0 ? `${heights[i]}: ${cell}` : cell}
                  </span>
                ),
              )}
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

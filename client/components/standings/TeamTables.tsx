import { useId } from 'react';
import type { TeamScores } from '../../../shared/schemas/teamScores.ts';
import { formatTeamPoints } from '../../../shared/athletics/teams.ts';

/** One team table: place, team, points; tied teams share a place. */
function TeamTable({ table }: { table: TeamScores['tables'][number] }) {
  const headingId = useId();
  return (
    <div className="standings-table-wrap">
      <h3 id={headingId}>{table.name}</h3>
      {table.teams.length === 0 ? (
        <p className="ev-table-empty">No final has scored yet.</p>
      ) : (
        <table className="ev-data-table standings-table" aria-labelledby={headingId}>
          <thead>
            <tr>
              <th scope="col" className="ev-col-rank">
                <abbr title="Place">Pl</abbr>
              </th>
              <th scope="col">Team</th>
              <th scope="col" className="ev-col-num">
                Points
              </th>
            </tr>
          </thead>
          <tbody>
            {table.teams.map((team) => (
              <tr key={team.team}>
                <td className="ev-col-rank">{team.place}</td>
                <td>{team.team}</td>
                <td className="ev-col-num">{formatTeamPoints(team.points)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </div>
  );
}

/** The meet's team tables, live: finals score as their results land. */
export function TeamTables({ scores }: { scores: TeamScores }) {
  const headingId = useId();
  if (scores.tables.length === 0) return null;
  return (
    <section className="card standings-card" aria-labelledby={headingId}>
      <div className="ev-table-card-head">
        <h2 id={headingId}>Team scores</h2>
        <p className="ev-table-count">Live: finals score as their results land</p>
      </div>
      <div className="standings-tables">
        {scores.tables.map((table) => (
          <TeamTable key={table.name} table={table} />
        ))}
      </div>
    </section>
  );
}

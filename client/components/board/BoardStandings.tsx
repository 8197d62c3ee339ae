import { keepPreviousData, useQueries } from '@tanstack/react-query';
import type { Competition } from '../../../shared/schemas/competition.ts';
import type { EventSummary } from '../../../shared/schemas/event.ts';
import { formatTeamPoints } from '../../../shared/athletics/teams.ts';
import { queryKeys } from '../../../shared/queryKeys.ts';
import { api } from '../../lib/api.ts';
import { partsVersion, useCombinedEvents, useTeamScores } from '../standings/useStandings.ts';

/** Rows per table: the leaders, readable from the stands. */
const LEADERS = 5;

/**
 * The meet's team tables and combined-events leaders on the big screen, when it has them:
 * asked again at each change of the meet, like the rest of the board.
 */
export function BoardStandings({
  competition,
  events,
}: {
  competition: Competition;
  events: readonly EventSummary[];
}) {
  const teams = useTeamScores(competition, events).data?.tables ?? [];
  const combined = useCombinedEvents(competition, events).data ?? [];
  const standings = useQueries({
    queries: combined.map((group) => ({
      queryKey: queryKeys.combinedEvent(
        group.id,
        partsVersion(events, new Set(group.events.map((e) => e.eventId))),
      ),
      queryFn: () => api.combinedEvent(group.id),
      placeholderData: keepPreviousData,
    })),
  });
  const tables = [
    ...standings.flatMap((q) =>
      q.data
        ? [
            {
              title: q.data.name,
              rows: q.data.standings
                .filter((s) => s.place !== null)
                .slice(0, LEADERS)
                .map((s) => ({ place: s.place, name: s.name, value: String(s.total) })),
            },
          ]
        : [],
    ),
    ...teams.map((table) => ({
      title: `Teams · ${table.name}`,
      rows: table.teams
        .slice(0, LEADERS)
        .map((t) => ({ place: t.place, name: t.team, value: formatTeamPoints(t.points) })),
    })),
  ].filter((table) => table.rows.length > 0);
  if (tables.length === 0) return null;
  return (
    <section className="board-fields" aria-labelledby="board-standings-title">
      <h2 id="board-standings-title" className="board-label">
        Standings
      </h2>
      <ul className="board-field-list">
        {tables.map((table) => (
          <li key={table.title}>
            <p className="board-field-title">{table.title}</p>
            <table className="board-table">
              <caption className="visually-hidden">{table.title}</caption>
              <tbody>
                {table.rows.map((row) => (
                  <tr key={`${row.place}-${row.name}`}>
                    <td className="board-col-place">{row.place}</td>
                    <td>{row.name}</td>
                    <td className="board-col-mark">{row.value}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </li>
        ))}
      </ul>
    </section>
  );
}

import type { Competition } from '../../../shared/schemas/competition.ts';
import type { EventSummary } from '../../../shared/schemas/event.ts';
import { useCombinedEvents, useTeamScores } from './useStandings.ts';
import { TeamTables } from './TeamTables.tsx';
import { CombinedList } from './CombinedList.tsx';
import './standings.css';

/** The meet's team tables and combined events, when it has them; nothing otherwise. */
export function Standings({
  competition,
  events,
}: {
  competition: Competition;
  events: readonly EventSummary[];
}) {
  const teams = useTeamScores(competition, events);
  const combined = useCombinedEvents(competition, events);
  return (
    <>
      {combined.data && <CombinedList list={combined.data} />}
      {teams.data && <TeamTables scores={teams.data} />}
    </>
  );
}

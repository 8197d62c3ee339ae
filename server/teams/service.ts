import type { Db } from '../db/connect.ts';
import type { ChangeDeps } from '../runtime.ts';
import type { SessionUser } from '../auth/sessions.ts';
import type { TeamScores, TeamScoringSettings } from '../../shared/schemas/teamScores.ts';
import { teamTables, type ScoredEvent } from '../../shared/athletics/teams.ts';
import { isTimedFinal } from '../../shared/athletics/heats.ts';
import { ownedCompetition } from '../auth/scope.ts';
import { updateCompetition } from '../competitions/service.ts';
import { listPublicEventRows, type EventRows } from '../events/queries.ts';
import { timedFinalRanking } from '../athletics/timedFinal.ts';
import { showsResults } from '../../shared/meet/shown.ts';
import { saveTeamScoring, teamScoringOf } from './queries.ts';
import { combinedForTeams } from '../combined/service.ts';

/**
 * PUT /api/admin/competitions/{uic}/team-scoring. Saved with a change of the competition, so
 * every node drops its cached tables and every page showing them reads them again.
 */
export async function setTeamScoring(
  deps: ChangeDeps,
  user: SessionUser,
  competitionUic: number,
  settings: TeamScoringSettings,
): Promise<TeamScoringSettings> {
  await ownedCompetition(deps.db, user, competitionUic);
  await updateCompetition(deps, competitionUic, async (trx) => {
    await saveTeamScoring(trx, competitionUic, settings);
    return {};
  });
  return settings;
}

/** The admin's form: the settings saved, or null when the meet keeps no team table. */
export async function teamScoringSettings(
  db: Db,
  user: SessionUser,
  competitionUic: number,
): Promise<TeamScoringSettings | null> {
  await ownedCompetition(db, user, competitionUic);
  return teamScoringOf(db, competitionUic);
}

/**
 * The results team scores count: each event's shown results, a timed final once, by its
 * overall ranking across sections (shared/athletics/teams.ts).
 */
function scoredEvents(events: readonly EventRows[]): ScoredEvent[] {
  const sections = new Map<string, EventRows[]>();
  const scored: ScoredEvent[] = [];
  for (const event of events) {
    if (!showsResults(event)) continue;
    if (isTimedFinal(event)) {
      const key = `${event.eventName}|${event.round}|${event.heatCount}`;
      sections.set(key, [...(sections.get(key) ?? []), event]);
    } else scored.push({ ...event, rows: event.results });
  }
  for (const race of sections.values()) {
    const [first] = race;
    if (!first) continue;
    const rows = timedFinalRanking(
      race.flatMap((s) => (s.heat === null ? [] : [{ heat: s.heat, rows: s.results }])),
    );
    scored.push({ ...first, heat: null, rows });
  }
  return scored;
}

/**
 * A public competition's team tables, worked out from its shown results (none of a
 * competition the public may not see); no tables when the meet keeps none.
 */
export async function teamScoresOf(db: Db, competitionUic: number): Promise<TeamScores> {
  const settings = await teamScoringOf(db, competitionUic);
  if (!settings) return { tables: [] };
  const events = await listPublicEventRows(db, competitionUic);
  const combined = await combinedForTeams(db, competitionUic, events);
  return teamTables(settings, [
    ...scoredEvents(events.filter((event) => !combined.parts.has(event.id))),
    ...combined.finished.map((event) => ({
      ...event,
      round: 'finals' as const,
      heat: null,
      heatCount: 1,
    })),
  ]);
}

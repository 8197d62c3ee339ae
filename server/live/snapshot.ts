import type { Db } from '../db/connect.ts';
import { publicCompetitionVersion } from '../competitions/queries.ts';
import { publicEventVersions } from '../events/queries.ts';
import { competitionRoom, eventRoom } from '../../shared/live/protocol.ts';

/**
 * The versions a subscription covers, as the public sees them now: the competition and its
 * events, or one event and its competition. What the public cannot see is left out, so a
 * client holding it knows to refetch.
 */
export async function versionSnapshot(
  db: Db,
  of: { competitionUic: number; eventId?: string },
): Promise<Record<string, number>> {
  const versions: Record<string, number> = {};
  const competitionVersion = await publicCompetitionVersion(db, of.competitionUic);
  if (competitionVersion === undefined) return versions;
  versions[competitionRoom(of.competitionUic)] = competitionVersion;
  const events = await publicEventVersions(
    db,
    of.eventId !== undefined ? { eventId: of.eventId } : { competitionUic: of.competitionUic },
  );
  for (const event of events) versions[eventRoom(event.id)] = event.version;
  return versions;
}

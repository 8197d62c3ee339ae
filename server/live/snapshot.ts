import type { PublicReads } from '../publicCache/reads.ts';
import { competitionRoom, eventRoom } from '../../shared/live/protocol.ts';

/**
 * The versions a subscription covers, as the public sees them now: the competition and its
 * events, or one event and its competition. What the public cannot see is left out, so a
 * client holding it knows to refetch. Read from the same cache as the pages' reads, so the
 * versions a page is told agree with what it is then served.
 */
export async function versionSnapshot(
  reads: PublicReads,
  of: { competitionUic: number; eventId?: string },
): Promise<Record<string, number>> {
  const versions: Record<string, number> = {};
  const competitionVersion = (await reads.competition(of.competitionUic)).facts;
  if (competitionVersion === null) return versions;
  versions[competitionRoom(of.competitionUic)] = competitionVersion;
  if (of.eventId !== undefined) {
    const event = (await reads.event(of.eventId)).facts;
    if (event?.competitionUic === of.competitionUic)
      versions[eventRoom(of.eventId)] = event.version;
    return versions;
  }
  for (const event of (await reads.eventsOf(of.competitionUic)).facts) {
    versions[eventRoom(event.id)] = event.version;
  }
  return versions;
}

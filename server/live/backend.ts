import type { Db } from '../db/connect.ts';
import type { PublicReads } from '../publicCache/reads.ts';
import { findSessionUser } from '../auth/sessions.ts';
import { findEventCompetitionUic } from '../events/queries.ts';
import { versionSnapshot } from './snapshot.ts';

/**
 * What a live process must ask of the data to answer a subscription. The API process reads
 * its cache and database; a fan-out process (fanout/child.ts) has neither and asks the API
 * process over IPC.
 */
export interface LiveBackend {
  /** The competition of an event, or undefined when there is no such event. */
  eventCompetition(eventId: string): Promise<number | undefined>;
  /** The versions a subscription covers now (snapshot.ts). */
  versions(of: { competitionUic: number; eventId?: string }): Promise<Record<string, number>>;
  /** The clubs a signed-in session admins, or undefined for no (or an ended) session. */
  sessionClubs(sessionId: string | undefined): Promise<number[] | undefined>;
}

export function localBackend(deps: { db: Db; reads: PublicReads }): LiveBackend {
  const { db, reads } = deps;
  return {
    // A public event's competition is in the node's cache; any other is asked of the database.
    eventCompetition: async (eventId) =>
      (await reads.event(eventId)).facts?.competitionUic ??
      (await findEventCompetitionUic(db, eventId)),
    versions: (of) => versionSnapshot(reads, of),
    sessionClubs: async (sessionId) => (await findSessionUser(db, sessionId))?.clubUics,
  };
}

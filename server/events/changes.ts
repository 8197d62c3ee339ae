import { sql } from 'kysely';
import type { Db } from '../db/connect.ts';
import type { LiveMessage } from '../../shared/live/messages.ts';
import { isPublicEvent } from './queries.ts';
import { eventMessage } from './service.ts';

/**
 * The events one transaction writes, and what spectators are told of them once it commits:
 * one message per event, read at the end so it carries the event's final state and version.
 * Whether the public saw an event is read before its first write, so a hidden or deleted
 * event is announced as removed.
 */
export class EventChanges {
  private readonly wasPublic = new Map<string, boolean>();

  constructor(readonly trx: Db) {}

  /** Call before the first write of an existing event in this transaction. */
  async before(id: string): Promise<void> {
    if (!this.wasPublic.has(id)) this.wasPublic.set(id, await isPublicEvent(this.trx, id));
  }

  /** An event this transaction created: nobody saw it before. */
  created(id: string): void {
    if (!this.wasPublic.has(id)) this.wasPublic.set(id, false);
  }

  /** Raises the version of an event whose public payload changed without a write of its own. */
  async bump(id: string): Promise<void> {
    await this.before(id);
    await this.trx
      .updateTable('events')
      .set({ version: sql<number>`version + 1`, updatedAt: sql`now()` })
      .where('id', '=', id)
      .execute();
  }

  /**
   * The messages to publish after commit. The other sections of a timed final written here
   * are told too: their overall ranking, which every section's page shows, has changed.
   */
  async messages(): Promise<LiveMessage[]> {
    const ids = [...this.wasPublic.keys()];
    if (ids.length > 0) {
      const sections = await this.trx
        .selectFrom('events as written')
        .innerJoin('events as sibling', (join) =>
          join
            .onRef('sibling.competitionUic', '=', 'written.competitionUic')
            .onRef('sibling.lynxFamily', '=', 'written.lynxFamily')
            .onRef('sibling.lynxRound', '=', 'written.lynxRound'),
        )
        .select('sibling.id')
        .distinct()
        .where('written.id', 'in', ids)
        .where('written.round', '=', 'finals')
        .where('written.heatCount', '>', 1)
        .where('sibling.id', 'not in', ids)
        .execute();
      for (const { id } of sections) await this.bump(id);
    }
    const messages: LiveMessage[] = [];
    for (const [id, wasPublic] of this.wasPublic) {
      const saved = await this.trx
        .selectFrom('events')
        .select(['id', 'competitionUic', 'version'])
        .where('id', '=', id)
        .executeTakeFirst();
      if (!saved) continue;
      const message = await eventMessage(this.trx, saved, wasPublic);
      if (message) messages.push(message);
    }
    return messages;
  }
}

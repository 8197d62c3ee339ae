import { sql } from 'kysely';
import type { Db } from '../db/connect.ts';
import type { LiveMessage } from '../../shared/live/messages.ts';
import type { Round } from '../../shared/domain.ts';
import { isTimedFinal } from '../../shared/athletics/heats.ts';
import { isPublicEvent } from './queries.ts';
import { eventMessage } from './message.ts';

/** The race a timed final's section belongs to, keyed by competition: null for any other event. */
function timedFinalRace(event: {
  competitionUic: number;
  lynxRace: string | null;
  round: Round;
  heat: number | null;
  heatCount: number;
}): [string, { competitionUic: number; lynxRace: string }] | null {
  if (event.lynxRace === null || !isTimedFinal(event)) return null;
  const { competitionUic, lynxRace } = event;
  return [`${competitionUic}|${lynxRace}`, { competitionUic, lynxRace }];
}

/**
 * The events one transaction writes, and what spectators are told of them once it commits:
 * one message per event, read at the end so it carries the event's final state and version.
 * Whether the public saw an event is read before its first write, so a hidden or deleted
 * event is announced as removed. The other sections of a timed final written here are told
 * too: their overall ranking, which every section's page shows, has changed.
 */
export class EventChanges {
  private wasPublic = new Map<string, boolean>();
  private removed = new Map<string, { competitionUic: number; version: number }>();
  private timedFinals = new Map<string, { competitionUic: number; lynxRace: string }>();

  constructor(readonly trx: Db) {}

  private async race(id: string): Promise<void> {
    const row = await this.trx
      .selectFrom('events')
      .select(['competitionUic', 'lynxRace', 'round', 'heat', 'heatCount'])
      .where('id', '=', id)
      .executeTakeFirst();
    const race = row ? timedFinalRace(row) : null;
    if (race !== null) this.timedFinals.set(...race);
  }

  /** Call before the first write of an existing event in this transaction. */
  async before(id: string): Promise<void> {
    if (this.wasPublic.has(id)) return;
    this.wasPublic.set(id, await isPublicEvent(this.trx, id));
    await this.race(id);
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

  /** Deletes the event; its removal is announced with the version after its last. */
  async remove(id: string): Promise<void> {
    await this.before(id);
    const deleted = await this.trx
      .deleteFrom('events')
      .where('id', '=', id)
      .returning(['competitionUic', 'version'])
      .executeTakeFirst();
    if (deleted) this.removed.set(id, { ...deleted, version: deleted.version + 1 });
  }

  /**
   * What has been recorded so far, to go back to when the writes since are rolled back (a
   * savepoint): nothing undone is announced.
   */
  checkpoint(): () => void {
    const wasPublic = new Map(this.wasPublic);
    const removed = new Map(this.removed);
    const timedFinals = new Map(this.timedFinals);
    return () => {
      this.wasPublic = wasPublic;
      this.removed = removed;
      this.timedFinals = timedFinals;
    };
  }

  /**
   * The messages to publish after commit. The events written are read back together, once
   * their timed finals' other sections have been raised a version.
   */
  async messages(): Promise<LiveMessage[]> {
    const kept = [...this.wasPublic.keys()].filter((id) => !this.removed.has(id));
    for (const row of await this.read(kept)) {
      const race = timedFinalRace(row);
      if (race !== null) this.timedFinals.set(...race);
    }
    for (const { competitionUic, lynxRace } of [...this.timedFinals.values()]) {
      const sections = await this.trx
        .selectFrom('events')
        .select('id')
        .where('competitionUic', '=', competitionUic)
        .where('lynxRace', '=', lynxRace)
        .execute();
      for (const { id } of sections) if (!this.wasPublic.has(id)) await this.bump(id);
    }
    const saved = new Map(
      (await this.read([...this.wasPublic.keys()])).map((row) => [row.id, row]),
    );
    const messages: LiveMessage[] = [];
    for (const [id, wasPublic] of this.wasPublic) {
      const gone = this.removed.get(id);
      const event = gone !== undefined ? { id, ...gone } : saved.get(id);
      if (!event) continue;
      const message = await eventMessage(this.trx, event, wasPublic);
      if (message) messages.push(message);
    }
    return messages;
  }

  /** What announcing the events needs of them, as they stand now. */
  private read(ids: readonly string[]) {
    if (ids.length === 0) return Promise.resolve([]);
    return this.trx
      .selectFrom('events')
      .select(['id', 'competitionUic', 'version', 'lynxRace', 'round', 'heat', 'heatCount'])
      .where('id', 'in', ids)
      .execute();
  }
}

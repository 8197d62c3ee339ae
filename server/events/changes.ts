import { sql } from 'kysely';
import type { Db } from '../db/connect.ts';
import type { LiveMessage } from '../../shared/live/messages.ts';
import type { Round } from '../../shared/domain.ts';
import { isTimedFinal } from '../../shared/athletics/heats.ts';
import { eventBeforeChange, publicEventColumns, type PublicEventRow } from './queries.ts';
import { eventMessages, type Announced, type SavedEvent } from './message.ts';
import { checkEventCap, columns, type EventFields, type NewEventFields } from './columns.ts';
import { afterRoundWrites } from './rounds/advance.ts';
import { roundKeyOf } from '../../shared/meet/rounds.ts';
import { groupCombinedByNames, namesCombinedPart } from '../combined/service.ts';
import { resultsWithBests, startListWithAthletes } from '../bests/service.ts';

/**
 * What a write returns: the row the event's announcement is made from, and its race, which
 * says whether it is a timed final's section.
 */
const WRITTEN = [...publicEventColumns, 'events.lynxRace'] as const;

/** The race a timed final's section belongs to, keyed by competition: null for any other event. */
function timedFinalRace(event: {
  competitionUic: number;
  lynxRace: string | null;
  round: Round;
  heat: number | null;
  heatCount: number;
}) {
  if (event.lynxRace === null || !isTimedFinal(event)) return null;
  const { competitionUic, lynxRace } = event;
  return [`${competitionUic}|${lynxRace}`, { competitionUic, lynxRace }] as const;
}

/**
 * The one writer of events: every insert, write and deletion of an event in a transaction
 * goes through here, and so does what spectators are told of them once it commits, one
 * message per event carrying its final state and version. Whether the public saw an event
 * is read once, before its first write, so a hidden or deleted event is announced as
 * removed; each write returns the row its announcement is made from, so no event is read
 * again. The other sections of a timed final written here are told too: their overall
 * ranking, which every section's page shows, has changed.
 */
export class EventChanges {
  private wasPublic = new Map<string, boolean>();
  private written = new Map<string, PublicEventRow>();
  private removed = new Map<string, { competitionUic: number; version: number }>();
  private timedFinals = new Map<string, { competitionUic: number; lynxRace: string }>();
  /** The round each event was in before this transaction: a heat moved out changes it too. */
  private roundsBefore = new Map<string, string>();
  /** Events made, or renamed, here: what the combined events' grouping reads again. */
  private named = new Set<string>();
  /** Whether each competition has a round rule, as read with its events before their writes. */
  private ruled = new Map<number, boolean>();

  constructor(readonly trx: Db) {}

  /** Whether the public saw the event before this transaction (false until `before`). */
  sawBefore(id: string): boolean {
    return this.wasPublic.get(id) ?? false;
  }

  /** Notes what the public saw of an existing event; every write calls it first. */
  private async before(id: string): Promise<void> {
    if (this.wasPublic.has(id)) return;
    const row = await eventBeforeChange(this.trx, id);
    this.wasPublic.set(id, Boolean(row?.isPublic));
    if (row) {
      this.roundsBefore.set(id, roundKeyOf(row));
      this.ruled.set(row.competitionUic, Boolean(row.hasRoundRules));
    }
    const race = row ? timedFinalRace(row) : null;
    if (race !== null) this.timedFinals.set(...race);
  }

  /** Writes fields of an event; its version goes up by one. Undefined: there is no such event. */
  async write(id: string, fields: EventFields): Promise<SavedEvent | undefined> {
    await this.before(id);
    const { eventName, trackDiscipline, fieldDiscipline } = fields;
    if ([eventName, trackDiscipline, fieldDiscipline].some((f) => f !== undefined)) {
      this.named.add(id);
    }
    const row = await this.trx
      .updateTable('events')
      .set({ ...columns(fields), version: sql<number>`version + 1`, updatedAt: sql`now()` })
      .where('id', '=', id)
      .returning(WRITTEN)
      .executeTakeFirst();
    return row && this.wrote(await this.withAthletes(row, fields));
  }

  /** Creates an event (refused past the competition's event cap): nobody saw it before. */
  async insert(competitionUic: number, fields: NewEventFields): Promise<SavedEvent> {
    const { eventName, eventType, ...rest } = fields;
    await checkEventCap(this.trx, competitionUic);
    const row = await this.trx
      .insertInto('events')
      .values({ ...columns(rest, 'insert'), competitionUic, eventName, eventType })
      .returning(WRITTEN)
      .executeTakeFirstOrThrow();
    if (!this.wasPublic.has(row.id)) this.wasPublic.set(row.id, false);
    this.named.add(row.id);
    return this.wrote(await this.withAthletes(row, rest));
  }

  /**
   * Rows written here get their athletes, and results their flags (server/bests/): in the
   * write's own transaction, so they go out with the rows.
   */
  private async withAthletes<T extends PublicEventRow>(
    row: T,
    fields: Pick<EventFields, 'results' | 'startListFile'>,
  ): Promise<T> {
    if (fields.results === undefined && fields.startListFile === undefined) return row;
    const results =
      fields.results === undefined ? undefined : await resultsWithBests(this.trx, row, row.results);
    const startListFile =
      fields.startListFile === undefined || row.startListFile.length === 0
        ? undefined
        : await startListWithAthletes(this.trx, row, row.startListFile);
    if (!results && !startListFile) return row;
    await this.trx
      .updateTable('events')
      .set({
        ...(results ? { results: JSON.stringify(results) } : {}),
        ...(startListFile ? { startListFile: JSON.stringify(startListFile) } : {}),
      })
      .where('id', '=', row.id)
      .execute();
    return {
      ...row,
      ...(results ? { results } : {}),
      ...(startListFile ? { startListFile } : {}),
    };
  }

  /** Raises the version of an event whose public payload changed without a write of its own. */
  async bump(id: string): Promise<void> {
    await this.write(id, {});
  }

  /** Deletes the event; its removal is announced with the version after its last. */
  async remove(id: string): Promise<boolean> {
    await this.before(id);
    const deleted = await this.trx
      .deleteFrom('events')
      .where('id', '=', id)
      .returning(['competitionUic', 'version'])
      .executeTakeFirst();
    if (deleted) this.removed.set(id, { ...deleted, version: deleted.version + 1 });
    this.written.delete(id);
    return deleted !== undefined;
  }

  private wrote({ lynxRace, ...row }: PublicEventRow & { lynxRace: string | null }): SavedEvent {
    // The race is no part of the payload, which is made from the row as it is.
    this.written.set(row.id, row);
    const race = timedFinalRace({ ...row, lynxRace });
    if (race !== null) this.timedFinals.set(...race);
    return { id: row.id, competitionUic: row.competitionUic, version: row.version };
  }

  /**
   * What has been recorded so far, to go back to when the writes since are rolled back (a
   * savepoint): nothing undone is announced.
   */
  checkpoint(): () => void {
    const wasPublic = new Map(this.wasPublic);
    const written = new Map(this.written);
    const removed = new Map(this.removed);
    const timedFinals = new Map(this.timedFinals);
    const roundsBefore = new Map(this.roundsBefore);
    const named = new Set(this.named);
    return () => {
      this.wasPublic = wasPublic;
      this.written = written;
      this.removed = removed;
      this.timedFinals = timedFinals;
      this.roundsBefore = roundsBefore;
      this.named = named;
    };
  }

  /**
   * The messages to publish after commit, once the timed finals' other sections have been
   * raised a version. An event noted but never written is read here, the only read left.
   */
  async messages(): Promise<LiveMessage[]> {
    const rounds = await afterRoundWrites(
      {
        trx: this.trx,
        touched: (id) => this.wasPublic.has(id),
        bump: (id) => this.bump(id),
        write: (id, fields) => this.write(id, fields),
      },
      [...this.written.values(), ...[...this.removed].map(([id, r]) => ({ id, ...r }))].map(
        ({ id, competitionUic }) => ({ id, competitionUic, before: this.roundsBefore.get(id) }),
      ),
      (uic) => this.ruled.get(uic) === false,
    );
    const combined = new Set(
      [...this.written.values()]
        .filter((row) => this.named.has(row.id) && namesCombinedPart(row))
        .map((row) => row.competitionUic),
    );
    for (const uic of combined) await groupCombinedByNames(this.trx, uic);
    for (const { competitionUic, lynxRace } of [...this.timedFinals.values()]) {
      const sections = await this.trx
        .selectFrom('events')
        .select('id')
        .where('competitionUic', '=', competitionUic)
        .where('lynxRace', '=', lynxRace)
        .execute();
      for (const { id } of sections) if (!this.wasPublic.has(id)) await this.bump(id);
    }
    const unwritten = [...this.wasPublic.keys()].filter(
      (id) => !this.written.has(id) && !this.removed.has(id),
    );
    const read =
      unwritten.length === 0
        ? []
        : await this.trx
            .selectFrom('events')
            .select(publicEventColumns)
            .where('id', 'in', unwritten)
            .execute();
    const current = new Map<string, PublicEventRow>([
      ...this.written,
      ...read.map((row) => [row.id, row] as const),
    ]);
    const announced: Announced[] = [];
    for (const [id, wasPublic] of this.wasPublic) {
      const removed = this.removed.get(id);
      const row = current.get(id);
      if (removed !== undefined) announced.push({ removed: { id, ...removed }, wasPublic });
      else if (row) announced.push({ row, wasPublic });
    }
    return eventMessages(this.trx, announced, rounds);
  }

  /**
   * The message of one event written here, alone: for a change its timed final's other
   * sections have nothing new from (the scoreboard's lines are no part of the overall).
   */
  async messageOf(id: string): Promise<LiveMessage | null> {
    const row = this.written.get(id);
    if (!row) return null;
    // The scoreboard's lines move no round: a competition without rules reads none.
    const known = new Map(
      this.ruled.get(row.competitionUic) === false ? [[row.competitionUic, null]] : [],
    );
    const [message = null] = await eventMessages(
      this.trx,
      [{ row, wasPublic: this.sawBefore(id) }],
      known,
    );
    return message;
  }
}

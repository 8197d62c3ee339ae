import type { Db } from '../../db/connect.ts';
import type { AthleteRow } from '../../../shared/schemas/athlete.ts';
import type { TrackDiscipline } from '../../../shared/domain.ts';
import { drawLineUp } from '../../../shared/athletics/rounds/lineUp.ts';
import type { EventFields } from '../columns.ts';
import { CompetitionRounds, type RoundOutcome } from './progression.ts';
import type { RoundMemberRow } from './queries.ts';

/** What the rounds step needs of the one writer of events (changes.ts). */
export interface RoundWriter {
  readonly trx: Db;
  /** Whether the event was written (or noted) in this transaction already. */
  touched(id: string): boolean;
  bump(id: string): Promise<void>;
  write(id: string, fields: EventFields): Promise<unknown>;
}

/** Races up to 800 m are run in lanes (TR 20: the lane draw's groups). */
const laned: ReadonlySet<TrackDiscipline> = new Set([
  'FIFTYFIVE_METER',
  'SIXTY_METER',
  'ONE_HUNDRED_METER',
  'ONE_TEN_METER',
  'TWO_HUNDRED_METER',
  'THREE_HUNDRED_METER',
  'FOUR_HUNDRED_METER',
  'EIGHT_HUNDRED_METER',
]);

/**
 * After the writes of a change, for each round with a rule that one of them belongs to: the
 * round's other heats are told again (a heat's results move every heat's q), and the next
 * round's line-up is drawn once the round is complete, unless the timing room sent one. A
 * round reopened (a heat's results withdrawn) takes back a line-up Rith drew.
 */
export async function afterRoundWrites(
  writer: RoundWriter,
  written: readonly { id: string; competitionUic: number }[],
): Promise<void> {
  const byCompetition = new Map<number, string[]>();
  for (const { id, competitionUic } of written) {
    byCompetition.set(competitionUic, [...(byCompetition.get(competitionUic) ?? []), id]);
  }
  for (const [competitionUic, ids] of byCompetition) {
    const rounds = await CompetitionRounds.load(writer.trx, competitionUic);
    if (!rounds) continue;
    const done = new Set<string>();
    for (const id of ids) {
      const key = rounds.keyOf(id);
      if (key === undefined || done.has(key) || !rounds.ruleOf(id)) continue;
      done.add(key);
      await tellRound(writer, rounds, key, id);
    }
  }
}

/** The round's heats told again, and the next round's line-up kept in step with it. */
export async function tellRound(
  writer: RoundWriter,
  rounds: CompetitionRounds,
  key: string,
  id: string,
): Promise<void> {
  for (const heat of rounds.heatsOf(key)) {
    if (!writer.touched(heat.id)) await writer.bump(heat.id);
  }
  const outcome = await rounds.outcomeOf(id);
  const next = rounds.nextRoundOf(id);
  if (!outcome || next.events.length === 0) return;
  // A start list from the timing room always wins over Rith's draw.
  if (next.events.some((e) => e.startListCount > 0 && !e.startListDrawn)) return;
  const lists = outcome.progression.final ? drawn(outcome, next.events) : null;
  for (const [i, event] of next.events.entries()) {
    const rows = lists?.[i] ?? [];
    if (rows.length === 0 && !event.startListDrawn) continue;
    const current = await writer.trx
      .selectFrom('events')
      .select('startListFile')
      .where('id', '=', event.id)
      .executeTakeFirstOrThrow();
    if (JSON.stringify(current.startListFile) === JSON.stringify(rows)) continue;
    await writer.write(event.id, { startListFile: rows, startListDrawn: rows.length > 0 });
  }
}

/** Each next-round event's drawn start list, as rows. */
function drawn(outcome: RoundOutcome, next: readonly RoundMemberRow[]): AthleteRow[][] {
  const first = next[0];
  const heats = drawLineUp({
    ranked: outcome.ranked,
    heats: next.length,
    laned: first?.trackDiscipline != null && laned.has(first.trackDiscipline),
    // The same qualifiers into the same events always draw the same lanes.
    seed: [...next.map((e) => e.id), ...outcome.ranked.map((q) => `${q.eventId}:${q.rowId}`)].join(
      '|',
    ),
  });
  return heats.map((places) =>
    places.map(({ qualifier: q, lane }, i) => ({
      id: `drawn-${i + 1}`,
      rank: null,
      bib: q.bib,
      name: q.name,
      eventName: null,
      club: q.club,
      category: null,
      performance: null,
      points: null,
      lane: lane === null ? null : String(lane),
      pdfUrl: null,
      qualified: q.qualified,
    })),
  );
}

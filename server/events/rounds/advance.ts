import type { Db } from '../../db/connect.ts';
import type { AthleteRow } from '../../../shared/schemas/athlete.ts';
import { trackDisciplineByMetres, type TrackDiscipline } from '../../../shared/domain.ts';
import { drawLineUp } from '../../../shared/athletics/rounds/lineUp.ts';
import type { EventFields } from '../columns.ts';
import { CompetitionRounds, type RoundOutcome } from './progression.ts';
import { saveTold, startListsOf, type RoundMemberRow } from './queries.ts';

/** What the rounds step needs of the one writer of events (changes.ts). */
export interface RoundWriter {
  readonly trx: Db;
  /** Whether the event was written (or noted) in this transaction already. */
  touched(id: string): boolean;
  bump(id: string): Promise<void>;
  write(id: string, fields: EventFields): Promise<unknown>;
}

/** An event a change wrote or removed, with the round it was in before (changes.ts). */
export interface RoundChange {
  id: string;
  competitionUic: number;
  /** Its round's key before the change; undefined for an event made by it. */
  before?: string | undefined;
}

/** Races up to 800 m are run in lanes (TR 20: the lane draw's groups). */
const laned: ReadonlySet<TrackDiscipline> = new Set(
  Object.entries(trackDisciplineByMetres)
    .filter(([metres]) => Number(metres) <= 800)
    .map(([, discipline]) => discipline),
);

/**
 * After the writes of a change, each round with a rule the change touched (an event of it
 * written or removed, one that left it, or an event of the round it leads to) is worked out
 * again: its other heats are told when who is through changed (a heat's results move every
 * heat's q), and the next round's line-up is kept in step (tellRound).
 */
export async function afterRoundWrites(
  writer: RoundWriter,
  changes: readonly RoundChange[],
  /** Competitions known to have no round rule (read with the events before their writes). */
  ruleless: (competitionUic: number) => boolean,
): Promise<Map<number, CompetitionRounds | null>> {
  const known = new Map<number, CompetitionRounds | null>();
  const byCompetition = new Map<number, RoundChange[]>();
  for (const change of changes) {
    byCompetition.set(change.competitionUic, [
      ...(byCompetition.get(change.competitionUic) ?? []),
      change,
    ]);
  }
  for (const [competitionUic, touched] of byCompetition) {
    const rounds = ruleless(competitionUic)
      ? null
      : await CompetitionRounds.load(writer.trx, competitionUic);
    known.set(competitionUic, rounds);
    if (!rounds) continue;
    const ids = new Set(touched.map((c) => c.id));
    const keys = new Set<string>();
    for (const change of touched) {
      const now = rounds.keyOf(change.id);
      if (now !== undefined) keys.add(now);
      if (change.before !== undefined) keys.add(change.before);
    }
    for (const key of rounds.ruledRounds()) {
      if (rounds.nextRoundOf(key).events.some((e) => ids.has(e.id))) keys.add(key);
    }
    for (const key of keys) {
      if (rounds.ruleOf(key)) await tellRound(writer, rounds, competitionUic, key);
    }
  }
  return known;
}

/**
 * The round's heats told again when who is through changed since they last were (or every
 * one, `always`, when its rule was just set), and the next round's line-up kept in step: drawn
 * once the round is complete, unless the timing room sent one; taken back when the round is
 * no longer complete (a heat's results withdrawn).
 */
export async function tellRound(
  writer: RoundWriter,
  rounds: CompetitionRounds,
  competitionUic: number,
  key: string,
): Promise<void> {
  const outcome = await rounds.outcomeOf(key);
  if (!outcome) return;
  const told = JSON.stringify([
    outcome.progression,
    [...outcome.marks].map(([id, m]) => [id, [...m]]),
  ]);
  if (told !== rounds.ruleOf(key)?.told) {
    await saveTold(writer.trx, competitionUic, key, told);
    for (const heat of rounds.heatsOf(key)) {
      if (!writer.touched(heat.id)) await writer.bump(heat.id);
    }
  }
  const next = rounds.nextRoundOf(key).events;
  if (next.length === 0) return;
  // A start list from the timing room always wins over Rith's draw.
  if (next.some((e) => e.startListCount > 0 && !e.startListDrawn)) return;
  const lists = outcome.progression.final ? drawn(outcome, next) : null;
  const held = await startListsOf(
    writer.trx,
    next.map((e) => e.id),
  );
  for (const [i, event] of next.entries()) {
    const rows = lists?.[i] ?? [];
    if (JSON.stringify(held.get(event.id) ?? []) === JSON.stringify(rows)) continue;
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
    // The same athletes into the same events always draw the same lanes, however often a
    // file is sent again (a spreadsheet's rows get new ids each time).
    seed: [...next.map((e) => e.id), ...outcome.ranked.map((q) => `${q.bib ?? ''}|${q.name}`)].join(
      '\n',
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

import type { Db } from '../../db/connect.ts';
import type { Round } from '../../../shared/domain.ts';
import type { AthleteRow } from '../../../shared/schemas/athlete.ts';
import type { Progression } from '../../../shared/schemas/event.ts';
import { showsResults } from '../../../shared/meet/shown.ts';
import { familyKeyOf, leadsOn, nextRound, roundKeyOf } from '../../../shared/meet/rounds.ts';
import { readEventName } from '../../../shared/eventNames/read.ts';
import { roundProgression, type Qualified } from '../../../shared/athletics/rounds/qualify.ts';
import {
  heatResults,
  roundMembers,
  roundRulesOf,
  type RoundMemberRow,
  type StoredRule,
} from './queries.ts';

/** A round's progression, and each of its heats' marks by result row. */
export interface RoundOutcome {
  key: string;
  progression: Progression;
  marks: Map<string, Map<string, Qualified>>;
  /** The ranked qualifiers with their heat's event, for the next round's draw. */
  ranked: ReturnType<typeof roundProgression>['qualifiers'];
}

const byHeat = (a: RoundMemberRow, b: RoundMemberRow) => (a.heat ?? 0) - (b.heat ?? 0);

/** "Final B" is a race of its own, not a heat of the final: the qualifiers go to the A. */
const isLesserFinal = (event: RoundMemberRow) => {
  const letter = readEventName(event.eventName).finalLetter;
  return letter !== null && letter.toUpperCase() !== 'A';
};

/**
 * One competition's races and rounds as they stand in a transaction (or a read), and the
 * progression of each round with a rule, worked out once however many of its heats ask.
 */
export class CompetitionRounds {
  private readonly keys = new Map<string, string>();
  private readonly outcomes = new Map<string, Promise<RoundOutcome | null>>();

  private constructor(
    private readonly db: Db,
    readonly rules: Map<string, StoredRule>,
    readonly members: RoundMemberRow[],
  ) {
    for (const m of members) this.keys.set(m.id, roundKeyOf(m));
  }

  /** Null when the competition has no round rule: nothing to work out. */
  static async load(db: Db, competitionUic: number): Promise<CompetitionRounds | null> {
    const rules = await roundRulesOf(db, competitionUic);
    if (rules.size === 0) return null;
    return new CompetitionRounds(db, rules, await roundMembers(db, competitionUic));
  }

  /** Every rule, even a competition's first: for the admin's write of one. */
  static async loadAll(db: Db, competitionUic: number): Promise<CompetitionRounds> {
    const rules = await roundRulesOf(db, competitionUic);
    return new CompetitionRounds(db, rules, await roundMembers(db, competitionUic));
  }

  keyOf(id: string): string | undefined {
    return this.keys.get(id);
  }

  /** The round's events, visible or not, heats in order. */
  heatsOf(key: string): RoundMemberRow[] {
    return this.members.filter((m) => this.keys.get(m.id) === key).sort(byHeat);
  }

  /** The round's rule, when it has one and is a race's round that leads to another. */
  ruleOf(key: string): StoredRule | undefined {
    const first = this.heatsOf(key)[0];
    if (!first || !leadsOn(first.round) || first.eventType !== 'ATHLETICS') return undefined;
    return this.rules.get(key);
  }

  /** The rounds with a rule, each once: what a change of one of them is checked against. */
  ruledRounds(): string[] {
    return [...this.rules.keys()].filter((key) => this.ruleOf(key) !== undefined);
  }

  /** The events of the round after this one, in heat order; empty when there is none. */
  nextRoundOf(key: string): { round: Round | null; events: RoundMemberRow[] } {
    const first = this.heatsOf(key)[0];
    if (!first) return { round: null, events: [] };
    const family = familyKeyOf(first);
    const kin = this.members.filter((m) => familyKeyOf(m) === family);
    const round = nextRound(
      first.round,
      kin.map((m) => m.round),
    );
    const events = kin.filter((m) => m.round === round && !isLesserFinal(m)).sort(byHeat);
    return { round, events };
  }

  /** The progression of a round; null when it has no rule. */
  outcomeOf(key: string): Promise<RoundOutcome | null> {
    const rule = this.ruleOf(key);
    if (!rule) return Promise.resolve(null);
    let outcome = this.outcomes.get(key);
    if (!outcome) {
      outcome = this.work(key, rule);
      this.outcomes.set(key, outcome);
    }
    return outcome;
  }

  private async work(key: string, rule: StoredRule): Promise<RoundOutcome> {
    const all = this.heatsOf(key);
    // Heats the public cannot see are no part of what it is told.
    const heats = all.filter((m) => m.visible);
    const found = new Map(
      (
        await heatResults(
          this.db,
          heats.map((h) => h.id),
        )
      ).map((r) => [r.id, r]),
    );
    const round = heats.map((heat) => {
      const read = found.get(heat.id);
      // A scratched heat is run by nobody: the round does not wait for it.
      const scratched = read?.status === 'scratched';
      const complete =
        scratched ||
        (read !== undefined &&
          showsResults({
            status: read.status,
            results: read.results,
            startListFile: [],
            live: null,
          }));
      const rows = complete && read && !scratched ? read.results : [];
      return { eventId: heat.id, heat: heat.heat, complete, rows };
    });
    const outcome = roundProgression(rule, round);
    // The heats the race says it has (FinishLynx's count): a heat still to be announced is
    // still to run.
    const heatCount = Math.max(all.length, ...all.map((h) => h.heatCount));
    const heatsIn = round.filter((heat) => heat.complete).length;
    const marks = new Map<string, Map<string, Qualified>>();
    for (const q of outcome.qualifiers) {
      const own = marks.get(q.eventId) ?? new Map<string, Qualified>();
      own.set(q.rowId, q.qualified);
      marks.set(q.eventId, own);
    }
    return {
      key,
      marks,
      ranked: outcome.qualifiers,
      progression: {
        byPlace: rule.byPlace,
        byTime: rule.byTime,
        final: outcome.final && all.length >= heatCount,
        heatsIn,
        heatCount,
        nextRound: this.nextRoundOf(key).round,
        qualifiers: outcome.qualifiers.map(
          ({ eventId, heat, bib, name, club, performance, qualified }) => ({
            eventId,
            heat,
            bib,
            name,
            club,
            performance,
            qualified,
          }),
        ),
        ties: outcome.ties,
      },
    };
  }
}

/** Competitions' rounds as read (null: it has no rule), by competition. */
export type KnownRounds = ReadonlyMap<number, CompetitionRounds | null>;

/**
 * The progression of each event given, for the public payload: events with none left out.
 * Competitions `known` (read by the change being announced) are not read again.
 */
export async function progressionsOf(
  db: Db,
  events: readonly { id: string; competitionUic: number }[],
  known?: KnownRounds,
): Promise<Map<string, RoundOutcome>> {
  const out = new Map<string, RoundOutcome>();
  const rounds = new Map<number, CompetitionRounds | null>(known);
  for (const { id, competitionUic } of events) {
    if (!rounds.has(competitionUic)) {
      rounds.set(competitionUic, await CompetitionRounds.load(db, competitionUic));
    }
    const competition = rounds.get(competitionUic);
    const key = competition?.keyOf(id);
    const outcome = key === undefined ? null : await competition?.outcomeOf(key);
    if (outcome) out.set(id, outcome);
  }
  return out;
}

/**
 * Events with their rounds' progression and their results marked Q and q, for what reads
 * the meet's rows outside the public payload (the followers' alerts).
 */
export async function withQualification<
  T extends { id: string; competitionUic: number; results: AthleteRow[] },
>(db: Db, events: readonly T[]): Promise<(T & { progression: Progression | null })[]> {
  const outcomes = await progressionsOf(db, events);
  return events.map((event) => {
    const outcome = outcomes.get(event.id);
    if (!outcome) return { ...event, progression: null };
    const marks = outcome.marks.get(event.id);
    return {
      ...event,
      progression: outcome.progression,
      results: event.results.map((row) => ({ ...row, qualified: marks?.get(row.id) ?? null })),
    };
  });
}

import type { Db } from '../../db/connect.ts';
import type { Round } from '../../../shared/domain.ts';
import type { AthleteRow } from '../../../shared/schemas/athlete.ts';
import type { Progression, ProgressionRule } from '../../../shared/schemas/event.ts';
import { showsResults } from '../../../shared/meet/shown.ts';
import { familyKeyOf, leadsOn, nextRound, roundKeyOf } from '../../../shared/meet/rounds.ts';
import { roundProgression, type Qualified } from '../../../shared/athletics/rounds/qualify.ts';
import { heatResults, roundMembers, roundRulesOf, type RoundMemberRow } from './queries.ts';

/** A round's progression, and each of its heats' marks by result row. */
export interface RoundOutcome {
  key: string;
  progression: Progression;
  marks: Map<string, Map<string, Qualified>>;
  /** The ranked qualifiers with their heat's event, for the next round's draw. */
  ranked: ReturnType<typeof roundProgression>['qualifiers'];
}

/**
 * One competition's races and rounds as they stand in a transaction (or a read), and the
 * progression of each round with a rule, worked out once however many of its heats ask.
 */
export class CompetitionRounds {
  private readonly byId: Map<string, RoundMemberRow>;
  private readonly keys = new Map<string, string>();
  private readonly outcomes = new Map<string, Promise<RoundOutcome | null>>();

  private constructor(
    private readonly db: Db,
    readonly rules: Map<string, ProgressionRule>,
    readonly members: RoundMemberRow[],
  ) {
    this.byId = new Map(members.map((m) => [m.id, m]));
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

  member(id: string): RoundMemberRow | undefined {
    return this.byId.get(id);
  }

  keyOf(id: string): string | undefined {
    return this.keys.get(id);
  }

  /** The round's events, visible or not, heats in order. */
  heatsOf(key: string): RoundMemberRow[] {
    return this.members
      .filter((m) => this.keys.get(m.id) === key)
      .sort((a, b) => (a.heat ?? 0) - (b.heat ?? 0));
  }

  /** The rule of the event's round, when it has one and leads on to another round. */
  ruleOf(id: string): ProgressionRule | undefined {
    const member = this.byId.get(id);
    const key = this.keys.get(id);
    if (!member || key === undefined || !leadsOn(member.round)) return undefined;
    if (member.eventType !== 'ATHLETICS') return undefined;
    return this.rules.get(key);
  }

  /** The events of the round after the event's, in heat order; empty when there is none. */
  nextRoundOf(id: string): { round: Round | null; events: RoundMemberRow[] } {
    const member = this.byId.get(id);
    if (!member) return { round: null, events: [] };
    const family = familyKeyOf(member);
    const kin = this.members.filter((m) => familyKeyOf(m) === family);
    const round = nextRound(
      member.round,
      kin.map((m) => m.round),
    );
    const events = kin
      .filter((m) => m.round === round)
      .sort((a, b) => (a.heat ?? 0) - (b.heat ?? 0));
    return { round, events };
  }

  /** The progression of the event's round; null when it has no rule. */
  outcomeOf(id: string): Promise<RoundOutcome | null> {
    const key = this.keys.get(id);
    const rule = this.ruleOf(id);
    if (key === undefined || !rule) return Promise.resolve(null);
    let outcome = this.outcomes.get(key);
    if (!outcome) {
      outcome = this.work(id, key, rule);
      this.outcomes.set(key, outcome);
    }
    return outcome;
  }

  private async work(id: string, key: string, rule: ProgressionRule): Promise<RoundOutcome> {
    // Heats the public cannot see are no part of what it is told.
    const heats = this.heatsOf(key).filter((m) => m.visible);
    const rows = await heatResults(
      this.db,
      heats.map((h) => h.id),
    );
    const found = new Map(rows.map((r) => [r.id, r]));
    const round = heats.map((heat) => {
      const read = found.get(heat.id);
      const complete =
        read !== undefined &&
        showsResults({
          status: read.status,
          results: read.results,
          startListFile: [],
          live: null,
        });
      return { eventId: heat.id, heat: heat.heat, complete, rows: complete ? read.results : [] };
    });
    const outcome = roundProgression(rule, round);
    const marks = new Map<string, Map<string, Qualified>>();
    for (const q of outcome.qualifiers) {
      const own = marks.get(q.eventId) ?? new Map<string, Qualified>();
      own.set(q.rowId, q.qualified);
      marks.set(q.eventId, own);
    }
    const athlete = ({
      eventId,
      heat,
      bib,
      name,
      club,
      performance,
    }: (typeof outcome.qualifiers)[number]) => ({
      eventId,
      heat,
      bib,
      name,
      club,
      performance,
    });
    return {
      key,
      marks,
      ranked: outcome.qualifiers,
      progression: {
        ...rule,
        final: outcome.final,
        heatsIn: round.filter((heat) => heat.complete).length,
        heatCount: round.length,
        nextRound: this.nextRoundOf(id).round,
        qualifiers: outcome.qualifiers.map((q) => ({ ...athlete(q), qualified: q.qualified })),
        ties: outcome.ties,
      },
    };
  }
}

/** The progression of each event given, for the public payload: events with none left out. */
export async function progressionsOf(
  db: Db,
  events: readonly { id: string; competitionUic: number }[],
): Promise<Map<string, RoundOutcome>> {
  const out = new Map<string, RoundOutcome>();
  const rounds = new Map<number, CompetitionRounds | null>();
  for (const { id, competitionUic } of events) {
    if (!rounds.has(competitionUic)) {
      rounds.set(competitionUic, await CompetitionRounds.load(db, competitionUic));
    }
    const outcome = await rounds.get(competitionUic)?.outcomeOf(id);
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

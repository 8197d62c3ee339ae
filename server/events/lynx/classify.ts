import type { EventStatus, EventType, Round } from '../../../shared/domain.ts';
import { readEventName } from '../../../shared/eventNames/index.ts';

/** An event made from FinishLynx files, as classification needs it. */
export interface LynxEventState {
  id: string;
  eventName: string;
  eventType: EventType;
  lynxUnit: string;
  lynxFamily: string;
  lynxRound: string;
  round: Round;
  roundLocked: boolean;
  heat: number | null;
  heatCount: number;
  status: EventStatus;
  /** Its type and discipline are known. */
  classifiable: boolean;
  hasResults: boolean;
}

/** A race lynx.sch lists: it tells rounds and heats before any file of them exists. */
export interface ScheduledRace {
  eventNumber: string;
  round: string;
  heat: string;
}

export type Classification = Pick<LynxEventState, 'id' | 'round' | 'heat' | 'heatCount' | 'status'>;

/**
 * The rounds of an event by how many it has (FinishLynx only counts them): the highest is the
 * final; two are heats and final; three add semis; four add quarters; lower ones are heats.
 */
function roundsByNumber(count: number): Round[] {
  const fromTop: Round[] = ['finals', 'semis', 'quarters'];
  const top = fromTop.slice(0, count <= 2 ? 1 : Math.min(count - 1, 3)).reverse();
  return [...Array<Round>(count - top.length).fill('heats'), ...top];
}

const LATER_ROUNDS: readonly Round[] = ['quarters', 'semis', 'finals'];

/** The heat a unit key names (`…|h:3`), or null for a field event. */
function unitHeat(unit: string): number | null {
  const match = /\|h:(\d+)$/.exec(unit);
  return match?.[1] === undefined ? null : Number(match[1]);
}

const heatOf = (text: string) => Math.max(1, Number(text) || 1);

/**
 * Round, heat and heat count of every FinishLynx event of a competition, from everything
 * the meet's files have told so far: a pure function of the whole state, so files uploaded
 * in any order and grouping end the same. A round the admin chose stays; words in the name
 * ("Final", "Vorlauf", "Batteria") win over the count of rounds. An event that can now be
 * classified leaves 'imported'.
 */
export function classifyLynxEvents(
  events: readonly LynxEventState[],
  schedule: readonly ScheduledRace[],
): Classification[] {
  const names = new Map(events.map((e) => [e.id, readEventName(e.eventName)]));
  const families = new Map<string, LynxEventState[]>();
  for (const event of events) {
    families.set(event.lynxFamily, [...(families.get(event.lynxFamily) ?? []), event]);
  }
  const out: Classification[] = [];
  for (const [family, members] of families) {
    const number = family.startsWith('n:') ? family.slice(2) : null;
    const scheduled = number === null ? [] : schedule.filter((s) => s.eventNumber === number);
    const roundNumbers = [
      ...new Set([...members.map((e) => e.lynxRound), ...scheduled.map((s) => s.round)]),
    ].sort((a, b) => Number(a) - Number(b));
    let byNumber = roundsByNumber(roundNumbers.length);
    // "100m M U16 - Bieg 1..3" and "100m M U16 - FINAŁ" under its own event number: the
    // heats' only round is not the final when a later round of the same race is named.
    const base = names.get(members[0]!.id)!.base;
    const namedLater = events.some((e) => {
      const name = names.get(e.id)!;
      return (
        e.lynxFamily !== family &&
        e.eventType === members[0]!.eventType &&
        name.base === base &&
        name.round !== null &&
        LATER_ROUNDS.includes(name.round)
      );
    });
    if (roundNumbers.length === 1 && namedLater) byNumber = ['heats'];

    for (const event of members) {
      const name = names.get(event.id)!;
      const round = event.roundLocked
        ? event.round
        : (name.round ??
          (name.timedFinal ? 'finals' : byNumber[roundNumbers.indexOf(event.lynxRound)]) ??
          'unknown');
      let heat: number | null = null;
      let heatCount = 1;
      if (event.eventType === 'ATHLETICS') {
        const sameRound = members.filter((e) => e.lynxRound === event.lynxRound);
        const heats = [
          ...sameRound.map((e) => unitHeat(e.lynxUnit) ?? 1),
          ...scheduled.filter((s) => s.round === event.lynxRound).map((s) => heatOf(s.heat)),
        ];
        heatCount = Math.max(1, sameRound.length, ...heats);
        heat = heatCount > 1 ? unitHeat(event.lynxUnit) : null;
      }
      const status =
        event.status === 'imported' && event.classifiable && round !== 'unknown'
          ? event.hasResults
            ? 'official'
            : 'upcoming'
          : event.status;
      out.push({ id: event.id, round, heat, heatCount, status });
    }
  }
  return out;
}

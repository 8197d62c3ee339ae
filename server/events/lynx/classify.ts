import type { EventStatus, EventType, Round } from '../../../shared/domain.ts';
import { readEventName } from '../../eventNames/index.ts';
import { generationOf } from './identity.ts';
import { present } from '../../../shared/present.ts';
import type { ScheduledRace } from '../../meet/listOrder.ts';

/** An event made from FinishLynx files, as classification needs it. */
export interface LynxEventState {
  id: string;
  eventName: string;
  /** The name as the file wrote it: its round and heat words say what the count cannot. */
  lynxName: string;
  eventType: EventType;
  lynxEventNumber: string;
  lynxUnit: string;
  lynxRace: string;
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
  /** A timing file's results are in, in part (shared/meet/completeness.ts). */
  inPart: boolean;
}

/** A race lynx.sch lists: it tells rounds and heats before any file of them exists. */
export type { ScheduledRace };

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
const byNumber = (a: string, b: string) => Number(a) - Number(b);

/**
 * The events of one event across its rounds: those FinishLynx numbers alike (in one session),
 * joined with those whose heats it names by number under their own event numbers ("Men 60m
 * Heat 1", "Heat 2" and the final "Men 60m" under one number are one event).
 */
function components(events: readonly LynxEventState[]): LynxEventState[][] {
  const parent = new Map<string, string>();
  const find = (key: string): string => {
    const up = parent.get(key) ?? key;
    if (up === key) return key;
    const root = find(up);
    parent.set(key, root);
    return root;
  };
  const join = (a: string, b: string) => parent.set(find(a), find(b));
  for (const event of events) {
    const session = generationOf(event.lynxFamily);
    join(`family:${event.lynxFamily}`, `number:${event.lynxEventNumber}~${session}`);
  }
  const groups = new Map<string, LynxEventState[]>();
  for (const event of events) {
    const root = find(`family:${event.lynxFamily}`);
    groups.set(root, [...(groups.get(root) ?? []), event]);
  }
  return [...groups.values()];
}

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
  const names = new Map(events.map((e) => [e.id, readEventName(e.lynxName)]));
  // lynx.sch is the latest session's schedule: it speaks of the newest generation of a number.
  const newest = new Map<string, number>();
  for (const e of events) {
    const session = generationOf(e.lynxFamily);
    newest.set(e.lynxEventNumber, Math.max(newest.get(e.lynxEventNumber) ?? 1, session));
  }
  const scheduledFor = (e: LynxEventState) =>
    e.lynxFamily.startsWith('n:') && newest.get(e.lynxEventNumber) === generationOf(e.lynxFamily)
      ? schedule.filter((s) => s.eventNumber === e.lynxEventNumber)
      : [];

  const out: Classification[] = [];
  for (const members of components(events)) {
    const scheduled = [...new Set(members.flatMap(scheduledFor))];
    const roundNumbers = [
      ...new Set([...members.map((e) => e.lynxRound), ...scheduled.map((s) => s.round)]),
    ].sort(byNumber);
    let rounds = roundsByNumber(roundNumbers.length);
    // "100m M U16 - Bieg 1..3" and "100m M U16 - FINAŁ" under its own event number: the
    // heats' only round is not the final when a later round of the same race is named.
    const nameOf = (id: string) => present(names.get(id), `the name of event ${id}`);
    const bases = new Set(members.map((e) => nameOf(e.id).base));
    const namedLater = events.some((e) => {
      const name = nameOf(e.id);
      return (
        !members.includes(e) &&
        e.eventType === members[0]?.eventType &&
        bases.has(name.base) &&
        name.round !== null &&
        LATER_ROUNDS.includes(name.round)
      );
    });
    if (roundNumbers.length === 1 && namedLater) rounds = ['heats'];

    for (const event of members) {
      const name = nameOf(event.id);
      const round = event.roundLocked
        ? event.round
        : (name.round ??
          (name.timedFinal ? 'finals' : rounds[roundNumbers.indexOf(event.lynxRound)]) ??
          'unknown');
      let heat: number | null = null;
      let heatCount = 1;
      if (event.eventType === 'ATHLETICS') {
        const sameRace = members.filter(
          (e) => e.eventType === 'ATHLETICS' && e.lynxRace === event.lynxRace,
        );
        const plain = !/\|[wf]:/.test(event.lynxRace) && event.lynxFamily.startsWith('n:');
        const heats = [
          ...sameRace.map((e) => unitHeat(e.lynxUnit) ?? 1),
          ...(plain
            ? scheduled
                .filter(
                  (s) => s.eventNumber === event.lynxEventNumber && s.round === event.lynxRound,
                )
                .map((s) => heatOf(s.heat))
            : []),
        ];
        heatCount = Math.max(1, sameRace.length, ...heats);
        heat = heatCount > 1 ? unitHeat(event.lynxUnit) : null;
      }
      const status =
        event.status === 'imported' && event.classifiable && round !== 'unknown'
          ? event.hasResults
            ? 'official'
            : event.inPart
              ? 'unofficial'
              : 'upcoming'
          : event.status;
      out.push({ id: event.id, round, heat, heatCount, status });
    }
  }
  return out;
}

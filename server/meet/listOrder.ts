/**
 * Where the timing room's files put each race in the meet (`runOrder`, shared/meet/
 * runningOrder.ts). lynx.sch lists the races in running order; lynx.evt lists every event in
 * the order the meet software wrote it, which is the meet's order (a real high-school meet's
 * lynx.evt lists event 3, Girls 4x800, before event 1, Boys 4x800, as they were run; a college
 * meet's lists the hurdles heats, the dash heats, the mile, then the hurdles and dash finals).
 * So: lynx.sch's order for the races it lists, and lynx.evt's for the rest (lynx.sch is
 * FinishLynx's: it leaves out FieldLynx's events), each after the race lynx.evt lists before it.
 * Races neither lists (results without a lynx.evt) follow by event number, rounds in order
 * (heats before the final), heats and flights in number order.
 */

export interface ListedEvent {
  id: string;
  lynxEventNumber: string | null;
  lynxRound: string | null;
  /** A track heat's heat column; null for a field event (its flights are one event). */
  lynxHeat: string | null;
  /** Where lynx.evt listed it: the file's turn, then its line; null when no lynx.evt did. */
  lynxListed: number | null;
}

export interface ScheduledRace {
  eventNumber: string;
  round: string;
  heat: string;
}

/** FinishLynx writes blank or 0 for "1" in the round and heat columns. */
const whole = (text: string | null) => Math.max(1, Number.parseInt(text ?? '', 10) || 1);

/** Event numbers are text ("1A"): the number, then the rest. */
function compareNumbers(a: string | null, b: string | null): number {
  const [na, nb] = [Number.parseInt(a ?? '', 10), Number.parseInt(b ?? '', 10)];
  if (Number.isNaN(na) || Number.isNaN(nb))
    return Number(Number.isNaN(na)) - Number(Number.isNaN(nb));
  return na - nb || (a ?? '').localeCompare(b ?? '');
}

const INFINITE = Number.POSITIVE_INFINITY;

function byFiles(a: ListedEvent, b: ListedEvent): number {
  return (
    (a.lynxListed ?? INFINITE) - (b.lynxListed ?? INFINITE) ||
    compareNumbers(a.lynxEventNumber, b.lynxEventNumber) ||
    whole(a.lynxRound) - whole(b.lynxRound) ||
    whole(a.lynxHeat) - whole(b.lynxHeat) ||
    a.id.localeCompare(b.id)
  );
}

/** The first line of lynx.sch naming the race (a field event: any of its flights). */
function schedulePositions(schedule: readonly ScheduledRace[]) {
  const positions = new Map<string, number>();
  schedule.forEach((race, index) => {
    const number = race.eventNumber.trim().toUpperCase();
    for (const key of [
      `${number}|${whole(race.round)}|${whole(race.heat)}`,
      `${number}|${whole(race.round)}|*`,
    ]) {
      if (!positions.has(key)) positions.set(key, index);
    }
  });
  return (event: ListedEvent): number | undefined => {
    if (event.lynxEventNumber === null) return undefined;
    const number = event.lynxEventNumber.trim().toUpperCase();
    const heat = event.lynxHeat === null ? '*' : whole(event.lynxHeat);
    return positions.get(`${number}|${whole(event.lynxRound)}|${heat}`);
  };
}

/** Each FinishLynx event's place in the meet, 1 first. */
export function listOrder(
  events: readonly ListedEvent[],
  schedule: readonly ScheduledRace[],
): Map<string, number> {
  const sequence = events.filter((e) => e.lynxEventNumber !== null).sort(byFiles);
  const positionOf = schedulePositions(schedule);
  // The races lynx.sch lists, in its order; each race it does not list (a field event) runs
  // after the race lynx.evt lists before it.
  const scheduled: { event: ListedEvent; position: number }[] = [];
  const following = new Map<string | null, ListedEvent[]>();
  let anchor: string | null = null;
  for (const event of sequence) {
    const position = positionOf(event);
    if (position !== undefined) {
      scheduled.push({ event, position });
      anchor = event.id;
    } else {
      const after = following.get(anchor);
      if (after) after.push(event);
      else following.set(anchor, [event]);
    }
  }
  scheduled.sort((a, b) => a.position - b.position || byFiles(a.event, b.event));
  const ordered = [
    ...(following.get(null) ?? []),
    ...scheduled.flatMap(({ event }) => [event, ...(following.get(event.id) ?? [])]),
  ];
  return new Map(ordered.map((event, i) => [event.id, i + 1]));
}

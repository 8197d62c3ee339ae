import { parseEvt } from '../../server/parsers/lynx/index.ts';
import { familyName, readEventName } from '../../server/eventNames/index.ts';
import { compareRoundAndHeat } from '../../shared/athletics/heats.ts';
import type { EventSummary } from '../../shared/schemas/event.ts';

/**
 * How many of a meet's listed events are out of the running order its timing room wrote: the
 * races lynx.sch lists, in its order; without one, lynx.evt's order of its race headers. Each listed
 * event is matched to its race by family (the name without round and heat words) and by its
 * place in that family (rounds in order, heats in number order); the count is how many events
 * would have to move for the rest to keep the files' order. Races the files do not list are
 * not counted.
 */
export function outOfRunningOrder(
  events: readonly EventSummary[],
  evt: Uint8Array,
  sch: string | null = null,
): number {
  const parsed = parseEvt(evt, 'lynx.evt');
  if (!parsed.ok) throw new Error('lynx.evt does not parse');
  // Each race once (a field event's flights are one event), in the file's order.
  const races: { key: string; family: string; round: number; heat: number }[] = [];
  for (const race of parsed.value) {
    if (!race.key) continue;
    const field = race.eventType === 'JUMP';
    const key = `${race.key.eventNumber}|${race.key.round}|${field ? '*' : race.key.heat}`;
    if (races.some((r) => r.key === key)) continue;
    // A round the name says ("FINAŁ") ranks as it says; else the round column counts.
    const named = readEventName(race.eventName).round;
    races.push({
      key,
      family: `${race.eventType}|${familyName(race.eventName)}`,
      round: named === 'finals' ? 99 : named === 'semis' ? 98 : Number(race.key.round) || 1,
      heat: field ? 1 : Number(race.key.heat) || 1,
    });
  }
  // lynx.sch lists FinishLynx's races in running order: where there is one, those races are
  // held to it (FieldLynx's events are not on it); else every race to lynx.evt's order.
  const schedule = (sch ?? '')
    .split(/\r?\n/)
    .filter((line) => /^[^;\s]/.test(line))
    .map((line) => {
      const [number = '', round = '1', heat = '1'] = line.split(',').map((c) => c.trim());
      return `${number}|${Number(round) || 1}|${Number(heat) || 1}`;
    });
  const ordered =
    schedule.length > 0
      ? schedule.flatMap((line) => {
          const race = races.find((r) => {
            const [number, round, heat] = r.key.split('|');
            return `${number}|${Number(round) || 1}|${Number(heat) || 1}` === line;
          });
          return race ? [race.key] : [];
        })
      : races.map((r) => r.key);

  // Each family's races in run order, matched to its listed events in run order.
  const positionOf = new Map<string, number>();
  const families = new Map<string, typeof races>();
  for (const race of races) families.set(race.family, [...(families.get(race.family) ?? []), race]);
  for (const [family, members] of families) {
    const runs = [...members].sort((a, b) => a.round - b.round || a.heat - b.heat);
    const listed = events
      .filter((e) => `${e.eventType}|${e.eventName}` === family)
      .sort(compareRoundAndHeat);
    listed.forEach((e, i) => {
      const race = runs[i];
      const at = race ? ordered.indexOf(race.key) : -1;
      if (at !== -1) positionOf.set(e.id, at);
    });
  }
  const positions = events.flatMap((e) => {
    const at = positionOf.get(e.id);
    return at === undefined ? [] : [at];
  });
  // All but the longest run that keeps the files' order have to move.
  const tails: number[] = [];
  for (const p of positions) {
    const i = tails.findIndex((q) => q >= p);
    if (i === -1) tails.push(p);
    else tails[i] = p;
  }
  return positions.length - tails.length;
}

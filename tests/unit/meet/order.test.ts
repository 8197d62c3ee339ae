import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parseEvt } from '../../../server/parsers/lynx/index.ts';
import { listOrder, type ListedEvent } from '../../../server/meet/listOrder.ts';
import { runningOrder, type Orderable } from '../../../shared/meet/runningOrder.ts';
import { raceFamily } from '../../../shared/meet/family.ts';
import { familyName } from '../../../server/eventNames/index.ts';

const meetFile = (meet: string, name: string) =>
  readFileSync(new URL(`../../fixtures/meets/${meet}/${name}`, import.meta.url));

/** Every race a lynx.evt lists, as the server keeps them: one event a heat, one a field event. */
function listedRaces(meet: string): ListedEvent[] {
  const parsed = parseEvt(meetFile(meet, 'lynx.evt'), 'lynx.evt');
  if (!parsed.ok) throw new Error('the fixture lynx.evt does not parse');
  const seen = new Map<string, ListedEvent>();
  parsed.value.forEach((race, line) => {
    const key = race.key;
    if (!key) return;
    const field = race.eventType === 'JUMP';
    const id = `${key.eventNumber}|${key.round}|${field ? '*' : key.heat}`;
    if (seen.has(id)) return;
    seen.set(id, {
      id,
      lynxEventNumber: key.eventNumber,
      lynxRound: key.round,
      lynxHeat: field ? null : key.heat,
      lynxListed: 1_700_000_000 + line / 100_000,
    });
  });
  return [...seen.values()];
}

const inOrder = (order: Map<string, number>) =>
  [...order.entries()].sort((a, b) => a[1] - b[1]).map(([id]) => id);

describe('the running order from the timing room files', () => {
  it("follows lynx.evt's order, not its event numbers: a college meet's session", () => {
    const order = inOrder(listOrder(listedRaces('college-indoor'), []));
    // The relays and the 5000 m first, the hurdles heats, the dash heats, …, the finals later.
    expect(order.slice(0, 5)).toEqual(['19|1|1', '19|1|2', '20|1|1', '33|1|1', '34|1|1']);
    expect(order.indexOf('3|1|4')).toBeLessThan(order.indexOf('1|1|1'));
    // Heats in number order, and the final of the 60 m after every heat of the session.
    expect(order.filter((id) => id.startsWith('1|'))).toEqual([
      '1|1|1',
      '1|1|2',
      '1|1|3',
      '1|1|4',
      '1|2|1',
    ]);
    expect(order.indexOf('1|2|1')).toBeGreaterThan(order.indexOf('8|1|6'));
  });

  it('puts the races lynx.sch lists in its order, field events keeping their places', () => {
    const races = listedRaces('us-high-school');
    const schedule = readFileSync(
      new URL('../../fixtures/meets/us-high-school/lynx.sch', import.meta.url),
      'utf8',
    )
      .split(/\r?\n/)
      .filter((line) => /^\d/.test(line))
      .map((line) => {
        const [eventNumber = '', round = '1', heat = '1'] = line.split(',');
        return { eventNumber, round, heat };
      });
    const order = inOrder(listOrder(races, schedule));
    // lynx.sch: 1-1-1, 1-1-2, 3-3-0, 9-1-1..3, 103, 12, 1-2-1, 16-1-1, 16-1-2.
    const track = order.filter((id) => !id.endsWith('*'));
    expect(track).toEqual([
      '1|1|1',
      '1|1|2',
      '3|3|0',
      '9|1|1',
      '9|1|2',
      '9|1|3',
      '103|1|1',
      '12|1|1',
      '1|2|1',
      '16|1|1',
      '16|1|2',
    ]);
    // The long jump's flights and the shot put follow the race lynx.evt lists before them.
    expect(order.slice(-3)).toEqual(['21|1|*', '22|1|*', '24|1|*']);
  });

  it('orders races no lynx.evt lists by number, rounds in order, heats in number order', () => {
    const race = (eventNumber: string, round: string, heat: string): ListedEvent => ({
      id: `${eventNumber}|${round}|${heat}`,
      lynxEventNumber: eventNumber,
      lynxRound: round,
      lynxHeat: heat,
      lynxListed: null,
    });
    const order = listOrder(
      [
        race('10', '2', '1'),
        race('2', '1', '1'),
        race('10', '1', '2'),
        race('10', '1', '1'),
        race('1A', '1', '1'),
      ],
      [],
    );
    expect(inOrder(order)).toEqual(['1A|1|1', '2|1|1', '10|1|1', '10|1|2', '10|2|1']);
  });
});

describe('running order with times', () => {
  const event = (id: string, fields: Partial<Orderable>): Orderable => ({
    id,
    time: null,
    runOrder: null,
    eventName: id,
    round: 'finals',
    heat: null,
    heatCount: 1,
    ...fields,
  });

  it('puts timed events by time, and a listed event with none after the one listed before it', () => {
    const events = [
      event('hammer', { time: '14:00' }),
      event('h1', { runOrder: 1, time: '10:00' }),
      event('h2', { runOrder: 2 }),
      event('final', { runOrder: 3, time: '15:30' }),
      event('relay', { runOrder: 4 }),
      event('typed', {}),
    ];
    expect(runningOrder(events).map((e) => e.id)).toEqual([
      'h1',
      'h2',
      'hammer',
      'final',
      'relay',
      'typed',
    ]);
    expect(runningOrder(events, 'desc').map((e) => e.id)).toEqual([
      'relay',
      'final',
      'hammer',
      'h2',
      'h1',
      'typed',
    ]);
  });

  it("a Polish meet's heats under event numbers of their own: one race, Bieg 2 before Bieg 10", () => {
    const names = [
      ...Array.from({ length: 12 }, (_, i) => `100m K U14-Bieg ${i + 1}`),
      '100m K U14-FINAŁ',
    ];
    const events = names.map((name, i) => ({
      ...event(`e${i}`, { runOrder: names.length - i }),
      eventName: familyName(name),
      round: name.endsWith('FINAŁ') ? ('finals' as const) : ('heats' as const),
      heat: name.endsWith('FINAŁ') ? null : i + 1,
      heatCount: name.endsWith('FINAŁ') ? 1 : 12,
      eventType: 'ATHLETICS' as const,
    }));
    expect(new Set(events.map((e) => e.eventName))).toEqual(new Set(['100m K U14']));
    const family = raceFamily(events, events[0]!).map((e) => (e.heat === null ? 'final' : e.heat));
    expect(family).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 'final']);
  });
});

import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  classifyLynxEvents,
  type LynxEventState,
  type ScheduledRace,
} from '../../../server/events/lynx/classify.ts';
import { raceIdentity } from '../../../server/events/lynx/identity.ts';

/** A FinishLynx event as the importer stores it, from its header. */
function race(
  eventNumber: string,
  round: string,
  heat: string,
  eventName: string,
  extra: Partial<LynxEventState> = {},
): LynxEventState {
  const eventType = extra.eventType ?? 'ATHLETICS';
  const identity = raceIdentity({ key: { eventNumber, round, heat }, eventName, eventType });
  return {
    id: identity.unit,
    eventName,
    lynxName: eventName,
    eventType,
    lynxEventNumber: eventNumber,
    lynxUnit: identity.unit,
    lynxRace: identity.race,
    lynxFamily: identity.family,
    lynxRound: round,
    round: 'unknown',
    roundLocked: false,
    heat: null,
    heatCount: 1,
    status: 'upcoming',
    classifiable: true,
    hasResults: false,
    inPart: false,
    ...extra,
  };
}

const view = (events: LynxEventState[], schedule: ScheduledRace[] = []) =>
  Object.fromEntries(
    classifyLynxEvents(events, schedule).map((c) => [
      events.find((e) => e.id === c.id)!.eventName +
        ` r${events.find((e) => e.id === c.id)!.lynxRound}` +
        (c.heat ? ` h${c.heat}` : ''),
      [c.round, c.heat, c.heatCount],
    ]),
  );

describe('rounds from the round column and the rounds each event has', () => {
  it('two rounds are heats and the final (the college indoor meet)', () => {
    const events = [1, 2, 3, 4].map((h) => race('4', '1', String(h), 'Men 60 Meter Hurdles'));
    events.push(race('4', '2', '1', 'Men 60 Meter Hurdles'));
    expect(view(events)).toEqual({
      'Men 60 Meter Hurdles r1 h1': ['heats', 1, 4],
      'Men 60 Meter Hurdles r1 h2': ['heats', 2, 4],
      'Men 60 Meter Hurdles r1 h3': ['heats', 3, 4],
      'Men 60 Meter Hurdles r1 h4': ['heats', 4, 4],
      'Men 60 Meter Hurdles r2': ['finals', null, 1],
    });
  });

  it('three rounds are heats, semis and the final; four add quarters', () => {
    const three = ['1', '2', '3'].map((r) => race('9', r, '1', 'Women 100m'));
    expect(classifyLynxEvents(three, []).map((c) => c.round)).toEqual(['heats', 'semis', 'finals']);
    const four = ['1', '2', '3', '4'].map((r) => race('9', r, '1', 'Women 100m'));
    expect(classifyLynxEvents(four, []).map((c) => c.round)).toEqual([
      'heats',
      'quarters',
      'semis',
      'finals',
    ]);
  });

  it('a single round is a final; several heats of it are sections of a timed final', () => {
    const sections = [1, 2].map((h) => race('11', '1', String(h), 'Women 800 Meter Run'));
    expect(view(sections)).toEqual({
      'Women 800 Meter Run r1 h1': ['finals', 1, 2],
      'Women 800 Meter Run r1 h2': ['finals', 2, 2],
    });
    expect(view([race('5', '1', '1', 'Women 200 Meter Dash')])).toEqual({
      'Women 200 Meter Dash r1': ['finals', null, 1],
    });
  });

  it('round 3, heat 0 is a straight final', () => {
    expect(view([race('12', '3', '0', 'Women 1500m')])).toEqual({
      'Women 1500m r3': ['finals', null, 1],
    });
  });

  it('lynx.sch tells rounds and heats that no file has brought yet', () => {
    const events = [
      race('2', '1', '1', 'Men 60 Meter Dash'),
      race('2', '1', '2', 'Men 60 Meter Dash'),
    ];
    const schedule = [
      { eventNumber: '2', round: '1', heat: '3' },
      { eventNumber: '2', round: '2', heat: '1' },
    ];
    expect(view(events, schedule)).toEqual({
      'Men 60 Meter Dash r1 h1': ['heats', 1, 3],
      'Men 60 Meter Dash r1 h2': ['heats', 2, 3],
    });
  });

  it('round words in the name win, and a round the admin chose stays', () => {
    const named = race('7', '1', '1', 'Men 100m Final');
    const locked = race('8', '1', '1', 'Women 100m', { round: 'semis', roundLocked: true });
    expect(classifyLynxEvents([named, locked], []).map((c) => c.round)).toEqual([
      'finals',
      'semis',
    ]);
  });

  it('heats with their own event numbers are one race: sections, or heats when a final is named', () => {
    const sections = [
      race('36', '1', '1', '300m K U14-Bieg 1'),
      race('37', '1', '2', '300m K U14-Bieg 2'),
    ];
    expect(view(sections)).toEqual({
      '300m K U14-Bieg 1 r1 h1': ['finals', 1, 2],
      '300m K U14-Bieg 2 r1 h2': ['finals', 2, 2],
    });
    const heats = [
      race('40', '1', '1', '100m M U16 - Bieg 1'),
      race('41', '1', '2', '100m M U16 - Bieg 2'),
      race('42', '1', '3', '100m M U16 - Bieg 3'),
      race('43', '1', '1', '100m M U16 - FINAŁ'),
    ];
    expect(view(heats)).toEqual({
      '100m M U16 - Bieg 1 r1 h1': ['heats', 1, 3],
      '100m M U16 - Bieg 2 r1 h2': ['heats', 2, 3],
      '100m M U16 - Bieg 3 r1 h3': ['heats', 3, 3],
      '100m M U16 - FINAŁ r1': ['finals', null, 1],
    });
  });

  it('heats named by number and a final under the same event number are heats and a final', () => {
    const events = [
      race('1', '1', '1', 'Men 60m Heat 1'),
      race('1', '1', '2', 'Men 60m Heat 2'),
      race('1', '2', '1', 'Men 60m'),
    ];
    expect(view(events)).toEqual({
      'Men 60m Heat 1 r1 h1': ['heats', 1, 2],
      'Men 60m Heat 2 r1 h2': ['heats', 2, 2],
      'Men 60m r2': ['finals', null, 1],
    });
  });

  it('numbered heats and semis under event numbers of their own stay apart', () => {
    const events = [
      race('10', '1', '1', '100m Männer Vorlauf 1'),
      race('11', '1', '1', '100m Männer Vorlauf 2'),
      race('20', '1', '1', '100m Männer Halbfinale 1'),
      race('21', '1', '1', '100m Männer Halbfinale 2'),
      race('30', '1', '1', '100m Männer Finale'),
    ];
    expect(new Set(events.map((e) => e.lynxUnit)).size).toBe(5);
    expect(view(events)).toEqual({
      '100m Männer Vorlauf 1 r1 h1': ['heats', 1, 2],
      '100m Männer Vorlauf 2 r1 h2': ['heats', 2, 2],
      '100m Männer Halbfinale 1 r1 h1': ['semis', 1, 2],
      '100m Männer Halbfinale 2 r1 h2': ['semis', 2, 2],
      '100m Männer Finale r1': ['finals', null, 1],
    });
  });

  it('an A and a B final are two finals, not sections of one', () => {
    const events = [
      race('4', '2', '1', 'Men 100m Final B'),
      race('4', '2', '2', 'Men 100m Final A'),
    ];
    expect(events[0]!.lynxUnit).not.toBe(events[1]!.lynxUnit);
    expect(classifyLynxEvents(events, []).map((c) => [c.round, c.heat, c.heatCount])).toEqual([
      ['finals', null, 1],
      ['finals', null, 1],
    ]);
  });

  it('a session that reuses an event number is counted apart', () => {
    const first = race('5', '1', '1', 'Women 100m', { hasResults: true });
    const identity = raceIdentity(
      {
        key: { eventNumber: '5', round: '1', heat: '1' },
        eventName: 'Men 1500m',
        eventType: 'ATHLETICS',
      },
      2,
    );
    const second = {
      ...race('5', '1', '1', 'Men 1500m'),
      id: identity.unit,
      lynxUnit: identity.unit,
      lynxRace: identity.race,
      lynxFamily: identity.family,
    };
    expect(
      classifyLynxEvents([first, second], []).map((c) => [c.round, c.heat, c.heatCount]),
    ).toEqual([
      ['finals', null, 1],
      ['finals', null, 1],
    ]);
  });

  it('the flights of a field event are one event, never split', () => {
    const shot = race('29', '1', '1', 'Women Shot Put', { eventType: 'JUMP' });
    expect(view([shot])).toEqual({ 'Women Shot Put r1': ['finals', null, 1] });
    expect(
      raceIdentity({
        key: { eventNumber: '29', round: '1', heat: '3' },
        eventName: 'Women Shot Put',
        eventType: 'JUMP',
      }),
    ).toMatchObject({ unit: shot.lynxUnit, flight: 3 });
  });

  it('an event that can now be classified leaves imported', () => {
    const withResults = race('3', '1', '1', 'Men 60 Meter Dash', {
      status: 'imported',
      hasResults: true,
    });
    const unknown = race('6', '1', '1', 'Event 6', { status: 'imported', classifiable: false });
    expect(classifyLynxEvents([withResults, unknown], []).map((c) => c.status)).toEqual([
      'official',
      'imported',
    ]);
  });

  it('does not depend on the order the races were saved in', () => {
    const all = [
      ...[1, 2, 3, 4].map((h) => race('1', '1', String(h), 'Women 60 Meter Dash')),
      race('1', '2', '1', 'Women 60 Meter Dash'),
      ...[1, 2].map((h) => race('11', '1', String(h), 'Women 800 Meter Run')),
      race('36', '1', '1', '300m K U14-Bieg 1'),
      race('37', '1', '2', '300m K U14-Bieg 2'),
      race('29', '1', '1', 'Women Shot Put', { eventType: 'JUMP' }),
    ];
    const byId = (events: LynxEventState[]) =>
      Object.fromEntries(classifyLynxEvents(events, []).map((c) => [c.id, c]));
    const expected = byId(all);
    fc.assert(
      fc.property(fc.shuffledSubarray(all, { minLength: all.length }), (shuffled) => {
        expect(byId(shuffled)).toEqual(expected);
      }),
    );
  });
});

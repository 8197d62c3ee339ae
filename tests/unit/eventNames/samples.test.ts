import { describe, expect, it } from 'vitest';
import {
  contradiction,
  eventDiscipline,
  readEventName,
  type EventDiscipline,
} from '../../../server/eventNames/index.ts';

/**
 * The event names of the real FinishLynx and FieldLynx files in the project's reference
 * samples (a US collegiate outdoor meet and an indoor meet), copied here: tests never read
 * the reference folder.
 */
type Header = readonly [
  event: string,
  round: string,
  heat: string,
  name: string,
  windOrCode: string,
  distance: string,
];

/** Every event header of samples/finishlynx/lynx.evt: event, round, heat, name, wind or FieldLynx code, distance. */
const outdoorEvt: readonly Header[] = [
  ['19', '1', '1', 'Men 3000 Meter Run', '', '3000'],
  ['19', '1', '2', 'Men 3000 Meter Run', '', '3000'],
  ['20', '1', '1', 'Women 3000 Meter Run', '', '3000'],
  ['17', '1', '1', 'Men 1 Mile Run', '', '1'],
  ['18', '1', '1', 'Women 1 Mile Run', '', '1'],
  ['1', '1', '1', 'Men 60 Meter Hurdles', '', '60'],
  ['2', '1', '1', 'Women 60 Meter Hurdles', '', '60'],
  ['3', '1', '1', 'Men 60 Meter Dash', '', '60'],
  ['4', '1', '1', 'Women 60 Meter Dash', '', '60'],
  ['11', '1', '1', 'Men 400 Meter Dash', '', '400'],
  ['12', '1', '1', 'Women 400 Meter Dash', '', '400'],
  ['37', '1', '1', 'Men 600 Meter Run', '', '600'],
  ['38', '1', '1', 'Women 600 Meter Run', '', '600'],
  ['15', '1', '1', 'Men 800 Meter Run', '', '800'],
  ['16', '1', '1', 'Women 800 Meter Run', '', '800'],
  ['7', '1', '1', 'Men 1000 Meter Run', '', '1000'],
  ['8', '1', '1', 'Women 1000 Meter Run', '', '1000'],
  ['5', '1', '1', 'Men 200 Meter Dash', '', '200'],
  ['6', '1', '1', 'Women 200 Meter Dash', '', '200'],
  ['21', '1', '1', 'Men 5000 Meter Run', '', '5000'],
  ['22', '1', '1', 'Women 5000 Meter Run', '', '5000'],
  ['9', '1', '1', 'Men 4x400 Meter Relay', '', '1600'],
  ['10', '1', '1', 'Women 4x400 Meter Relay', '', '1600'],
];

/** Every event header of samples/finishlynx/indoor-meet/lynx.evt: event, round, heat, name, wind or FieldLynx code, distance. */
const indoorEvt: readonly Header[] = [
  ['19', '1', '1', 'Women 4x200 Meter Relay', '', '800'],
  ['19', '1', '2', 'Women 4x200 Meter Relay', '', '800'],
  ['20', '1', '1', 'Men 4x200 Meter Relay', '', '800'],
  ['33', '1', '1', 'Women 5000 Meter Run', '', '5000'],
  ['34', '1', '1', 'Men 5000 Meter Run', '', '5000'],
  ['3', '1', '1', 'Women 60 Meter Hurdles', '', '60'],
  ['3', '1', '2', 'Women 60 Meter Hurdles', '', '60'],
  ['3', '1', '3', 'Women 60 Meter Hurdles', '', '60'],
  ['3', '1', '4', 'Women 60 Meter Hurdles', '', '60'],
  ['4', '1', '1', 'Men 60 Meter Hurdles', '', '60'],
  ['4', '1', '2', 'Men 60 Meter Hurdles', '', '60'],
  ['4', '1', '3', 'Men 60 Meter Hurdles', '', '60'],
  ['1', '1', '1', 'Women 60 Meter Dash', '', '60'],
  ['1', '1', '2', 'Women 60 Meter Dash', '', '60'],
  ['1', '1', '3', 'Women 60 Meter Dash', '', '60'],
  ['1', '1', '4', 'Women 60 Meter Dash', '', '60'],
  ['2', '1', '1', 'Men 60 Meter Dash', '', '60'],
  ['2', '1', '2', 'Men 60 Meter Dash', '', '60'],
  ['2', '1', '3', 'Men 60 Meter Dash', '', '60'],
  ['2', '1', '4', 'Men 60 Meter Dash', '', '60'],
  ['2', '1', '5', 'Men 60 Meter Dash', '', '60'],
  ['2', '1', '6', 'Men 60 Meter Dash', '', '60'],
  ['13', '1', '1', 'Women 1 Mile Run', '', '1'],
  ['14', '1', '1', 'Men 1 Mile Run', '', '1'],
  ['14', '1', '2', 'Men 1 Mile Run', '', '1'],
  ['7', '1', '1', 'Women 400 Meter Dash', '', '400'],
  ['7', '1', '2', 'Women 400 Meter Dash', '', '400'],
  ['7', '1', '3', 'Women 400 Meter Dash', '', '400'],
  ['7', '1', '4', 'Women 400 Meter Dash', '', '400'],
  ['7', '1', '5', 'Women 400 Meter Dash', '', '400'],
  ['8', '1', '1', 'Men 400 Meter Dash', '', '400'],
  ['8', '1', '2', 'Men 400 Meter Dash', '', '400'],
  ['8', '1', '3', 'Men 400 Meter Dash', '', '400'],
  ['8', '1', '4', 'Men 400 Meter Dash', '', '400'],
  ['8', '1', '5', 'Men 400 Meter Dash', '', '400'],
  ['8', '1', '6', 'Men 400 Meter Dash', '', '400'],
  ['4', '2', '1', 'Men 60 Meter Hurdles', '', '60'],
  ['3', '2', '1', 'Women 60 Meter Hurdles', '', '60'],
  ['1', '2', '1', 'Women 60 Meter Dash', '', '60'],
  ['2', '2', '1', 'Men 60 Meter Dash', '', '60'],
  ['11', '1', '1', 'Women 800 Meter Run', '', '800'],
  ['11', '1', '2', 'Women 800 Meter Run', '', '800'],
  ['12', '1', '1', 'Men 800 Meter Run', '', '800'],
  ['12', '1', '2', 'Men 800 Meter Run', '', '800'],
  ['5', '1', '1', 'Women 200 Meter Dash', '', '200'],
  ['6', '1', '1', 'Men 200 Meter Dash', '', '200'],
  ['15', '1', '1', 'Women 3000 Meter Run', '', '3000'],
  ['16', '1', '1', 'Men 3000 Meter Run', '', '3000'],
  ['35', '1', '1', 'Women Distance Medley', '', '4000'],
  ['36', '1', '1', 'Men Distance Medley', '', '4000'],
  ['17', '1', '1', 'Women 4x400 Meter Relay', '', '1600'],
  ['18', '1', '1', 'Men 4x400 Meter Relay', '', '1600'],
  ['32', '1', '1', 'Men Weight Throw', 'WT1', ''],
  ['32', '1', '2', 'Men Weight Throw', 'WT1', ''],
  ['31', '1', '1', 'Women Weight Throw', 'WT1', ''],
  ['31', '1', '2', 'Women Weight Throw', 'WT1', ''],
  ['29', '1', '1', 'Women Shot Put', 'SP1', ''],
  ['29', '1', '2', 'Women Shot Put', 'SP1', ''],
  ['29', '1', '3', 'Women Shot Put', 'SP1', ''],
  ['30', '1', '1', 'Men Shot Put', 'SP1', ''],
  ['30', '1', '2', 'Men Shot Put', 'SP1', ''],
  ['25', '1', '1', 'Women Long Jump', 'LJ1', ''],
  ['25', '1', '2', 'Women Long Jump', 'LJ1', ''],
  ['26', '1', '1', 'Men Long Jump', 'LJ1', ''],
  ['26', '1', '2', 'Men Long Jump', 'LJ1', ''],
  ['27', '1', '1', 'Women Triple Jump', 'TJ1', ''],
  ['28', '1', '1', 'Men Triple Jump', 'TJ1', ''],
  ['23', '1', '1', 'Women Pole Vault', 'PV1', ''],
  ['24', '1', '1', 'Men Pole Vault', 'PV1', ''],
  ['22', '1', '1', 'Men High Jump', 'HJ1', ''],
  ['21', '1', '1', 'Women High Jump', 'HJ1', ''],
];

/** The headers of the sample .lif (wind sub-list, distance) and .lff files (units, no distance). */
const resultFiles: readonly Header[] = [
  ['1', '1', '1', 'Women 3000 Meter Steeplechase', '-1.4,,,,,,,,,,,192,,,', '3000'],
  ['3', '1', '1', 'Women 4x100 Meter Relay', '-2.7,,,,,,,,,,,184,,,', '400'],
  ['5', '1', '1', 'Women 1500 Meter Run', '-1.1,,,,,,,,,,,234,,,', '1500'],
  ['35', '1', '1', 'Women High Jump', 'metric', ''],
  ['37', '1', '1', 'Women Shot Put', 'metric', ''],
  ['38', '1', '1', 'Men Shot Put', 'metric', ''],
  ['38', '1', '2', 'Men Shot Put', 'metric', ''],
  ['39', '1', '1', 'Women Hammer Throw', 'metric', ''],
];

const race = (kind: EventDiscipline['kind'], metres: number, trackDiscipline: string) => ({
  eventType: 'ATHLETICS',
  kind,
  metres,
  trackDiscipline,
  fieldDiscipline: null,
});
const field = (fieldDiscipline: string) => ({
  eventType: 'JUMP',
  kind: null,
  metres: null,
  trackDiscipline: null,
  fieldDiscipline,
});

/** What each name is, the gender word aside. */
const expected: Readonly<Record<string, object>> = {
  '60 Meter Dash': race('run', 60, 'SIXTY_METER'),
  '200 Meter Dash': race('run', 200, 'TWO_HUNDRED_METER'),
  '400 Meter Dash': race('run', 400, 'FOUR_HUNDRED_METER'),
  '600 Meter Run': race('run', 600, 'CUSTOM'),
  '800 Meter Run': race('run', 800, 'EIGHT_HUNDRED_METER'),
  '1000 Meter Run': race('run', 1000, 'CUSTOM'),
  '1500 Meter Run': race('run', 1500, 'FIFTEEN_HUNDRED_METER'),
  '1 Mile Run': race('run', 1609, 'CUSTOM'),
  '3000 Meter Run': race('run', 3000, 'THREE_K'),
  '5000 Meter Run': race('run', 5000, 'FIVE_K'),
  '60 Meter Hurdles': race('hurdles', 60, 'SIXTY_METER'),
  '3000 Meter Steeplechase': race('steeplechase', 3000, 'CUSTOM'),
  '4x100 Meter Relay': race('relay', 400, 'CUSTOM'),
  '4x200 Meter Relay': race('relay', 800, 'CUSTOM'),
  '4x400 Meter Relay': race('relay', 1600, 'CUSTOM'),
  'Distance Medley': race('relay', 4000, 'CUSTOM'),
  'High Jump': field('HIGH_JUMP'),
  'Pole Vault': field('POLE_VAULT'),
  'Long Jump': field('LONG_JUMP'),
  'Triple Jump': field('TRIPLE_JUMP'),
  'Shot Put': field('SHOT_PUT'),
  'Weight Throw': field('WEIGHT_THROW'),
  'Hammer Throw': field('HAMMER_THROW'),
};

const all = [...outdoorEvt, ...indoorEvt, ...resultFiles];
const what = (name: string) => name.replace(/^(Men|Women) /, '');
const discipline = ([, , , name, windOrCode, distance]: Header) =>
  eventDiscipline(name, { distance, fieldCode: windOrCode });

describe('the event names of the FinishLynx samples', () => {
  it.each(all)('%s-%s-%s %j (%j, %j)', (...header) => {
    const name = header[3];
    expect(discipline(header)).toEqual(expected[what(name)]);
    // The name alone (no code, no distance column) tells the same, except the medley's length.
    const byName = eventDiscipline(name);
    expect(byName.eventType).toBe(discipline(header).eventType);
    expect(byName.fieldDiscipline).toBe(discipline(header).fieldDiscipline);
    if (what(name) !== 'Distance Medley') expect(byName).toEqual(discipline(header));
    expect(readEventName(name)).toEqual({
      base: name.toLowerCase(),
      round: null,
      timedFinal: false,
      heat: null,
      flight: null,
      gender: name.startsWith('Women') ? 'women' : 'men',
      finalLetter: null,
    });
  });

  it('every name of the samples is one the table above knows', () => {
    expect(all.filter((header) => expected[what(header[3])] === undefined)).toEqual([]);
  });

  it('the heats and rounds of one event number never contradict each other', () => {
    for (const meet of [outdoorEvt, indoorEvt]) {
      for (const a of meet) {
        for (const b of meet.filter((other) => other[0] === a[0])) {
          expect(
            contradiction(
              { name: a[3], discipline: discipline(a) },
              { name: b[3], discipline: discipline(b) },
            ),
          ).toBeNull();
        }
      }
    }
  });

  it('every other event of the same meet contradicts one of its events', () => {
    // Event 3 (women's 60 m hurdles) against every other event of the indoor meet.
    const hurdles = indoorEvt.find((header) => header[0] === '3');
    expect(hurdles).toBeDefined();
    if (!hurdles) return;
    const others = indoorEvt.filter((header) => header[0] !== '3');
    const same = others.filter(
      (other) =>
        contradiction(
          { name: hurdles[3], discipline: discipline(hurdles) },
          { name: other[3], discipline: discipline(other) },
        ) === null,
    );
    expect(same).toEqual([]);
  });

  it('tells a .lif of the outdoor meet from the indoor event of the same number', () => {
    const lif = resultFiles[0];
    const indoor = indoorEvt.find((header) => header[0] === '1');
    if (!lif || !indoor) throw new Error('sample missing');
    expect(
      contradiction(
        { name: lif[3], discipline: discipline(lif) },
        { name: indoor[3], discipline: discipline(indoor) },
      ),
    ).toBe('a 3000 m steeplechase is not a 60 m race');
  });
});

import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { bestsEvent } from '../../../shared/athletics/bests/event.ts';
import type { FieldDiscipline } from '../../../shared/domain.ts';
import type { TrackKind } from '../../../shared/eventNames/words.ts';

const track = (kind: TrackKind | null, metres: number | null) =>
  bestsEvent({ kind, metres, fieldDiscipline: null });
const field = (fieldDiscipline: FieldDiscipline) =>
  bestsEvent({ kind: null, metres: null, fieldDiscipline });

describe('bestsEvent: races', () => {
  it.each([
    ['run', 100, 'run:100', '100 m', true],
    ['run', 200, 'run:200', '200 m', true],
    ['run', 400, 'run:400', '400 m', false],
    ['run', 1500, 'run:1500', '1500 m', false],
    ['hurdles', 100, 'hurdles:100', '100 m hurdles', true],
    ['hurdles', 110, 'hurdles:110', '110 m hurdles', true],
    ['hurdles', 400, 'hurdles:400', '400 m hurdles', false],
    ['walk', 20000, 'walk:20000', '20 km race walk', false],
  ] as const)('%s %i is %j, "%s", wind %s', (kind, metres, key, label, windMeasured) => {
    expect(track(kind, metres)).toEqual({ key, label, measure: 'time', windMeasured });
  });

  it('keeps the 3000 m steeplechase, timed and without wind', () => {
    expect(track('steeplechase', 3000)).toMatchObject({
      key: 'steeplechase:3000',
      measure: 'time',
      windMeasured: false,
    });
  });

  it('keeps none for a relay, or a race of no known kind or distance', () => {
    expect(track('relay', 400)).toBeNull();
    expect(track('relay', 1600)).toBeNull();
    expect(track(null, 100)).toBeNull();
    expect(track('run', null)).toBeNull();
  });

  it('measures no wind in any race beyond 200 m (property)', () => {
    fc.assert(
      fc.property(
        fc.constantFrom<TrackKind>('run', 'hurdles', 'steeplechase', 'walk'),
        fc.integer({ min: 201, max: 100_000 }),
        (kind, metres) => {
          const event = track(kind, metres);
          expect(event).not.toBeNull();
          expect(event!.windMeasured).toBe(false);
          expect(event!.measure).toBe('time');
          expect(event!.key).toBe(`${kind}:${metres}`);
        },
      ),
    );
  });
});

describe('bestsEvent: field events', () => {
  it.each([
    ['HIGH_JUMP', 'High jump', false],
    ['POLE_VAULT', 'Pole vault', false],
    ['LONG_JUMP', 'Long jump', true],
    ['TRIPLE_JUMP', 'Triple jump', true],
    ['SHOT_PUT', 'Shot put', false],
    ['DISCUS_THROW', 'Discus throw', false],
    ['HAMMER_THROW', 'Hammer throw', false],
    ['JAVELIN_THROW', 'Javelin throw', false],
    ['WEIGHT_THROW', 'Weight throw', false],
  ] as const)('%s is "%s", wind %s', (discipline, label, windMeasured) => {
    expect(field(discipline)).toEqual({
      key: discipline,
      label,
      measure: 'distance',
      windMeasured,
    });
  });

  it.each([
    'DECATHLON',
    'HEPTATHLON',
    'OUTDOOR_PENTATHLON',
    'INDOOR_PENTATHLON',
    'WEIGHT_PENTATHLON',
    'CROSS_COUNTRY',
    'CUSTOM',
    'TRACK',
  ] as const)('keeps none for %s', (discipline) => {
    expect(field(discipline)).toBeNull();
  });

  it('goes by the field discipline over a race kind and distance', () => {
    expect(bestsEvent({ kind: 'run', metres: 100, fieldDiscipline: 'LONG_JUMP' })).toMatchObject({
      key: 'LONG_JUMP',
      measure: 'distance',
    });
    expect(bestsEvent({ kind: 'run', metres: 100, fieldDiscipline: 'DECATHLON' })).toBeNull();
  });
});

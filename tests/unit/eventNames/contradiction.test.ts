import { describe, expect, it } from 'vitest';
import {
  contradiction,
  eventDiscipline,
  type EventDiscipline,
} from '../../../server/eventNames/index.ts';

/** An event as a FinishLynx header describes it: name, distance column, FieldLynx code. */
const lynx = (name: string, distance?: string, fieldCode?: string) => ({
  name,
  discipline: eventDiscipline(name, { distance, fieldCode }),
});

const unknown: EventDiscipline = {
  eventType: null,
  kind: null,
  metres: null,
  trackDiscipline: null,
  fieldDiscipline: null,
};

describe('contradiction', () => {
  it.each([
    // Track against field, both ways round
    [
      lynx('Men 60 Meter Dash', '60'),
      lynx('Men Shot Put', '', 'SP1'),
      'a track race is not a field event',
    ],
    [lynx('Women High Jump'), lynx('Women 60 Meter Dash'), 'a field event is not a track race'],
    [lynx('Skok wzwyż K'), lynx('100 m K'), 'a field event is not a track race'],
    // One field event against another
    [lynx('Men Shot Put'), lynx('Men Weight Throw', '', 'WT1'), 'a shot put is not a weight throw'],
    [lynx('Weitsprung Frauen'), lynx('Dreisprung Frauen'), 'a long jump is not a triple jump'],
    [lynx('Women Heptathlon'), lynx('Women Long Jump'), 'a heptathlon is not a long jump'],
    // Kinds and distances of races
    [
      lynx('Women 3000 Meter Steeplechase', '3000'),
      lynx('Women 60 Meter Hurdles', '60'),
      'a 3000 m steeplechase is not a 60 m hurdles race',
    ],
    [
      lynx('Men 60 Meter Dash'),
      lynx('Men 60 Meter Hurdles'),
      'a 60 m race is not a 60 m hurdles race',
    ],
    [
      lynx('Men 800 Meter Run', '800'),
      lynx('Men 1 Mile Run', '1'),
      'an 800 m race is not a mile race',
    ],
    [
      lynx('Women 4x400 Meter Relay', '1600'),
      lynx('Women 1 Mile Run', '1'),
      'a 1600 m relay is not a mile race',
    ],
    [lynx('3000 m przeszk. M'), lynx('3000 m M'), 'a 3000 m steeplechase is not a 3000 m race'],
    [lynx('Men 3000 Meter Run'), lynx('Men 5000 Meter Run'), 'a 3000 m race is not a 5000 m race'],
    [lynx('Staffel 4x100m'), lynx('Staffel 4x400m'), 'a 400 m relay is not a 1600 m relay'],
    [lynx('5000m Gehen'), lynx('5000m Lauf'), 'a 5000 m race walk is not a 5000 m race'],
    // Who competes
    [lynx('Men 100m'), lynx('Women 100m'), "men's and women's events differ"],
    [lynx('Hochsprung Männer'), lynx('Hochsprung Frauen'), "men's and women's events differ"],
    [lynx('Mixed 4x400'), lynx('Men 4x400 Meter Relay'), "a mixed event is not a men's event"],
    // Age groups, rounds
    [lynx('300m K U14 - Bieg 1'), lynx('300m K U16-Bieg 1'), 'U14 and U16 events differ'],
    [
      lynx('Men 100m Final'),
      lynx('Men 100m Semi-Final 2'),
      'the final and the semi-finals are different rounds',
    ],
  ])('%j and %j: %s', (a, b, why) => {
    expect(contradiction(a, b)).toBe(why);
  });

  it.each([
    // The same event written differently
    [lynx('Men 60 Meter Hurdles', '60'), lynx('Men 60m Hurdles Final')],
    [lynx('Men 60 Meter Hurdles', '60'), lynx('Men 60 Meter Hurdles', '0')],
    [lynx('400m Men - Open', '0'), lynx('Men 400 Meter Dash', '400')],
    [lynx('Men 1 Mile Run', '1'), lynx('Men Mile')],
    [lynx('Women 4x400 Meter Relay', '1600'), lynx('Women 4 x 400 m Relay Heat 2')],
    [lynx('Women Shot Put', '', 'SP1'), lynx('Women Shot Put')],
    [lynx('Women Long Jump Flight 1', '', 'LJ1'), lynx('Women Long Jump Flight 2', '', 'LJ1')],
    [lynx('300m K U14-Bieg 1'), lynx('300m K U14 - Bieg 2')],
    [lynx('Men 100m Prelims'), lynx('Men 100m Heats')],
    [lynx('Women 800m Timed Final'), lynx('Women 800m Final')],
    [lynx('100 m ppł K'), lynx('100m Hürden Frauen')],
    [lynx('Kugelstoß Männer'), lynx('Men Shot Put')],
    // Unknowns never contradict
    [lynx('Race 7'), lynx('Men Long Jump')],
    [lynx('Race 7', '400'), lynx('Men 400m Hurdles')],
    [lynx('Men Dash'), lynx('Men 100m')],
    [lynx('Men Jump'), lynx('Men Long Jump')],
    [lynx('Event 12'), lynx('Women 3000 Meter Steeplechase')],
    [lynx('Men 100m'), lynx('100m U14')],
    [lynx('Men 100m Final'), lynx('Men 100m Heat 2')],
  ])('%j and %j may be the same event', (a, b) => {
    expect(contradiction(a, b)).toBeNull();
    expect(contradiction(b, a)).toBeNull();
  });

  it('an unknown discipline never contradicts, whatever the other side', () => {
    for (const other of [lynx('Men Shot Put'), lynx('Men 100m'), lynx('Women 4x400')]) {
      expect(contradiction({ name: 'Event 5', discipline: unknown }, other)).toBeNull();
    }
  });

  it('reads a stored event given by its product discipline only (no kind, no metres)', () => {
    const stored = (trackDiscipline: EventDiscipline['trackDiscipline']) => ({
      name: 'Event 4',
      discipline: { ...unknown, eventType: 'ATHLETICS' as const, trackDiscipline },
    });
    expect(contradiction(lynx('Men 60 Meter Dash'), stored('SIXTY_METER'))).toBeNull();
    expect(contradiction(lynx('Men 60 Meter Dash'), stored('CUSTOM'))).toBeNull();
    expect(contradiction(lynx('Men 60 Meter Dash'), stored('FOUR_HUNDRED_METER'))).toBe(
      'a 60 m race is not a 400 m race',
    );
  });
});

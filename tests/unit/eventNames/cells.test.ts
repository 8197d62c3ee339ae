import { describe, expect, it } from 'vitest';
import {
  disciplineFromText,
  eventTypeFromText,
  roundFromText,
} from '../../../server/eventNames/index.ts';
import type { EventType, Round } from '../../../shared/domain.ts';

describe('roundFromText: a round cell', () => {
  it.each<[string | null | undefined, Round]>([
    // As the spreadsheet and XML parsers read them before
    ['Final', 'finals'],
    ['final', 'finals'],
    ['Finals', 'finals'],
    ['Heats', 'heats'],
    ['heat', 'heats'],
    ['Heat 2', 'heats'],
    ['semi', 'semis'],
    ['Semis', 'semis'],
    ['Semi-Final', 'semis'],
    ['SF', 'semis'],
    ['QF', 'quarters'],
    ['Quarters', 'quarters'],
    ['Quarter-Finals', 'quarters'],
    ['prelims', 'prelims'],
    ['Preliminary', 'prelims'],
    ['PRELIMS', 'prelims'],
    ['FINALS', 'finals'],
    ['H', 'heats'],
    ['F', 'finals'],
    ['P', 'prelims'],
    ['Timed Final', 'finals'],
    // The languages
    ['Finał', 'finals'],
    ['FINAL', 'finals'],
    ['Półfinał', 'semis'],
    ['Ćwierćfinał', 'quarters'],
    ['Eliminacje', 'heats'],
    ['Przedbiegi', 'heats'],
    ['Seria na czas', 'finals'],
    ['Endlauf', 'finals'],
    ['Halbfinale', 'semis'],
    ['Zwischenlauf', 'semis'],
    ['Viertelfinale', 'quarters'],
    ['Vorlauf', 'heats'],
    ['Vorläufe', 'heats'],
    ['Zeitläufe', 'finals'],
    ['Lauf', 'heats'],
    ['Finale', 'finals'],
    ['Demi-finale', 'semis'],
    ['Quarts de finale', 'quarters'],
    ['Séries', 'heats'],
    ['Série', 'heats'],
    ['Semifinale', 'semis'],
    ['Quarti di finale', 'quarters'],
    ['Batterie', 'heats'],
    ['Batteria 3', 'heats'],
    ['Finale a serie', 'finals'],
    ['Semifinal', 'semis'],
    ['Cuartos de final', 'quarters'],
    ['Eliminatorias', 'heats'],
    ['Series', 'heats'],
    ['Final por tiempos', 'finals'],
    // Nothing said
    ['Round 2', 'unknown'],
    ['2', 'unknown'],
    ['1', 'unknown'],
    ['N/A', 'unknown'],
    ['unknown', 'unknown'],
    ['Women 100m', 'unknown'],
    ['', 'unknown'],
    [null, 'unknown'],
    [undefined, 'unknown'],
  ])('%j is %s', (text, round) => {
    expect(roundFromText(text)).toBe(round);
  });
});

describe('eventTypeFromText: a type cell', () => {
  it.each<[string | null | undefined, EventType | null]>([
    ['track', 'ATHLETICS'],
    ['Track', 'ATHLETICS'],
    ['ATHLETICS', 'ATHLETICS'],
    ['Running', 'ATHLETICS'],
    ['race', 'ATHLETICS'],
    ['Sprints', 'ATHLETICS'],
    ['Track Events', 'ATHLETICS'],
    ['field', 'JUMP'],
    ['Field', 'JUMP'],
    ['JUMP', 'JUMP'],
    ['Jumps', 'JUMP'],
    ['Throws', 'JUMP'],
    ['Throwing', 'JUMP'],
    ['Field Event', 'JUMP'],
    ['Bieg', 'ATHLETICS'],
    ['Biegi', 'ATHLETICS'],
    ['Bieżnia', 'ATHLETICS'],
    ['Konkurencje techniczne', 'JUMP'],
    ['Rzuty', 'JUMP'],
    ['Lauf', 'ATHLETICS'],
    ['Läufe', 'ATHLETICS'],
    ['Sprung', 'JUMP'],
    ['Wurf', 'JUMP'],
    ['Course', 'ATHLETICS'],
    ['Concours', 'JUMP'],
    ['Sauts', 'JUMP'],
    ['Corsa', 'ATHLETICS'],
    ['Pista', 'ATHLETICS'],
    ['Concorsi', 'JUMP'],
    ['Lanci', 'JUMP'],
    ['Carreras', 'ATHLETICS'],
    ['Campo', 'JUMP'],
    ['Lanzamientos', 'JUMP'],
    ['Men 100m', null],
    ['foo', null],
    ['', null],
    [null, null],
    [undefined, null],
  ])('%j is %s', (text, type) => {
    expect(eventTypeFromText(text)).toBe(type);
  });
});

describe('disciplineFromText: a discipline cell or an event name', () => {
  const track = (trackDiscipline: string | null) => ({
    eventType: 'ATHLETICS',
    trackDiscipline,
    fieldDiscipline: null,
  });
  const field = (fieldDiscipline: string) => ({
    eventType: 'JUMP',
    trackDiscipline: null,
    fieldDiscipline,
  });

  it.each([
    // Enum values
    ['LONG_JUMP', field('LONG_JUMP')],
    ['long-jump', field('LONG_JUMP')],
    ['ONE_HUNDRED_METER', track('ONE_HUNDRED_METER')],
    ['three k', track('THREE_K')],
    ['TRACK', track(null)],
    ['CROSS_COUNTRY', field('CROSS_COUNTRY')],
    ['WEIGHT_PENTATHLON', field('WEIGHT_PENTATHLON')],
    // Labels and names, as before
    ['Long Jump', field('LONG_JUMP')],
    ['Javelin Throw', field('JAVELIN_THROW')],
    ['Men Javelin', field('JAVELIN_THROW')],
    ['100 m', track('ONE_HUNDRED_METER')],
    ['100m', track('ONE_HUNDRED_METER')],
    ['100', track('ONE_HUNDRED_METER')],
    ['3K', track('THREE_K')],
    ['10 km', track('TEN_K')],
    ['1,500m', track('FIFTEEN_HUNDRED_METER')],
    ['Women 100m Hurdles Final', track('ONE_HUNDRED_METER')],
    ['Men 110mH', track('ONE_TEN_METER')],
    ['Mixed 4x400m Relay', track('CUSTOM')],
    ['3000m Steeplechase', track('CUSTOM')],
    ['Mile', track('CUSTOM')],
    ['Men 600m', track('CUSTOM')],
    ['Dash', track('CUSTOM')],
    ['Decathlon', field('DECATHLON')],
    ['Indoor Pentathlon', field('INDOOR_PENTATHLON')],
    ['Pentathlon', field('OUTDOOR_PENTATHLON')],
    ['Weight Pentathlon', field('WEIGHT_PENTATHLON')],
    ['Weight', field('WEIGHT_THROW')],
    ['Cross Country', field('CROSS_COUNTRY')],
    ['XC', field('CROSS_COUNTRY')],
    ['Men 5K XC', field('CROSS_COUNTRY')],
    // The languages
    ['Skok w dal', field('LONG_JUMP')],
    ['Hochsprung', field('HIGH_JUMP')],
    ['Lancer du javelot', field('JAVELIN_THROW')],
    ['Getto del peso', field('SHOT_PUT')],
    ['Lanzamiento de martillo', field('HAMMER_THROW')],
    ['100 m ppł', track('ONE_HUNDRED_METER')],
    ['3000 m Hindernis', track('CUSTOM')],
    ['Staffetta 4x100', track('CUSTOM')],
    ['Corsa campestre', field('CROSS_COUNTRY')],
  ])('%j', (text, expected) => {
    expect(disciplineFromText(text)).toEqual(expected);
  });

  it.each(['', null, undefined, 'CUSTOM', 'Women', 'U14', 'Heat 2'])('%j says nothing', (text) => {
    expect(disciplineFromText(text)).toEqual({
      eventType: null,
      trackDiscipline: null,
      fieldDiscipline: null,
    });
  });
});

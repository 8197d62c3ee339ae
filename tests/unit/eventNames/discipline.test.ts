import { describe, expect, it } from 'vitest';
import { eventDiscipline, type TrackKind } from '../../../server/eventNames/index.ts';
import type { FieldDiscipline, TrackDiscipline } from '../../../shared/domain.ts';

const field = (fieldDiscipline: FieldDiscipline | null) => ({
  eventType: 'JUMP',
  kind: null,
  metres: null,
  trackDiscipline: null,
  fieldDiscipline,
});

const race = (kind: TrackKind | null, metres: number | null, trackDiscipline: TrackDiscipline) => ({
  eventType: 'ATHLETICS',
  kind,
  metres,
  trackDiscipline,
  fieldDiscipline: null,
});

describe('eventDiscipline: every field event in every language', () => {
  it.each<[string, FieldDiscipline]>([
    // English, with the abbreviations as whole words
    ['Women High Jump', 'HIGH_JUMP'],
    ['Men HJ', 'HIGH_JUMP'],
    ['Men Pole Vault', 'POLE_VAULT'],
    ['PV Women', 'POLE_VAULT'],
    ['Women Long Jump', 'LONG_JUMP'],
    ['U14 Boys LJ', 'LONG_JUMP'],
    ['Men Triple Jump', 'TRIPLE_JUMP'],
    ['Girls TJ', 'TRIPLE_JUMP'],
    ['Women Shot Put', 'SHOT_PUT'],
    ['Boys U14 Shot 3kg', 'SHOT_PUT'],
    ['Men SP', 'SHOT_PUT'],
    ['Men Discus Throw', 'DISCUS_THROW'],
    ['Women Discus 1kg', 'DISCUS_THROW'],
    ['Men DT', 'DISCUS_THROW'],
    ['Women Hammer Throw', 'HAMMER_THROW'],
    ['Men Hammer', 'HAMMER_THROW'],
    ['Men HT', 'HAMMER_THROW'],
    ['Women Javelin', 'JAVELIN_THROW'],
    ['Men Javelin Throw 800g', 'JAVELIN_THROW'],
    ['Men JT', 'JAVELIN_THROW'],
    ['Men Weight Throw', 'WEIGHT_THROW'],
    ['Men 35 lb Weight Throw', 'WEIGHT_THROW'],
    ['Women WT', 'WEIGHT_THROW'],
    // Polish
    ['Skok wzwyż Kobiety', 'HIGH_JUMP'],
    ['Skok wzwyz K', 'HIGH_JUMP'],
    ['Skok o tyczce M', 'POLE_VAULT'],
    ['Skok w dal K U16', 'LONG_JUMP'],
    ['Trójskok Mężczyźni', 'TRIPLE_JUMP'],
    ['Trojskok M', 'TRIPLE_JUMP'],
    ['Pchnięcie kulą 5kg Chłopcy', 'SHOT_PUT'],
    ['Pchniecie kula K', 'SHOT_PUT'],
    ['Kula K', 'SHOT_PUT'],
    ['Rzut dyskiem K', 'DISCUS_THROW'],
    ['Rzut młotem 6kg', 'HAMMER_THROW'],
    ['Rzut mlotem M', 'HAMMER_THROW'],
    ['Rzut oszczepem 700g', 'JAVELIN_THROW'],
    // German
    ['Hochsprung Männer', 'HIGH_JUMP'],
    ['Stabhochsprung Frauen', 'POLE_VAULT'],
    ['Weitsprung', 'LONG_JUMP'],
    ['Dreisprung MJU18', 'TRIPLE_JUMP'],
    ['Kugelstoß Frauen', 'SHOT_PUT'],
    ['Kugelstoss Maenner', 'SHOT_PUT'],
    ['Kugel 4kg', 'SHOT_PUT'],
    ['Diskus 1,5 kg', 'DISCUS_THROW'],
    ['Diskuswurf', 'DISCUS_THROW'],
    ['Hammerwurf', 'HAMMER_THROW'],
    ['Hammer 6kg', 'HAMMER_THROW'],
    ['Speerwurf', 'JAVELIN_THROW'],
    ['Speer 800g', 'JAVELIN_THROW'],
    ['Gewichtwurf', 'WEIGHT_THROW'],
    // French
    ['Saut en hauteur Hommes', 'HIGH_JUMP'],
    ['Hauteur Cadettes', 'HIGH_JUMP'],
    ['Saut à la perche Femmes', 'POLE_VAULT'],
    ['Perche', 'POLE_VAULT'],
    ['Saut en longueur', 'LONG_JUMP'],
    ['Longueur', 'LONG_JUMP'],
    ['Triple saut', 'TRIPLE_JUMP'],
    ['Triple-saut Femmes', 'TRIPLE_JUMP'],
    ['Lancer du poids', 'SHOT_PUT'],
    ['Poids Cadettes', 'SHOT_PUT'],
    ['Lancer du disque', 'DISCUS_THROW'],
    ['Disque', 'DISCUS_THROW'],
    ['Lancer du marteau', 'HAMMER_THROW'],
    ['Marteau', 'HAMMER_THROW'],
    ['Lancer du javelot', 'JAVELIN_THROW'],
    ['Javelot', 'JAVELIN_THROW'],
    // Italian
    ['Salto in alto Allievi', 'HIGH_JUMP'],
    ['Alto Cadette', 'HIGH_JUMP'],
    ["Salto con l'asta", 'POLE_VAULT'],
    ['Salto con l’asta Donne', 'POLE_VAULT'],
    ['Asta Allievi', 'POLE_VAULT'],
    ['Salto in lungo', 'LONG_JUMP'],
    ['Lungo Ragazze', 'LONG_JUMP'],
    ['Salto triplo', 'TRIPLE_JUMP'],
    ['Triplo Juniores', 'TRIPLE_JUMP'],
    ['Getto del peso', 'SHOT_PUT'],
    ['Peso Allieve', 'SHOT_PUT'],
    ['Lancio del disco', 'DISCUS_THROW'],
    ['Disco Uomini', 'DISCUS_THROW'],
    ['Lancio del martello', 'HAMMER_THROW'],
    ['Martello', 'HAMMER_THROW'],
    ['Lancio del giavellotto', 'JAVELIN_THROW'],
    ['Giavellotto', 'JAVELIN_THROW'],
    // Spanish
    ['Salto de altura', 'HIGH_JUMP'],
    ['Altura Mujeres', 'HIGH_JUMP'],
    ['Salto con pértiga', 'POLE_VAULT'],
    ['Salto con pertiga Hombres', 'POLE_VAULT'],
    ['Salto con garrocha', 'POLE_VAULT'],
    ['Salto de longitud', 'LONG_JUMP'],
    ['Salto largo', 'LONG_JUMP'],
    ['Triple salto', 'TRIPLE_JUMP'],
    ['Lanzamiento de peso', 'SHOT_PUT'],
    ['Peso Femenino', 'SHOT_PUT'],
    ['Lanzamiento de disco', 'DISCUS_THROW'],
    ['Lanzamiento de martillo', 'HAMMER_THROW'],
    ['Martillo', 'HAMMER_THROW'],
    ['Lanzamiento de jabalina', 'JAVELIN_THROW'],
    ['Jabalina', 'JAVELIN_THROW'],
  ])('%j is %s', (name, discipline) => {
    expect(eventDiscipline(name)).toEqual(field(discipline));
  });

  it.each<[string, FieldDiscipline]>([
    ['wzwyż', 'HIGH_JUMP'],
    ['o tyczce', 'POLE_VAULT'],
    ['w dal', 'LONG_JUMP'],
    ['kula', 'SHOT_PUT'],
    ['dysk', 'DISCUS_THROW'],
    ['młotem', 'HAMMER_THROW'],
    ['oszczepem', 'JAVELIN_THROW'],
    ['Kugel', 'SHOT_PUT'],
    ['Diskus', 'DISCUS_THROW'],
    ['Hammer', 'HAMMER_THROW'],
    ['Speer', 'JAVELIN_THROW'],
    ['Hoch', 'HIGH_JUMP'],
    ['Weit', 'LONG_JUMP'],
    ['Stab', 'POLE_VAULT'],
    ['hauteur', 'HIGH_JUMP'],
    ['poids', 'SHOT_PUT'],
    ['asta', 'POLE_VAULT'],
    ['peso', 'SHOT_PUT'],
    ['disco', 'DISCUS_THROW'],
    ['martello', 'HAMMER_THROW'],
    ['altura', 'HIGH_JUMP'],
    ['pértiga', 'POLE_VAULT'],
    ['longitud', 'LONG_JUMP'],
    ['martillo', 'HAMMER_THROW'],
    ['jabalina', 'JAVELIN_THROW'],
  ])('the word %j alone is %s', (name, discipline) => {
    expect(eventDiscipline(name)).toEqual(field(discipline));
  });

  it.each(['Men Jump', 'Rzut K', 'Wurf', 'Salto', 'Lanzamiento'])(
    '%j is some field event, which one unsaid',
    (name) => {
      expect(eventDiscipline(name)).toEqual(field(null));
    },
  );

  it.each(['Ballwurf 200g', 'Vortex U12', 'Rzut piłeczką palantową'])(
    '%j is a field event the product has no discipline for',
    (name) => {
      expect(eventDiscipline(name)).toEqual(field('CUSTOM'));
    },
  );
});

describe('eventDiscipline: combined events only when named alone', () => {
  it.each<[string, FieldDiscipline]>([
    ['Men Decathlon', 'DECATHLON'],
    ['Women Heptathlon', 'HEPTATHLON'],
    ['Women Pentathlon', 'OUTDOOR_PENTATHLON'],
    ['Women Indoor Pentathlon', 'INDOOR_PENTATHLON'],
    ['Men Weight Pentathlon', 'WEIGHT_PENTATHLON'],
    ['Throws Pentathlon', 'WEIGHT_PENTATHLON'],
    ['Zehnkampf', 'DECATHLON'],
    ['Siebenkampf Frauen', 'HEPTATHLON'],
    ['Fünfkampf', 'OUTDOOR_PENTATHLON'],
    ['Dziesięciobój', 'DECATHLON'],
    ['Siedmiobój K', 'HEPTATHLON'],
    ['Pięciobój', 'OUTDOOR_PENTATHLON'],
    ['Décathlon', 'DECATHLON'],
    ['Eptathlon', 'HEPTATHLON'],
    ['Decatlón', 'DECATHLON'],
    ['Heptatlón', 'HEPTATHLON'],
  ])('%j is %s', (name, discipline) => {
    expect(eventDiscipline(name)).toEqual(field(discipline));
  });

  it('reads the event of a combined event, not the combined event', () => {
    expect(eventDiscipline('Heptathlon 200m')).toEqual(race('run', 200, 'TWO_HUNDRED_METER'));
    expect(eventDiscipline('Decathlon 110m Hurdles')).toEqual(
      race('hurdles', 110, 'ONE_TEN_METER'),
    );
    expect(eventDiscipline('Siedmiobój 200 m')).toEqual(race('run', 200, 'TWO_HUNDRED_METER'));
    expect(eventDiscipline('Zehnkampf 1500m')).toEqual(race('run', 1500, 'FIFTEEN_HUNDRED_METER'));
    expect(eventDiscipline('Decathlon Long Jump')).toEqual(field('LONG_JUMP'));
    expect(eventDiscipline('Heptathlon Shot Put')).toEqual(field('SHOT_PUT'));
    expect(eventDiscipline('Pentathlon High Jump')).toEqual(field('HIGH_JUMP'));
    expect(eventDiscipline('Siebenkampf Speerwurf')).toEqual(field('JAVELIN_THROW'));
  });
});

describe('eventDiscipline: hurdles, steeplechase, relays and walks in every language', () => {
  it.each<[string, TrackKind, number | null, TrackDiscipline]>([
    // Hurdles go by their distance
    ['Men 60 Meter Hurdles', 'hurdles', 60, 'SIXTY_METER'],
    ['Women 100m Hurdles', 'hurdles', 100, 'ONE_HUNDRED_METER'],
    ['Men 110mH', 'hurdles', 110, 'ONE_TEN_METER'],
    ['Women 100 m H', 'hurdles', 100, 'ONE_HUNDRED_METER'],
    ['Men 400 H', 'hurdles', 400, 'FOUR_HUNDRED_METER'],
    ['Girls 300 Meter Hurdles', 'hurdles', 300, 'THREE_HUNDRED_METER'],
    ['Boys 80m Hdls', 'hurdles', 80, 'CUSTOM'],
    ['100 m ppł K', 'hurdles', 100, 'ONE_HUNDRED_METER'],
    ['110 m pł M', 'hurdles', 110, 'ONE_TEN_METER'],
    ['Bieg przez płotki 110 m', 'hurdles', 110, 'ONE_TEN_METER'],
    ['400 m przez plotki', 'hurdles', 400, 'FOUR_HUNDRED_METER'],
    ['100m Hürden Frauen', 'hurdles', 100, 'ONE_HUNDRED_METER'],
    ['110m Hurden', 'hurdles', 110, 'ONE_TEN_METER'],
    ['400m Huerden', 'hurdles', 400, 'FOUR_HUNDRED_METER'],
    ['60m Hürdensprint', 'hurdles', 60, 'SIXTY_METER'],
    ['100 m haies', 'hurdles', 100, 'ONE_HUNDRED_METER'],
    ['400 m Haies Hommes', 'hurdles', 400, 'FOUR_HUNDRED_METER'],
    ['100hs Allieve', 'hurdles', 100, 'ONE_HUNDRED_METER'],
    ['110 hs Allievi', 'hurdles', 110, 'ONE_TEN_METER'],
    ['400 m ostacoli', 'hurdles', 400, 'FOUR_HUNDRED_METER'],
    ['100 m vallas', 'hurdles', 100, 'ONE_HUNDRED_METER'],
    ['110mv Hombres', 'hurdles', 110, 'ONE_TEN_METER'],
    // Steeplechase: CUSTOM, the distance kept
    ['Women 3000 Meter Steeplechase', 'steeplechase', 3000, 'CUSTOM'],
    ['Women 1500m Steeple', 'steeplechase', 1500, 'CUSTOM'],
    ['Men 2000m SC', 'steeplechase', 2000, 'CUSTOM'],
    ['Men 3000m S/C', 'steeplechase', 3000, 'CUSTOM'],
    ['Men 3000m ch', 'steeplechase', 3000, 'CUSTOM'],
    ['3000 m przeszk. M', 'steeplechase', 3000, 'CUSTOM'],
    ['2000 m z przeszkodami K', 'steeplechase', 2000, 'CUSTOM'],
    ['3000m Hindernis', 'steeplechase', 3000, 'CUSTOM'],
    ['3000 m steeple Hommes', 'steeplechase', 3000, 'CUSTOM'],
    ['3000 siepi', 'steeplechase', 3000, 'CUSTOM'],
    ['2000 m siepi Allievi', 'steeplechase', 2000, 'CUSTOM'],
    ['3000 m obstáculos', 'steeplechase', 3000, 'CUSTOM'],
    ['3000 m obstaculos', 'steeplechase', 3000, 'CUSTOM'],
    // Relays: the legs added up, CUSTOM
    ['Women 4x100 Meter Relay', 'relay', 400, 'CUSTOM'],
    ['Men 4 x 400 m Relay', 'relay', 1600, 'CUSTOM'],
    ['Women 4×400', 'relay', 1600, 'CUSTOM'],
    ['Women 4x200 Meter Relay', 'relay', 800, 'CUSTOM'],
    ['Boys 4x1 Mile Relay', 'relay', 6437, 'CUSTOM'],
    ['4xMile', 'relay', 6437, 'CUSTOM'],
    ['Sprint Medley Relay (200-200-400-800)', 'relay', 1600, 'CUSTOM'],
    ['Men DMR', 'relay', null, 'CUSTOM'],
    ['Women SMR', 'relay', null, 'CUSTOM'],
    ['Shuttle Hurdle Relay', 'relay', null, 'CUSTOM'],
    ['Sztafeta 4x100 m K', 'relay', 400, 'CUSTOM'],
    ['4x100m Staffel', 'relay', 400, 'CUSTOM'],
    ['Schwedenstaffel', 'relay', null, 'CUSTOM'],
    ['4x100 m relais', 'relay', 400, 'CUSTOM'],
    ['Staffetta 4x100', 'relay', 400, 'CUSTOM'],
    ['4x400 relevos', 'relay', 1600, 'CUSTOM'],
    // Walks
    ['Senior Men 5000m Race Walk', 'walk', 5000, 'CUSTOM'],
    ['Men 3000m Walk', 'walk', 3000, 'CUSTOM'],
    ['Chód 3000 m Dziewczęta', 'walk', 3000, 'CUSTOM'],
    ['Chod 5 km', 'walk', 5000, 'CUSTOM'],
    ['5000m Gehen', 'walk', 5000, 'CUSTOM'],
    ['Marche 5000 m', 'walk', 5000, 'CUSTOM'],
    ['Marcia 10 km', 'walk', 10000, 'CUSTOM'],
    ['Marcha 20 km', 'walk', 20000, 'CUSTOM'],
  ])('%j is %s over %s m (%s)', (name, kind, metres, trackDiscipline) => {
    expect(eventDiscipline(name)).toEqual(race(kind, metres, trackDiscipline));
  });
});

describe('eventDiscipline: plain races', () => {
  it.each<[string, number | null, TrackDiscipline]>([
    ['Men 55 Meter Dash', 55, 'FIFTYFIVE_METER'],
    ['Women 60 Meter Dash', 60, 'SIXTY_METER'],
    ['Men 100m', 100, 'ONE_HUNDRED_METER'],
    ['Women 200m', 200, 'TWO_HUNDRED_METER'],
    ['300m K U14-Bieg 1', 300, 'THREE_HUNDRED_METER'],
    ['400m Men - Open', 400, 'FOUR_HUNDRED_METER'],
    ['Men 600 Meter Run', 600, 'CUSTOM'],
    ['JV Girls 800', 800, 'EIGHT_HUNDRED_METER'],
    ['Men 1000 Meter Run', 1000, 'CUSTOM'],
    ['Women 1,500m', 1500, 'FIFTEEN_HUNDRED_METER'],
    ['Men 1.500 m', 1500, 'FIFTEEN_HUNDRED_METER'],
    ['Varsity Boys 1600', 1600, 'SIXTEEN_HUNDRED_METER'],
    ['Men 1 Mile Run', 1609, 'CUSTOM'],
    ['Women Mile', 1609, 'CUSTOM'],
    ['Men Two Mile Run', 3219, 'CUSTOM'],
    ['Men 3000 Meter Run', 3000, 'THREE_K'],
    ['Girls 3K', 3000, 'THREE_K'],
    ['Boys 3200 Meter Run', 3200, 'THREE_THOUSAND_TWO_HUNDRED_METER'],
    ['Men 5000 Meter Run', 5000, 'FIVE_K'],
    ['Women 5 km', 5000, 'FIVE_K'],
    ['Men 10,000m', 10000, 'TEN_K'],
    ['Men 10 000 m', 10000, 'TEN_K'],
    ['10.000 m Frauen', 10000, 'TEN_K'],
    ['60 yard dash', 55, 'CUSTOM'],
    ['Men 8000m Cross Country', 8000, 'CUSTOM'],
    ['Bieg na 100 m', 100, 'ONE_HUNDRED_METER'],
    ['BIEG NA 100 M', 100, 'ONE_HUNDRED_METER'],
    ['100m Lauf', 100, 'ONE_HUNDRED_METER'],
    ['800 m Course Femmes', 800, 'EIGHT_HUNDRED_METER'],
    ['Corsa 1000 m', 1000, 'CUSTOM'],
    ['100 m lisos', 100, 'ONE_HUNDRED_METER'],
    ['Carrera 400 m', 400, 'FOUR_HUNDRED_METER'],
    ['Men Dash', null, 'CUSTOM'],
    ['Sprint', null, 'CUSTOM'],
    ['Bieg K', null, 'CUSTOM'],
    ['Lauf', null, 'CUSTOM'],
    ['Course', null, 'CUSTOM'],
    ['Half Marathon', null, 'CUSTOM'],
  ])('%j is a %s m race (%s)', (name, metres, trackDiscipline) => {
    expect(eventDiscipline(name)).toEqual(race('run', metres, trackDiscipline));
  });
});

describe('eventDiscipline: the distance column', () => {
  it.each(['0', '', '   ', 'abc', '-5', '1e3', '0.0', undefined, null])(
    '%j says nothing and never overrides the name',
    (distance) => {
      expect(eventDiscipline('400m Men - Open', { distance })).toEqual(
        race('run', 400, 'FOUR_HUNDRED_METER'),
      );
      expect(eventDiscipline('Men Long Jump', { distance })).toEqual(field('LONG_JUMP'));
      expect(eventDiscipline('Race 7', { distance })).toEqual({
        eventType: null,
        kind: null,
        metres: null,
        trackDiscipline: null,
        fieldDiscipline: null,
      });
    },
  );

  it('loses to the name when both give a distance', () => {
    expect(eventDiscipline('Men 60 Meter Hurdles', { distance: '55' })).toEqual(
      race('hurdles', 60, 'SIXTY_METER'),
    );
    expect(eventDiscipline('Men 1 Mile Run', { distance: '1' })).toEqual(
      race('run', 1609, 'CUSTOM'),
    );
    expect(eventDiscipline('Women 4x400 Meter Relay', { distance: '1600' })).toEqual(
      race('relay', 1600, 'CUSTOM'),
    );
  });

  it('fills in when the name has none', () => {
    expect(eventDiscipline('Women Distance Medley', { distance: '4000' })).toEqual(
      race('relay', 4000, 'CUSTOM'),
    );
    expect(eventDiscipline('Men Dash', { distance: '60' })).toEqual(race('run', 60, 'SIXTY_METER'));
    expect(eventDiscipline('Race 7', { distance: '400' })).toEqual(
      race(null, 400, 'FOUR_HUNDRED_METER'),
    );
    expect(eventDiscipline('Race 7', { distance: '1609.344' })).toEqual(race(null, 1609, 'CUSTOM'));
  });

  it('a "1" (a mile in miles) is no metres', () => {
    expect(eventDiscipline('Men Run', { distance: '1' })).toEqual(race('run', null, 'CUSTOM'));
    expect(eventDiscipline('Race 7', { distance: '1' }).eventType).toBeNull();
  });

  it('never makes a named field event a race', () => {
    expect(eventDiscipline('Women Shot Put', { distance: '400' })).toEqual(field('SHOT_PUT'));
  });
});

describe("eventDiscipline: FieldLynx's codes", () => {
  it.each<[string, FieldDiscipline]>([
    ['LJ1', 'LONG_JUMP'],
    ['TJ1', 'TRIPLE_JUMP'],
    ['HJ1', 'HIGH_JUMP'],
    ['PV1', 'POLE_VAULT'],
    ['SP1', 'SHOT_PUT'],
    ['DT1', 'DISCUS_THROW'],
    ['JT1', 'JAVELIN_THROW'],
    ['HT1', 'HAMMER_THROW'],
    ['WT1', 'WEIGHT_THROW'],
    ['lj2', 'LONG_JUMP'],
    [' SP12 ', 'SHOT_PUT'],
  ])('%j is %s whatever the name says', (fieldCode, discipline) => {
    expect(eventDiscipline('Flight 1', { fieldCode })).toEqual(field(discipline));
    expect(eventDiscipline('Decathlon', { fieldCode })).toEqual(field(discipline));
  });

  it.each(['+1.3', '-0.4', '', 'XX1', 'L1', 'LJ1A', 'NWI'])(
    '%j is no code: the name decides',
    (fieldCode) => {
      expect(eventDiscipline('Men 100m', { fieldCode })).toEqual(
        race('run', 100, 'ONE_HUNDRED_METER'),
      );
    },
  );
});

describe('eventDiscipline: false friends and words that are no discipline', () => {
  it.each([
    ['Alto Adige 100m', race('run', 100, 'ONE_HUNDRED_METER')],
    ['Men 4x100m Relay - Hammer AC', race('relay', 400, 'CUSTOM')],
    ['Peso 60m', race('run', 60, 'SIXTY_METER')],
    ['100m Lauf 2', race('run', 100, 'ONE_HUNDRED_METER')],
    ['Women Long Beach 4x100', race('relay', 400, 'CUSTOM')],
    ['High School Boys 200m', race('run', 200, 'TWO_HUNDRED_METER')],
    ['Hurdles 84cm', race('hurdles', null, 'CUSTOM')],
    ['Shot Put 7.26kg', field('SHOT_PUT')],
    ['Hammer 7,26 kg', field('HAMMER_THROW')],
    ['Semi-Marathon', race('run', null, 'CUSTOM')],
  ])('%j', (name, expected) => {
    expect(eventDiscipline(name)).toEqual(expected);
  });

  it.each(['U14 Girls', 'Open', 'Varsity', 'Men Heat 2', 'Serie A', 'Gruppe B', 'Kobiety', ''])(
    '%j tells no discipline',
    (name) => {
      expect(eventDiscipline(name)).toEqual({
        eventType: null,
        kind: null,
        metres: null,
        trackDiscipline: null,
        fieldDiscipline: null,
      });
    },
  );

  it('reads a round, heat or flight word as no discipline ("Bieg 3", "Race 2", "Lauf 2")', () => {
    expect(eventDiscipline('Bieg 3').eventType).toBeNull();
    expect(eventDiscipline('Race 2').eventType).toBeNull();
    expect(eventDiscipline('Lauf 2').eventType).toBeNull();
    expect(eventDiscipline('Men HT Heat 2')).toEqual(field('HAMMER_THROW'));
  });
});

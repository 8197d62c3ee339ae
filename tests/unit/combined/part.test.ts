import { describe, expect, it } from 'vitest';
import { combinedPartOf } from '../../../server/eventNames/combinedPart.ts';

const nothing = { trackDiscipline: null, fieldDiscipline: null };

describe('combinedPartOf', () => {
  it.each([
    ['Decathlon 100 Meter Dash', 'DECATHLON', 'men', '100m', 'decathlon'],
    ['Heptathlon Shot Put', 'HEPTATHLON', 'women', 'SP', 'heptathlon'],
    ['Men Decathlon 110m Hurdles', 'DECATHLON', 'men', '110mH', 'men decathlon'],
    ['Men Decathlon Pole Vault', 'DECATHLON', 'men', 'PV', 'men decathlon'],
    ['Decathlon 1500 Meter Run', 'DECATHLON', 'men', '1500m', 'decathlon'],
    ['Women Heptathlon 100m Hurdles Heat 2', 'HEPTATHLON', 'women', '100mH', 'women heptathlon'],
    ['Women Heptathlon 800 Meter Run Section 1', 'HEPTATHLON', 'women', '800m', 'women heptathlon'],
    // German, French, Polish, Italian, Spanish
    ['Zehnkampf 100m', 'DECATHLON', 'men', '100m', 'zehnkampf'],
    ['Zehnkampf Männer 1500m Lauf', 'DECATHLON', 'men', '1500m', 'zehnkampf manner'],
    ['Siebenkampf Kugelstoß', 'HEPTATHLON', 'women', 'SP', 'siebenkampf'],
    ['Siebenkampf 100m Hürden Frauen', 'HEPTATHLON', 'women', '100mH', 'siebenkampf frauen'],
    ['Décathlon Saut en longueur', 'DECATHLON', 'men', 'LJ', 'decathlon'],
    ['Dziesięciobój 110m ppł', 'DECATHLON', 'men', '110mH', 'dziesiecioboj'],
    ['Eptathlon 200 m Donne', 'HEPTATHLON', 'women', '200m', 'eptathlon donne'],
    ['Decatlón Salto con pértiga', 'DECATHLON', 'men', 'PV', 'decatlon'],
  ])('reads %j', (name, kind, sex, part, base) => {
    expect(combinedPartOf(name, nothing)).toEqual({ kind, sex, part, base });
  });

  it('takes the sex from the name over the kind', () => {
    expect(combinedPartOf('Women Decathlon 100m Hurdles', nothing)).toEqual({
      kind: 'DECATHLON',
      sex: 'women',
      part: '100mH',
      base: 'women decathlon',
    });
    expect(combinedPartOf('Men Pentathlon Javelin Throw', nothing)).toMatchObject({
      kind: 'PENTATHLON',
      sex: 'men',
      part: 'JT',
    });
  });

  it("reads a men's heptathlon as the indoor one", () => {
    expect(combinedPartOf('Men Heptathlon 60 Meter Dash', nothing)).toEqual({
      kind: 'INDOOR_HEPTATHLON',
      sex: 'men',
      part: '60m',
      base: 'men heptathlon',
    });
    expect(combinedPartOf('Men Heptathlon Long Jump', nothing)).toMatchObject({
      kind: 'INDOOR_HEPTATHLON',
      part: 'LJ',
    });
  });

  it('reads the pentathlon indoors or out by its events', () => {
    expect(combinedPartOf('Women Pentathlon 60m Hurdles', nothing)).toMatchObject({
      kind: 'INDOOR_PENTATHLON',
      part: '60mH',
    });
    expect(combinedPartOf('Women Pentathlon High Jump', nothing)).toMatchObject({
      kind: 'PENTATHLON',
      part: 'HJ',
    });
    expect(combinedPartOf('Women Indoor Pentathlon 800m', nothing)).toEqual({
      kind: 'INDOOR_PENTATHLON',
      sex: 'women',
      part: '800m',
      base: 'women indoor pentathlon',
    });
  });

  it('gives every part of one combined event the same base', () => {
    const bases = [
      'U18 Men Decathlon 100m',
      'U18 Men Decathlon Shot Put 5kg',
      'U18 Men Decathlon 110m Hurdles (91.4cm)',
      "U18 Men's Decathlon Discus 1.5kg",
    ].map((name) => combinedPartOf(name, nothing)?.base);
    expect(bases).toEqual(Array(4).fill('u18 men decathlon'));
  });

  it('takes the event from the facts when the name does not say it', () => {
    expect(
      combinedPartOf('Decathlon Event 8', { trackDiscipline: null, fieldDiscipline: 'POLE_VAULT' }),
    ).toMatchObject({ kind: 'DECATHLON', part: 'PV' });
    expect(
      combinedPartOf('Decathlon', { trackDiscipline: 'ONE_TEN_METER', fieldDiscipline: null }),
    ).toMatchObject({ part: '110mH' });
    expect(
      combinedPartOf('Heptathlon', {
        trackDiscipline: 'TWO_HUNDRED_METER',
        fieldDiscipline: 'TRACK',
      }),
    ).toMatchObject({ kind: 'HEPTATHLON', part: '200m' });
  });

  it.each([
    'Decathlon',
    'Men 100m',
    'Women Long Jump',
    'Weight Pentathlon Shot Put',
    'Wurffünfkampf Hammerwurf',
    'Decathlon Triple Jump',
    'Decathlon 4x100m Relay',
    // No women's 1000 m in World Athletics' tables.
    'Women Heptathlon 1000m',
  ])('is null for %j', (name) => {
    expect(combinedPartOf(name, nothing)).toBeNull();
  });
});

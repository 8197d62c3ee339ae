import { describe, expect, it } from 'vitest';
import { readEventName } from '../../../server/eventNames/index.ts';
import type { Round } from '../../../shared/domain.ts';

describe('readEventName: an A or B final', () => {
  it.each([
    ['Men 100m Final B', 'B'],
    ['Men 100m A Final', 'A'],
    ['Men 100m Final', null],
    ['Finale a serie', null],
  ])('%s: letter %s', (name, letter) => {
    expect(readEventName(name)).toMatchObject({ round: 'finals', finalLetter: letter });
  });
});

describe('readEventName: the round the words say', () => {
  it.each<[string, Round]>([
    // English (US and Irish/UK)
    ['Men 100m Final', 'finals'],
    ['Men 100m Finals', 'finals'],
    ['Women 200m A Final', 'finals'],
    ['Women 200m Final B', 'finals'],
    ['Men 1500m Straight Final', 'finals'],
    ['Men 100m Semi-Final', 'semis'],
    ['Men 100m Semifinal', 'semis'],
    ['Men 100m Semi Final 2', 'semis'],
    ['Men 100m Semi 1', 'semis'],
    ['Men 100m Semis', 'semis'],
    ['Men 100m SF', 'semis'],
    ['Men 100m Quarter-Final', 'quarters'],
    ['Men 100m Quarterfinal 3', 'quarters'],
    ['Men 100m Quarters', 'quarters'],
    ['Men 200 Meter Dash QF 2', 'quarters'],
    ['Men 100m Quarter', 'quarters'],
    ['Quarti 100m', 'quarters'],
    ['Cuartos 200m', 'quarters'],
    ['Men 100m Heats', 'heats'],
    ['Men 100m Prelims', 'prelims'],
    ['Men 100m Prelim Heat 2', 'prelims'],
    ['Men 100m Preliminary', 'prelims'],
    ['Men Long Jump Qualifying', 'heats'],
    ['Women Shot Put Qualification', 'heats'],
    // Polish
    ['FINAŁ 100 m M', 'finals'],
    ['100 m K Finał A', 'finals'],
    ['100 m K Final', 'finals'],
    ['100 m K Półfinał 2', 'semis'],
    ['100 m K Polfinal', 'semis'],
    ['100 m K Ćwierćfinał', 'quarters'],
    ['100 m K Cwiercfinal 1', 'quarters'],
    ['Eliminacje 200 m', 'heats'],
    ['Przedbiegi 60 m M', 'heats'],
    // German
    ['100m Männer Finale', 'finals'],
    ['Endlauf 100m', 'finals'],
    ['A-Finale 100m', 'finals'],
    ['Halbfinale 400m', 'semis'],
    ['Zwischenlauf 1 200m', 'semis'],
    ['Viertelfinale 100m', 'quarters'],
    ['100m Vorlauf 3', 'heats'],
    ['100m Vorläufe', 'heats'],
    ['100m Vorlaeufe', 'heats'],
    ['Weitsprung Qualifikation', 'heats'],
    // French
    ['100 m Hommes Finale', 'finals'],
    ['Finale A 100m', 'finals'],
    ['Demi-finale 2', 'semis'],
    ['100 m demi finale', 'semis'],
    ['1/2 finale 200 m', 'semis'],
    ['Quart de finale', 'quarters'],
    ['Quarts de finale 100 m', 'quarters'],
    ['Séries 60m', 'heats'],
    ['60 m Femmes - Series', 'heats'],
    // Italian
    ['100m Uomini Finale', 'finals'],
    ['Finali 200m', 'finals'],
    ['Semifinale 1', 'semis'],
    ['Semifinali 400m', 'semis'],
    ['Quarti di finale', 'quarters'],
    ['Batterie 100m', 'heats'],
    ['Eliminatorie 60m', 'heats'],
    ['Qualificazioni Salto in lungo', 'heats'],
    // Spanish
    ['100m Hombres Final', 'finals'],
    ['100m Mujeres Final B', 'finals'],
    ['Semifinal 2', 'semis'],
    ['Semifinales 200m', 'semis'],
    ['Cuartos de final', 'quarters'],
    ['Eliminatorias 100m', 'heats'],
    ['Eliminatoria 3', 'heats'],
    ['Series 400m', 'heats'],
  ])('%j is %s', (name, round) => {
    expect(readEventName(name).round).toBe(round);
  });

  it.each([
    'Men 60 Meter Hurdles',
    'Women 100m Heat 2',
    '300m K U14-Bieg 1',
    '100m Lauf 2',
    'Serie 1',
    'Batteria 4',
    'Round 2 Men 100m',
    'Semi-Marathon',
    'Women Long Jump Flight 2',
    '',
  ])('%j names no round (a heat number alone does not)', (name) => {
    expect(readEventName(name)).toMatchObject({ round: null, timedFinal: false });
  });
});

describe('readEventName: finals decided by time', () => {
  it.each([
    'Women 800m Timed Final',
    'Women 800m Time Final - Section 2',
    'Men 3000m Timed Finals',
    '800m Frauen Zeitläufe',
    '800m Frauen Zeitlaeufe',
    '100m Männer Zeitlauf 2',
    '1500m Zeitendlauf',
    '800m Finale a serie',
    '800m Allievi - Serie a tempo',
    '800m final por tiempos',
    '1500 m Final por series',
    '800 m finale au temps',
    '800 m Classement au temps',
    '800 m K seria na czas',
    '800 m K serie na czas',
  ])('%j is a timed final', (name) => {
    expect(readEventName(name)).toMatchObject({ round: 'finals', timedFinal: true });
  });

  it('keeps the section number of a timed final', () => {
    expect(readEventName('100m Männer Zeitlauf 2').heat).toBe(2);
    expect(readEventName('Women 800m Timed Final Heat 3').heat).toBe(3);
    expect(readEventName('800m Finale a serie - Serie 2')).toMatchObject({
      timedFinal: true,
      heat: 2,
    });
  });
});

describe('readEventName: heat, section and race numbers', () => {
  it.each<[string, number]>([
    ['Men 100m Heat 2', 2],
    ['Men 100m - Heat 3', 3],
    ['Men 100m Heat-4', 4],
    ['Men 100m Heat #5', 5],
    ['Men 100m Heat No. 6', 6],
    ['Men 100m Heat 2 of 3', 2],
    ['Men 100m Heat12', 12],
    ['Women 200m Ht 3', 3],
    ['Men 100m H2', 2],
    ['Women 800m Section 3', 3],
    ['Women 800m Sec 3', 3],
    ['Men 400m Section B', 2],
    ['Men 100m Heat A', 1],
    ['Men 100m 2nd Heat', 2],
    ['Race 2 - 1500m', 2],
    ['Men 1500m Race 4', 4],
    ['300m K U14-Bieg 1', 1],
    ['300m K U14 - Bieg 2', 2],
    ['100 m K Bieg 12', 12],
    ['Bieg 1/3 100 m', 1],
    ['Seria 2 100 m', 2],
    ['100m Lauf 2', 2],
    ['100m Lauf Nr. 3', 3],
    ['2. Lauf 100m Männer', 2],
    ['100m Lauf C', 3],
    ['Série 1 60m', 1],
    ['60 m Femmes 2e série', 2],
    ['Batteria 4', 4],
    ['100m Allieve Serie 1', 1],
    ['1° batteria', 1],
    ['2a serie 800m', 2],
    ['2ª serie', 2],
    ['Serie 2 de 3', 2],
    ['Serie A', 1],
    ['100m Vorlauf 3', 3],
    ['Semi Final 2', 2],
  ])('%j is heat %i', (name, heat) => {
    expect(readEventName(name).heat).toBe(heat);
  });

  it.each([
    'Men 100m',
    'Men 100m Final B',
    'BIEG NA 100 M',
    'Bieg na 60 m',
    'Bieg 60 m',
    'Lauf 4 x 100 m',
    'Lauf 5 km',
    '100m Lauf',
    'Men 5000m Race Walk',
    'Finale a serie',
    'Serie e Finale',
    'Men 100m Raced',
    'Women Long Jump Flight 2',
  ])('%j gives no heat number', (name) => {
    expect(readEventName(name).heat).toBeNull();
  });
});

describe('readEventName: flights, pools and groups of a field event', () => {
  it.each<[string, number]>([
    ['Women Long Jump Flight 1', 1],
    ['Women Long Jump Flight 2', 2],
    ['Men Shot Put Flt 3', 3],
    ['Women Long Jump Pool A', 1],
    ['Men Javelin Group B', 2],
    ['Weitsprung Frauen Gruppe A', 1],
    ['Kugelstoß Männer Gruppe 2', 2],
    ['Hochsprung Riege 2', 2],
    ['Grupa B Pchnięcie kulą', 2],
    ['Skok w dal K - grupa 1', 1],
    ['Salto in lungo Gruppo A', 1],
    ['Saut en longueur Groupe 1', 1],
    ['Lancer du poids Poule B', 2],
    ['Salto de longitud Grupo 2', 2],
  ])('%j is flight %i', (name, flight) => {
    expect(readEventName(name)).toMatchObject({ flight, heat: null });
  });
});

describe('readEventName: the base shared by heats, flights and rounds of one event', () => {
  it.each([
    ['Men 100m Heat 2', 'Men 100m - Heat 3', 'men 100m'],
    ['Men 100m Final', 'Men 100m Heat 3', 'men 100m'],
    ['300m K U14-Bieg 1', '300m K U14 - Bieg 2', '300m k u14'],
    ['Women Long Jump Flight 1', 'Women Long Jump Flight 2', 'women long jump'],
    ['Weitsprung Frauen Gruppe A', 'Weitsprung Frauen Gruppe B', 'weitsprung frauen'],
    ['Men 60 Meter Hurdles', 'Men 60 Meter Hurdles Final', 'men 60 meter hurdles'],
    ['Men 100m (Heat 2)', 'Men 100m', 'men 100m'],
    ['Men 100m, Heat 2, Open', 'Men 100m, Open', 'men 100m, open'],
    ['Men 100m - Heat 2 - Open', 'Men 100m - Open', 'men 100m - open'],
    ['Men 100m / Final', 'Men 100m', 'men 100m'],
    ['100m Lauf 2', '100m 2. Lauf', '100m'],
    ['100m Männer Zeitlauf 1', '100m Männer Zeitlauf 2', '100m männer'],
    ['100 m K FINAŁ', '100 m K Półfinał 2', '100 m k'],
    ['800m Allieve - Finale a serie - Serie 1', '800m Allieve', '800m allieve'],
    ['100hs Allieve Batteria 1', '100hs Allieve 2° batteria', '100hs allieve'],
    ['100 m vallas Mujeres 1ª serie', '100 m vallas Mujeres Final', '100 m vallas mujeres'],
    ['Série 1 - 60 m Femmes', '60 m Femmes Séries', '60 m femmes'],
    ['Women 800m Timed Final - Section 2', 'Women 800m', 'women 800m'],
    ['Men 100m Semi-Final 2', 'Men 100m Quarter-Final', 'men 100m'],
    ['Round 2 Men 100m', 'Men 100m', 'men 100m'],
    ['Men 200m A Final', 'Men 200m Final B', 'men 200m'],
  ])('%j and %j share %j', (a, b, base) => {
    expect(readEventName(a).base).toBe(base);
    expect(readEventName(b).base).toBe(base);
  });

  it('keeps the letters of the name, lower-cased, spaces collapsed', () => {
    expect(readEventName('  Skok  wzwyż   Kobiety  Grupa A ').base).toBe('skok wzwyż kobiety');
    expect(readEventName('100m Hürden Männer Vorlauf 2').base).toBe('100m hürden männer');
  });

  it('keeps what is not a round word ("Semi-Marathon", "Race Walk", "Lauf")', () => {
    expect(readEventName('Semi-Marathon Hommes').base).toBe('semi-marathon hommes');
    expect(readEventName('Men 5000m Race Walk Heat 1').base).toBe('men 5000m race walk');
    expect(readEventName('100m Lauf').base).toBe('100m lauf');
  });
});

describe('readEventName: gender, from whole words only', () => {
  it.each<[string, 'men' | 'women' | 'mixed']>([
    // English
    ['Men 100m', 'men'],
    ["Men's 100m", 'men'],
    ['Mens 100m', 'men'],
    ['Boys 4x100', 'men'],
    ['Male 800m', 'men'],
    ['Women 100m', 'women'],
    ["Women's 100m", 'women'],
    ['Girls 60m', 'women'],
    ['Female 800m', 'women'],
    ['Ladies 5000m', 'women'],
    ['Mixed 4x400m Relay', 'mixed'],
    ['Men & Women 5000m', 'mixed'],
    // Polish
    ['Trójskok Mężczyźni', 'men'],
    ['Trojskok Mezczyzni', 'men'],
    ['Chłopcy 100 m', 'men'],
    ['Skok wzwyż Kobiety', 'women'],
    ['Chód 3000 m Dziewczęta', 'women'],
    ['Sztafeta 4x400 Mix', 'mixed'],
    ['Sztafeta mieszana 4x400', 'mixed'],
    // German
    ['Hochsprung Männer', 'men'],
    ['Kugelstoss Maenner', 'men'],
    ['100m Herren', 'men'],
    ['männliche Jugend U18 100m', 'men'],
    ['Jungen 75m', 'men'],
    ['100m männlich', 'men'],
    ['100m weiblich', 'women'],
    ['Stabhochsprung Frauen', 'women'],
    ['100m Damen', 'women'],
    ['weibliche Jugend U18', 'women'],
    ['Mädchen 60m', 'women'],
    ['4x400m Mixed', 'mixed'],
    // French
    ['Saut en hauteur Hommes', 'men'],
    ['Garçons 60 m', 'men'],
    ['Saut à la perche Femmes', 'women'],
    ['Filles 60 m', 'women'],
    ['4x400 m Mixte', 'mixed'],
    // Italian
    ['100m Uomini', 'men'],
    ['100m Maschile', 'men'],
    ['Salto in alto Allievi', 'men'],
    ['Cadetti 80m', 'men'],
    ['Ragazzi 60m', 'men'],
    ['100m Donne', 'women'],
    ['100m Femminile', 'women'],
    ['Peso Allieve', 'women'],
    ['Cadette 80m', 'women'],
    ['Ragazze 60m', 'women'],
    ['Staffetta 4x400 Mista', 'mixed'],
    ['4x400 Misto', 'mixed'],
    // Spanish
    ['Hombres 100m', 'men'],
    ['100m Masculino', 'men'],
    ['Varones 400m', 'men'],
    ['Mujeres 200m', 'women'],
    ['100m Femenino', 'women'],
    ['Mixto 4x400', 'mixed'],
  ])('%j is %s', (name, gender) => {
    expect(readEventName(name).gender).toBe(gender);
  });

  it.each([
    '300m K U14-Bieg 1',
    'Skok o tyczce M',
    '100 m H',
    'Hochsprung W',
    'Poids F',
    '100m Open',
    'Varsity 1600',
    'Dreisprung MJU18',
  ])('%j says no gender: single letters mean different things in each language', (name) => {
    expect(readEventName(name).gender).toBeNull();
  });
});

import type { FieldDiscipline, Round } from '../domain.ts';

/**
 * The words of event names, per language, as timing rooms write them. Phrases are written in
 * their real spelling: matching folds case and accents on both sides ("Finał" finds "FINAL"),
 * German umlauts are also tried as ae/oe/ue, words of a phrase may be joined by a space, a
 * hyphen, a dot or nothing, and "(s)" marks an optional ending.
 *
 * Single letters never name a gender or a discipline here (M, W, K, F, H mean different things
 * from one language to the next), except right after a distance (see `afterDistance`).
 */

export type Gender = 'men' | 'women' | 'mixed';
export type TrackKind = 'run' | 'hurdles' | 'steeplechase' | 'relay' | 'walk';
export type NamedRound = Exclude<Round, 'unknown'>;
export type SingleField = Extract<
  FieldDiscipline,
  | 'HIGH_JUMP'
  | 'POLE_VAULT'
  | 'LONG_JUMP'
  | 'TRIPLE_JUMP'
  | 'SHOT_PUT'
  | 'DISCUS_THROW'
  | 'HAMMER_THROW'
  | 'JAVELIN_THROW'
  | 'WEIGHT_THROW'
>;
export type CombinedEvent = Extract<
  FieldDiscipline,
  'DECATHLON' | 'HEPTATHLON' | 'OUTDOOR_PENTATHLON' | 'INDOOR_PENTATHLON' | 'WEIGHT_PENTATHLON'
>;

type Words = readonly string[];

export interface Vocabulary {
  /** Whole words for who competes. */
  gender: Partial<Record<Gender, Words>>;
  /** A round of the competition ("Semi-Final", "Vorläufe"). */
  rounds: Partial<Record<NamedRound, Words>>;
  /** A final run in sections ranked together by time. */
  timedFinal: Words;
  /** Phrases holding a round word that are no round ("Semi-Marathon"). */
  notRound: Words;
  /** Words before a heat/section/race number ("Heat 2", "Bieg 3"), or after an ordinal ("2. Lauf"). */
  heat: Words;
  /** Words before a flight/group number of a field event ("Gruppe A"). */
  flight: Words;
  /** Words before a round counter ("Round 2"): the product has no round of that name. */
  roundCounter: Words;
  /** Words of a race anywhere in a name, by kind ('run' covers any flat race). */
  races: Partial<Record<TrackKind, Words>>;
  /** Abbreviations that name a kind only right after a distance ("110mH", "3000m SC"). */
  afterDistance: Partial<Record<TrackKind, Words>>;
  /** Cross country: a race to FinishLynx; the spreadsheet cells keep CROSS_COUNTRY. */
  crossCountry: Words;
  /** Field events by phrases that mean nothing else. */
  fields: Partial<Record<SingleField, Words>>;
  /** Short words that name a field event only when nothing in the name says race ("Peso"). */
  weakFields: Partial<Record<SingleField, Words>>;
  /** Combined events: the discipline only when no single event of it is named. */
  combined: Partial<Record<CombinedEvent, Words>>;
  /** Field events the product has no discipline for ("Ballwurf"): field, CUSTOM. */
  otherFields: Words;
  /** Some field event, which one unsaid ("Wurf", "Skok"). */
  anyField: Words;
  /** Units after a distance, in metres. */
  metres: Words;
  /** Miles (FinishLynx writes "1" as the distance of a mile). */
  miles: Words;
  /** A spreadsheet's type cell as a whole. */
  typeCell: { track: Words; field: Words };
}

export const english: Partial<Vocabulary> = {
  gender: {
    men: ['men', 'mens', 'male', 'males', 'boys', 'gents', 'gentlemen'],
    women: ['women', 'womens', 'woman', 'female', 'females', 'girls', 'ladies'],
    mixed: ['mixed', 'mix', 'coed', 'co-ed'],
  },
  rounds: {
    finals: ['final(s)', 'straight final(s)', 'direct final(s)'],
    semis: ['semi(s)', 'semi final(s)', 'sf'],
    quarters: ['quarter(s)', 'quarter final(s)', 'qf', 'qtr(s)'],
    prelims: ['prelim(s)', 'preliminary', 'preliminaries'],
    heats: ['heats', 'qualifying', 'qualification(s)', 'qualifier(s)'],
  },
  timedFinal: ['timed final(s)', 'time final(s)'],
  notRound: ['semi marathon', 'semi-marathon'],
  heat: ['heat', 'ht', 'section', 'sec', 'sect', 'race'],
  flight: ['flight', 'flt', 'pool', 'group', 'grp'],
  roundCounter: ['round', 'rd'],
  races: {
    run: ['dash', 'run', 'race', 'sprint', 'road race', 'marathon', 'half marathon'],
    hurdles: ['hurdle(s)', 'hdl(s)', 'hurdle race'],
    steeplechase: ['steeplechase', 'steeple', 'steeple chase', 's/c', 'st/ch', 'stpl'],
    relay: ['relay(s)', 'medley', 'dmr', 'smr'],
    walk: ['walk', 'race walk', 'racewalk', 'race walking', 'racewalking'],
  },
  afterDistance: {
    // US high schools: high, intermediate and low hurdles ("110 HH", "300m IH").
    hurdles: ['h', 'hdl(s)', 'hh', 'ih', 'lh'],
    steeplechase: ['sc', 'ch', 'chase'],
    walk: ['rw'],
  },
  crossCountry: ['cross country', 'xc'],
  fields: {
    HIGH_JUMP: ['high jump'],
    POLE_VAULT: ['pole vault'],
    LONG_JUMP: ['long jump', 'broad jump'],
    TRIPLE_JUMP: ['triple jump', 'hop step and jump', 'hop step jump'],
    SHOT_PUT: ['shot put', 'shot putt'],
    DISCUS_THROW: ['discus', 'discus throw'],
    HAMMER_THROW: ['hammer throw'],
    JAVELIN_THROW: ['javelin', 'javelin throw', 'jav'],
    WEIGHT_THROW: ['weight throw'],
  },
  weakFields: {
    HIGH_JUMP: ['hj'],
    POLE_VAULT: ['pv', 'vault'],
    LONG_JUMP: ['lj'],
    TRIPLE_JUMP: ['tj'],
    SHOT_PUT: ['sp', 'shot'],
    DISCUS_THROW: ['dt'],
    HAMMER_THROW: ['ht', 'hammer'],
    JAVELIN_THROW: ['jt'],
    WEIGHT_THROW: ['wt', 'weight'],
  },
  combined: {
    DECATHLON: ['decathlon'],
    HEPTATHLON: ['heptathlon'],
    OUTDOOR_PENTATHLON: ['pentathlon', 'outdoor pentathlon'],
    INDOOR_PENTATHLON: ['indoor pentathlon', 'pentathlon indoor'],
    WEIGHT_PENTATHLON: ['weight pentathlon', 'throws pentathlon'],
  },
  otherFields: ['ball throw', 'softball throw', 'vortex', 'vortex throw'],
  anyField: ['jump(s)', 'throw(s)', 'jumping', 'throwing'],
  metres: ['m', 'metre(s)', 'meter(s)', 'mtr(s)', 'mts', 'mt'],
  miles: ['mile(s)'],
  typeCell: {
    track: ['track', 'athletics', 'running', 'run(s)', 'race(s)', 'sprint(s)', 'track event(s)'],
    field: ['field', 'jump(s)', 'throw(s)', 'jumping', 'throwing', 'field event(s)'],
  },
};

export const polish: Partial<Vocabulary> = {
  gender: {
    men: ['mężczyźni', 'mężczyzn', 'chłopcy', 'chłopców', 'juniorzy', 'młodzicy', 'panowie'],
    women: ['kobiety', 'kobiet', 'dziewczęta', 'dziewcząt', 'juniorki', 'młodziczki', 'panie'],
    mixed: ['mix', 'mikst', 'mieszane', 'mieszana', 'mieszany'],
  },
  rounds: {
    finals: ['finał', 'finały'],
    semis: ['półfinał', 'półfinały'],
    quarters: ['ćwierćfinał', 'ćwierćfinały'],
    heats: ['eliminacje', 'przedbiegi', 'kwalifikacje'],
  },
  timedFinal: ['seria na czas', 'serie na czas', 'finał na czas', 'biegi na czas'],
  heat: ['bieg', 'seria'],
  flight: ['grupa'],
  races: {
    run: ['bieg', 'biegi'],
    hurdles: ['przez płotki', 'płotki', 'płotkami'],
    steeplechase: ['z przeszkodami', 'przeszkody', 'przeszk', 'przesz'],
    relay: ['sztafeta', 'sztafety', 'sztafetowy', 'sztafetowa'],
    walk: ['chód', 'chodu'],
  },
  afterDistance: { hurdles: ['pł', 'ppł'] },
  crossCountry: ['przełaj', 'przełajowy', 'przełajowe', 'bieg przełajowy'],
  fields: {
    HIGH_JUMP: ['skok wzwyż', 'wzwyż'],
    POLE_VAULT: ['skok o tyczce', 'o tyczce', 'tyczka'],
    LONG_JUMP: ['skok w dal', 'w dal'],
    TRIPLE_JUMP: ['trójskok'],
    SHOT_PUT: ['pchnięcie kulą', 'pchniecie kula'],
    DISCUS_THROW: ['rzut dyskiem', 'dyskiem', 'dysk'],
    HAMMER_THROW: ['rzut młotem', 'młotem', 'młot'],
    JAVELIN_THROW: ['rzut oszczepem', 'oszczepem', 'oszczep'],
    WEIGHT_THROW: ['rzut ciężarkiem', 'ciężarkiem', 'ciężarek'],
  },
  weakFields: { SHOT_PUT: ['kula', 'kulą'] },
  combined: {
    DECATHLON: ['dziesięciobój'],
    HEPTATHLON: ['siedmiobój'],
    OUTDOOR_PENTATHLON: ['pięciobój'],
  },
  otherFields: ['rzut piłeczką', 'rzut piłeczką palantową', 'piłeczka palantowa'],
  anyField: ['skok', 'skoki', 'rzut', 'rzuty', 'pchnięcie'],
  metres: ['metrów', 'metry', 'metr'],
  miles: ['mila', 'mili'],
  typeCell: {
    track: ['bieg', 'biegi', 'bieżnia', 'konkurencje biegowe', 'biegowe'],
    field: ['konkurencje techniczne', 'techniczne', 'skok(i)', 'rzut(y)'],
  },
};

export const german: Partial<Vocabulary> = {
  gender: {
    men: ['männer', 'herren', 'männlich', 'männliche', 'männlicher', 'männl', 'jungen', 'knaben'],
    women: [
      'frauen',
      'damen',
      'weiblich',
      'weibliche',
      'weiblicher',
      'weibl',
      'mädchen',
      'juniorinnen',
    ],
    mixed: ['mixed', 'gemischt', 'gemischte'],
  },
  rounds: {
    finals: ['finale', 'endlauf', 'endläufe', 'endkampf'],
    semis: ['halbfinale', 'halbfinals', 'zwischenlauf', 'zwischenläufe'],
    quarters: ['viertelfinale', 'viertelfinals'],
    heats: ['vorlauf', 'vorläufe', 'qualifikation'],
  },
  timedFinal: ['zeitlauf', 'zeitläufe', 'zeitendlauf', 'zeitendläufe', 'zeit endlauf'],
  heat: ['lauf'],
  flight: ['gruppe', 'riege'],
  roundCounter: ['runde'],
  races: {
    run: ['lauf', 'sprint', 'langlauf'],
    hurdles: ['hürden', 'hürdenlauf', 'hürdensprint', 'hürde'],
    steeplechase: ['hindernis', 'hindernislauf'],
    relay: ['staffel', 'staffellauf', 'schwedenstaffel'],
    walk: ['gehen', 'bahngehen', 'straßengehen'],
  },
  afterDistance: { steeplechase: ['hi'] },
  crossCountry: ['crosslauf', 'geländelauf', 'cross'],
  fields: {
    HIGH_JUMP: ['hochsprung'],
    POLE_VAULT: ['stabhochsprung'],
    LONG_JUMP: ['weitsprung'],
    TRIPLE_JUMP: ['dreisprung'],
    SHOT_PUT: ['kugelstoß', 'kugelstoßen', 'kugel stoß'],
    DISCUS_THROW: ['diskus', 'diskuswurf'],
    HAMMER_THROW: ['hammerwurf'],
    JAVELIN_THROW: ['speerwurf'],
    WEIGHT_THROW: ['gewichtwurf'],
  },
  weakFields: {
    HIGH_JUMP: ['hoch'],
    POLE_VAULT: ['stab'],
    LONG_JUMP: ['weit'],
    SHOT_PUT: ['kugel'],
    HAMMER_THROW: ['hammer'],
    JAVELIN_THROW: ['speer'],
  },
  combined: {
    DECATHLON: ['zehnkampf'],
    HEPTATHLON: ['siebenkampf'],
    OUTDOOR_PENTATHLON: ['fünfkampf'],
    INDOOR_PENTATHLON: ['hallenfünfkampf', 'hallen fünfkampf'],
    WEIGHT_PENTATHLON: ['wurffünfkampf', 'wurf fünfkampf'],
  },
  otherFields: ['ballwurf', 'schlagball', 'schlagballwurf', 'vortexwurf'],
  anyField: ['sprung', 'wurf', 'stoß'],
  metres: ['meter', 'metern'],
  miles: ['meile(n)'],
  typeCell: {
    track: ['lauf', 'läufe', 'laufdisziplin(en)', 'bahn'],
    field: ['sprung', 'sprünge', 'wurf', 'würfe', 'technik', 'technische disziplin(en)'],
  },
};

export const french: Partial<Vocabulary> = {
  gender: {
    men: ['hommes', 'homme', 'masculin', 'masculins', 'garçons', 'messieurs'],
    women: ['femmes', 'femme', 'féminin', 'féminine', 'féminines', 'filles', 'dames'],
    mixed: ['mixte', 'mixtes'],
  },
  rounds: {
    finals: ['finale(s)', 'finale directe'],
    semis: ['demi finale(s)', '1/2 finale(s)', 'demies'],
    quarters: ['quart(s) de finale', '1/4 de finale', '1/4 finale(s)'],
    heats: ['séries', 'éliminatoires', 'qualifications'],
  },
  timedFinal: ['finale au temps', 'finales au temps', 'classement au temps', 'séries au temps'],
  notRound: ['demi fond'],
  heat: ['série'],
  flight: ['groupe', 'poule'],
  roundCounter: ['tour'],
  races: {
    run: ['course', 'demi fond', 'marathon'],
    hurdles: ['haies'],
    steeplechase: ['steeple'],
    relay: ['relais'],
    walk: ['marche', 'marche athlétique'],
  },
  crossCountry: ['cross'],
  fields: {
    HIGH_JUMP: ['saut en hauteur', 'hauteur'],
    POLE_VAULT: ['saut à la perche', 'perche'],
    LONG_JUMP: ['saut en longueur', 'longueur'],
    TRIPLE_JUMP: ['triple saut'],
    SHOT_PUT: ['lancer du poids', 'lancer de poids'],
    DISCUS_THROW: ['lancer du disque', 'lancer de disque', 'disque'],
    HAMMER_THROW: ['lancer du marteau', 'lancer de marteau', 'marteau'],
    JAVELIN_THROW: ['lancer du javelot', 'lancer de javelot', 'javelot'],
    WEIGHT_THROW: ['lancer du poids lourd', 'lancer de poids lourd', 'poids lourd'],
  },
  weakFields: { SHOT_PUT: ['poids'] },
  combined: {
    DECATHLON: ['décathlon'],
    HEPTATHLON: ['heptathlon'],
    OUTDOOR_PENTATHLON: ['pentathlon'],
    INDOOR_PENTATHLON: ['pentathlon en salle'],
  },
  otherFields: ['lancer de balle', 'lancer de vortex'],
  anyField: ['saut(s)', 'lancer(s)', 'concours'],
  metres: ['mètre(s)'],
  typeCell: {
    track: ['course(s)', 'piste'],
    field: ['concours', 'saut(s)', 'lancer(s)'],
  },
};

export const italian: Partial<Vocabulary> = {
  gender: {
    men: ['uomini', 'maschile', 'maschili', 'ragazzi', 'allievi', 'cadetti'],
    women: ['donne', 'femminile', 'femminili', 'ragazze', 'allieve', 'cadette'],
    mixed: ['misto', 'mista', 'misti', 'miste'],
  },
  rounds: {
    finals: ['finale', 'finali', 'finale diretta'],
    semis: ['semifinale', 'semifinali'],
    quarters: ['quarti', 'quarti di finale', 'quarto di finale'],
    heats: ['batterie', 'eliminatorie', 'qualificazione', 'qualificazioni'],
  },
  timedFinal: ['finale a serie', 'finali a serie', 'serie a tempo', 'finale a tempo'],
  heat: ['batteria', 'serie'],
  flight: ['gruppo'],
  roundCounter: ['turno'],
  races: {
    run: ['corsa', 'mezzofondo', 'maratona', 'mezza maratona'],
    hurdles: ['ostacoli'],
    steeplechase: ['siepi'],
    relay: ['staffetta', 'staffette'],
    walk: ['marcia'],
  },
  afterDistance: { hurdles: ['hs'] },
  crossCountry: ['corsa campestre', 'campestre', 'cross'],
  fields: {
    HIGH_JUMP: ['salto in alto'],
    POLE_VAULT: ["salto con l'asta", 'salto con asta'],
    LONG_JUMP: ['salto in lungo'],
    TRIPLE_JUMP: ['salto triplo'],
    SHOT_PUT: ['getto del peso', 'lancio del peso'],
    DISCUS_THROW: ['lancio del disco'],
    HAMMER_THROW: ['lancio del martello', 'martello'],
    JAVELIN_THROW: ['lancio del giavellotto', 'giavellotto'],
  },
  weakFields: {
    HIGH_JUMP: ['alto'],
    POLE_VAULT: ['asta'],
    LONG_JUMP: ['lungo'],
    TRIPLE_JUMP: ['triplo'],
    SHOT_PUT: ['peso'],
    DISCUS_THROW: ['disco'],
  },
  combined: {
    DECATHLON: ['decathlon'],
    HEPTATHLON: ['eptathlon'],
    OUTDOOR_PENTATHLON: ['pentathlon'],
  },
  otherFields: ['lancio del vortex', 'lancio della pallina'],
  anyField: ['salto', 'salti', 'lancio', 'lanci', 'getto'],
  metres: ['metri', 'metro'],
  miles: ['miglio', 'miglia'],
  typeCell: {
    track: ['corsa', 'corse', 'pista'],
    field: ['concorsi', 'concorso', 'salti', 'lanci'],
  },
};

export const spanish: Partial<Vocabulary> = {
  gender: {
    men: ['hombres', 'hombre', 'masculino', 'masculina', 'masculinos', 'varones', 'varonil'],
    women: ['mujeres', 'mujer', 'femenino', 'femenina', 'femeninos', 'femenil', 'damas'],
    mixed: ['mixto', 'mixta', 'mixtos'],
  },
  rounds: {
    finals: ['final(es)', 'final directa'],
    semis: ['semifinal(es)'],
    quarters: ['cuartos', 'cuartos de final'],
    heats: ['eliminatoria(s)', 'series', 'clasificatoria(s)'],
  },
  timedFinal: ['final por tiempos', 'finales por tiempos', 'final por series'],
  notRound: ['media maratón'],
  heat: ['serie'],
  flight: ['grupo'],
  roundCounter: ['ronda'],
  races: {
    run: ['carrera', 'lisos', 'maratón', 'media maratón'],
    hurdles: ['vallas', 'valla'],
    steeplechase: ['obstáculos', 'con obstáculos'],
    relay: ['relevos', 'relevo', 'postas'],
    walk: ['marcha', 'marcha atlética'],
  },
  afterDistance: { hurdles: ['v'], steeplechase: ['obst'] },
  crossCountry: ['campo a través', 'campo traviesa', 'cross'],
  fields: {
    HIGH_JUMP: ['salto de altura', 'salto alto'],
    POLE_VAULT: ['salto con pértiga', 'pértiga', 'salto con garrocha', 'garrocha'],
    LONG_JUMP: ['salto de longitud', 'salto largo'],
    TRIPLE_JUMP: ['triple salto', 'salto triple'],
    SHOT_PUT: ['lanzamiento de peso', 'lanzamiento del peso', 'lanzamiento de bala'],
    DISCUS_THROW: ['lanzamiento de disco', 'lanzamiento del disco'],
    HAMMER_THROW: ['lanzamiento de martillo', 'lanzamiento del martillo', 'martillo'],
    JAVELIN_THROW: ['lanzamiento de jabalina', 'lanzamiento de la jabalina', 'jabalina'],
  },
  weakFields: {
    HIGH_JUMP: ['altura'],
    LONG_JUMP: ['longitud'],
    SHOT_PUT: ['peso', 'bala'],
    DISCUS_THROW: ['disco'],
  },
  combined: {
    DECATHLON: ['decatlón'],
    HEPTATHLON: ['heptatlón'],
    OUTDOOR_PENTATHLON: ['pentatlón'],
  },
  otherFields: ['lanzamiento de pelota'],
  anyField: ['salto(s)', 'lanzamiento(s)', 'concurso(s)'],
  metres: ['metros'],
  miles: ['milla(s)'],
  typeCell: {
    track: ['carrera(s)', 'pista'],
    field: ['campo', 'concurso(s)', 'salto(s)', 'lanzamiento(s)'],
  },
};

export const languages = { english, polish, german, french, italian, spanish } as const;

type Keyed<T> = { [K in keyof T]?: Words };

function mergeKeyed<T>(parts: readonly (Keyed<T> | undefined)[]): Keyed<T> {
  const out: Record<string, string[]> = {};
  for (const part of parts) {
    for (const [key, words] of Object.entries(part ?? {}) as [string, Words][]) {
      (out[key] ??= []).push(...words);
    }
  }
  return out;
}

const all: Partial<Vocabulary>[] = Object.values(languages);
const listOf = (pick: (vocabulary: Partial<Vocabulary>) => Words | undefined): Words =>
  all.flatMap((vocabulary) => pick(vocabulary) ?? []);

/** Every language at once: names mix them (an Italian meet's "100m Hs Allieve - Serie 2"). */
export const vocabulary: Vocabulary = {
  gender: mergeKeyed(all.map((v) => v.gender)),
  rounds: mergeKeyed(all.map((v) => v.rounds)),
  timedFinal: listOf((v) => v.timedFinal),
  notRound: listOf((v) => v.notRound),
  heat: listOf((v) => v.heat),
  flight: listOf((v) => v.flight),
  roundCounter: listOf((v) => v.roundCounter),
  races: mergeKeyed(all.map((v) => v.races)),
  afterDistance: mergeKeyed(all.map((v) => v.afterDistance)),
  crossCountry: listOf((v) => v.crossCountry),
  fields: mergeKeyed(all.map((v) => v.fields)),
  weakFields: mergeKeyed(all.map((v) => v.weakFields)),
  combined: mergeKeyed(all.map((v) => v.combined)),
  otherFields: listOf((v) => v.otherFields),
  anyField: listOf((v) => v.anyField),
  metres: listOf((v) => v.metres),
  miles: listOf((v) => v.miles),
  typeCell: {
    track: listOf((v) => v.typeCell?.track),
    field: listOf((v) => v.typeCell?.field),
  },
};

import {
  trackDisciplineByMetres,
  type EventType,
  type FieldDiscipline,
  type TrackDiscipline,
} from '../../../shared/domain.ts';
import type { TrackKind } from '../../../shared/eventNames/words.ts';
import { eventDiscipline } from '../../eventNames/index.ts';

/**
 * Event codes as meet software writes them (Hy-Tek's `100`, `1MILE`, `LJ`; OpenTrack's `60H`,
 * `HT`, `BT`): the discipline, whatever language the event's name is in. One table both ways:
 * what an import reads and what an export writes.
 */
export interface CodeDiscipline {
  eventType: EventType;
  trackDiscipline: TrackDiscipline | null;
  fieldDiscipline: FieldDiscipline | null;
  /** Races: what kind, and how far. */
  kind: TrackKind | null;
  metres: number | null;
  /** The discipline in English ("60m Hurdles", "Hammer Throw"): what Rith's pages read. */
  english: string;
}

const fields: Readonly<Record<string, [FieldDiscipline, string]>> = {
  HJ: ['HIGH_JUMP', 'High Jump'],
  PV: ['POLE_VAULT', 'Pole Vault'],
  LJ: ['LONG_JUMP', 'Long Jump'],
  TJ: ['TRIPLE_JUMP', 'Triple Jump'],
  SP: ['SHOT_PUT', 'Shot Put'],
  DT: ['DISCUS_THROW', 'Discus Throw'],
  HT: ['HAMMER_THROW', 'Hammer Throw'],
  JT: ['JAVELIN_THROW', 'Javelin Throw'],
  WT: ['WEIGHT_THROW', 'Weight Throw'],
  BT: ['CUSTOM', 'Ball Throw'],
  SLJ: ['CUSTOM', 'Standing Long Jump'],
  SHJ: ['CUSTOM', 'Standing High Jump'],
  DEC: ['DECATHLON', 'Decathlon'],
  HEP: ['HEPTATHLON', 'Heptathlon'],
  PEN: ['OUTDOOR_PENTATHLON', 'Pentathlon'],
  XC: ['CROSS_COUNTRY', 'Cross Country'],
};
const fieldAliases: Readonly<Record<string, string>> = {
  HEPT: 'HEP',
  DECA: 'DEC',
  PENT: 'PEN',
  '10E': 'DEC',
  '7E': 'HEP',
  '5E': 'PEN',
};

const MILE = 1609;

/** `1MILE`, `MILE`, `2MILE`; `100`, `100M`; `60H`, `110MH`; `3000SC`, `3000S`; `3000W`; `4X100`, `4x400R`. */
function race(code: string): CodeDiscipline | null {
  const miles = /^(\d*)\s*MI(LE)?$/.exec(code);
  if (miles) {
    const count = Number(miles[1] || 1);
    const metres = count === 1 ? MILE : null;
    return {
      ...track('run', metres),
      english: count === 1 ? '1 Mile' : `${count} Miles`,
    };
  }
  const relay = /^(\d+)\s*X\s*(\d+)\s*M?\s*R?$/.exec(code);
  if (relay) {
    const legs = Number(relay[1]);
    const leg = Number(relay[2]);
    return { ...track('relay', legs * leg), english: `${legs}x${leg}m Relay` };
  }
  const run = /^(\d+)\s*M?\s*(H|SC|S|ST|W|RW)?$/.exec(code);
  if (!run) return null;
  const metres = Number(run[1]);
  if (!Number.isFinite(metres) || metres <= 0) return null;
  switch (run[2]) {
    case 'H':
      return { ...track('hurdles', metres), english: `${metres}m Hurdles` };
    case 'SC':
    case 'S':
    case 'ST':
      return { ...track('steeplechase', metres), english: `${metres}m Steeplechase` };
    case 'W':
    case 'RW':
      return { ...track('walk', metres), english: `${metres}m Race Walk` };
    default:
      return { ...track('run', metres), english: `${metres}m` };
  }
}

function track(kind: TrackKind, metres: number | null): Omit<CodeDiscipline, 'english'> {
  const plain = kind === 'run' || kind === 'hurdles';
  return {
    eventType: 'ATHLETICS',
    trackDiscipline:
      plain && metres !== null ? (trackDisciplineByMetres[metres] ?? 'CUSTOM') : 'CUSTOM',
    fieldDiscipline: null,
    kind,
    metres,
  };
}

/** The discipline of an event code; null when the code is not one Rith knows. */
export function disciplineOfCode(code: string | null | undefined): CodeDiscipline | null {
  const written = (code ?? '').trim().toUpperCase();
  if (written === '') return null;
  const fieldCode = fieldAliases[written] ?? written;
  const field = fields[fieldCode];
  if (field) {
    return {
      eventType: 'JUMP',
      trackDiscipline: null,
      fieldDiscipline: field[0],
      kind: null,
      metres: null,
      english: field[1],
    };
  }
  return race(written);
}

/**
 * The name an imported event is shown with: the meet's own where it already says the code's
 * discipline ("Women 100m"), else the meet's name with the discipline in English beside it
 * ("G13 Slegge (Hammer Throw)"), which Rith's pages and rules read (hurdles, wind, bests).
 */
export function exchangeEventName(name: string, code: CodeDiscipline | null): string {
  const written = name.trim();
  if (code === null) return written;
  if (written === '') return code.english;
  const read = eventDiscipline(written);
  const agrees =
    read.eventType === code.eventType &&
    (code.eventType === 'JUMP'
      ? read.fieldDiscipline === code.fieldDiscipline
      : read.kind === code.kind && (code.metres === null || read.metres === code.metres));
  return agrees ? written : `${written} (${code.english})`;
}

const fieldCodeOf = new Map<FieldDiscipline, string>(
  Object.entries(fields)
    .filter(([, [discipline]]) => discipline !== 'CUSTOM')
    .map(([code, [discipline]]) => [discipline, code]),
);

/**
 * The code an export writes for an event: its field code, or its distance and kind read from
 * its name ("100", "60H", "3000SC", "4X100"); null when neither tells (a custom event).
 */
export function codeOfEvent(event: {
  eventName: string;
  eventType: EventType;
  fieldDiscipline: FieldDiscipline | null;
}): string | null {
  const read = eventDiscipline(event.eventName);
  if (event.eventType === 'JUMP') {
    const discipline = event.fieldDiscipline ?? read.fieldDiscipline;
    if (discipline !== null && discipline !== 'CUSTOM') return fieldCodeOf.get(discipline) ?? null;
    const named = Object.entries(fields).find(([, [, english]]) =>
      event.eventName.toLowerCase().includes(english.toLowerCase()),
    );
    return named?.[0] ?? null;
  }
  if (read.metres === null) return null;
  switch (read.kind) {
    case 'hurdles':
      return `${read.metres}H`;
    case 'steeplechase':
      return `${read.metres}SC`;
    case 'walk':
      return `${read.metres}W`;
    case 'relay': {
      const legs = /(\d+)\s*[x×]\s*(\d+)/i.exec(event.eventName);
      return legs ? `${legs[1]}X${legs[2]}` : null;
    }
    default:
      return read.metres === MILE ? '1MILE' : String(read.metres);
  }
}

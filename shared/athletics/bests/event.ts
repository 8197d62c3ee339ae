import type { FieldDiscipline } from '../../domain.ts';
import type { TrackKind } from '../../eventNames/words.ts';

/**
 * The event a best or a record is kept in, across competitions: the 100 m of one meet is the
 * 100 m of the next whatever each calls it. Relays, combined events and races of no known
 * distance keep none.
 */
export interface BestsEvent {
  /** "run:100", "hurdles:110", "LONG_JUMP". */
  key: string;
  /** "100 m", "110 m hurdles", "Long jump". */
  label: string;
  /** Lower is better for a time; higher for a distance or a height. */
  measure: 'time' | 'distance';
  /** The wind is measured in this event outdoors: 100 m, 200 m, hurdles up to 110 m, LJ, TJ. */
  windMeasured: boolean;
}

export interface DisciplineFacts {
  kind: TrackKind | null;
  metres: number | null;
  fieldDiscipline: FieldDiscipline | null;
}

const FIELD_LABELS: Partial<Record<FieldDiscipline, string>> = {
  HIGH_JUMP: 'High jump',
  POLE_VAULT: 'Pole vault',
  LONG_JUMP: 'Long jump',
  TRIPLE_JUMP: 'Triple jump',
  SHOT_PUT: 'Shot put',
  DISCUS_THROW: 'Discus throw',
  HAMMER_THROW: 'Hammer throw',
  JAVELIN_THROW: 'Javelin throw',
  WEIGHT_THROW: 'Weight throw',
};

const WINDY_FIELDS: readonly FieldDiscipline[] = ['LONG_JUMP', 'TRIPLE_JUMP'];
const TRACK_LABELS: Partial<Record<TrackKind, string>> = {
  run: '',
  hurdles: ' hurdles',
  steeplechase: ' steeplechase',
  walk: ' race walk',
};

export function bestsEvent({ kind, metres, fieldDiscipline }: DisciplineFacts): BestsEvent | null {
  if (fieldDiscipline !== null) {
    const label = FIELD_LABELS[fieldDiscipline];
    if (label === undefined) return null;
    return {
      key: fieldDiscipline,
      label,
      measure: 'distance',
      windMeasured: WINDY_FIELDS.includes(fieldDiscipline),
    };
  }
  if (kind === null || metres === null) return null;
  const suffix = TRACK_LABELS[kind];
  if (suffix === undefined) return null;
  const windMeasured =
    (kind === 'run' && (metres === 100 || metres === 200)) || (kind === 'hurdles' && metres <= 110);
  const distance = metres >= 1000 && metres % 1000 === 0 ? `${metres / 1000} km` : `${metres} m`;
  return {
    key: `${kind}:${metres}`,
    label: `${distance}${suffix}`,
    measure: 'time',
    windMeasured,
  };
}

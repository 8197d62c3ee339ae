import { eventDiscipline } from '../eventNames/index.ts';
import { bestsEvent, type BestsEvent } from '../../shared/athletics/bests/event.ts';
import {
  trackDisciplineByMetres,
  type FieldDiscipline,
  type TrackDiscipline,
} from '../../shared/domain.ts';

const metresOf = (discipline: TrackDiscipline | null): number | null => {
  const found = Object.entries(trackDisciplineByMetres).find(([, d]) => d === discipline);
  return found ? Number(found[0]) : null;
};

/**
 * The event bests and records are kept in: what the name says (its kind of race and distance,
 * or its field event), else the discipline the event was given. ONE_TEN_METER is the 110 m
 * hurdles.
 */
export function bestsEventOf(event: {
  eventName: string;
  trackDiscipline: TrackDiscipline | null;
  fieldDiscipline: FieldDiscipline | null;
}): BestsEvent | null {
  const read = eventDiscipline(event.eventName);
  if (read.fieldDiscipline !== null || read.metres !== null) return bestsEvent(read);
  if (event.fieldDiscipline !== null && event.fieldDiscipline !== 'TRACK') {
    return bestsEvent({ kind: null, metres: null, fieldDiscipline: event.fieldDiscipline });
  }
  const metres = metresOf(event.trackDiscipline);
  const kind = read.kind ?? (event.trackDiscipline === 'ONE_TEN_METER' ? 'hurdles' : 'run');
  return bestsEvent({ kind, metres, fieldDiscipline: null });
}

import {
  trackDisciplineByMetres,
  type EventType,
  type FieldDiscipline,
  type TrackDiscipline,
} from '../../shared/domain.ts';
import { eventDiscipline } from '../eventNames/index.ts';

const metresByDiscipline = new Map(
  Object.entries(trackDisciplineByMetres).map(([metres, discipline]) => [discipline, +metres]),
);

/**
 * Whether the rules measure the wind in this event: the 100 m, the 200 m, the hurdles up to
 * 110 m (80 m to 110 m: the 60 m hurdles are run indoors), long and triple jump (World
 * Athletics TR 29). FinishLynx writes its gauge's reading into every .lif, a 1500 m, a
 * steeplechase or a relay included, and there it means nothing: no wind is shown or called
 * legal there, nor kept.
 */
export function measuresWind(event: {
  eventType: EventType;
  eventName: string;
  trackDiscipline: TrackDiscipline | null;
  fieldDiscipline: FieldDiscipline | null;
}): boolean {
  const named = eventDiscipline(event.eventName);
  if (event.eventType === 'JUMP') {
    const discipline = event.fieldDiscipline ?? named.fieldDiscipline;
    return discipline === 'LONG_JUMP' || discipline === 'TRIPLE_JUMP';
  }
  const metres =
    named.metres ??
    (event.trackDiscipline === null
      ? null
      : (metresByDiscipline.get(event.trackDiscipline) ?? null));
  if (metres === null) return false;
  switch (named.kind ?? 'run') {
    case 'run':
      return metres === 100 || metres === 200;
    case 'hurdles':
      return metres > 60 && metres <= 110;
    default:
      return false;
  }
}

/** What the wind rule reads of an event. */
export type WindFacts = Parameters<typeof measuresWind>[0] & { windSpeed: string | null };

/**
 * The event as the public gets it: where the rules measure no wind, no wind at all (the
 * event's, the unofficial lines', each row's), so no screen shows "-1.7 m/s · Legal wind"
 * beside a 1500 m.
 */
export function withoutMeaninglessWind<
  T extends WindFacts & {
    live?: { wind: string | null } | null;
    results?: readonly { windspeed?: string | null | undefined }[];
  },
>(event: T): T {
  const anyWind =
    event.windSpeed !== null ||
    (event.live?.wind ?? null) !== null ||
    (event.results ?? []).some((row) => row.windspeed);
  // Reading the name costs: only an event with a wind to hide has it read.
  if (!anyWind || measuresWind(event)) return event;
  const calm = <R extends { windspeed?: string | null | undefined }>(rows: readonly R[]) =>
    rows.map((row) => (row.windspeed ? { ...row, windspeed: null } : row));
  return {
    ...event,
    windSpeed: null,
    ...(event.live ? { live: { ...event.live, wind: null } } : {}),
    ...(event.results ? { results: calm(event.results) } : {}),
  };
}

import type { AthleteRow } from './schemas/athlete.ts';
import {
  throwingDisciplines,
  verticalJumps,
  type EventType,
  type FieldDiscipline,
} from './domain.ts';
import { formatWind } from './athletics/wind.ts';
import { normalizeResultCode } from './athletics/resultCode.ts';

/**
 * Which columns an event's result or start-list table needs, read from the rows themselves:
 * a column only appears when some row has something to put in it. Pure, so the table
 * components only render.
 */

export type SeriesLayout =
  | { type: 'none' }
  | { type: 'horizontal'; attempts: number; showWinds: boolean }
  | { type: 'vertical'; heights: string[] };

export interface ResultLayout {
  kind: 'track' | 'field';
  /** Rows of more than one flight: each athlete's flight is shown. */
  flight: boolean;
  /** A timed final's overall ranking: each athlete's section is shown. */
  section: boolean;
  lane: boolean;
  bib: boolean;
  club: boolean;
  category: boolean;
  reactionTime: boolean;
  points: boolean;
  rowWind: boolean;
  series: SeriesLayout;
}

export interface StartListLayout {
  kind: 'track' | 'field';
  flight: boolean;
  lane: boolean;
  bib: boolean;
  club: boolean;
  category: boolean;
}

/** Jump events have a series of six attempts. */
const HORIZONTAL_ATTEMPTS = 6;

const filled = (text: string | null | undefined): boolean => (text ?? '').trim() !== '';
const any = (rows: readonly AthleteRow[], pick: (row: AthleteRow) => string | null | undefined) =>
  rows.some((row) => filled(pick(row)));

export function performanceKind(eventType: EventType): 'track' | 'field' {
  return eventType === 'JUMP' ? 'field' : 'track';
}

/** The bar heights of a vertical series, lowest first, each once. */
export function seriesHeights(rows: readonly AthleteRow[]): string[] {
  const heights = new Map<string, number>();
  for (const row of rows) {
    for (const height of row.heights ?? []) {
      const key = height.trim();
      if (key !== '' && !heights.has(key)) heights.set(key, Number(key));
    }
  }
  return [...heights.entries()]
    .sort(([, a], [, b]) => (Number.isNaN(a) ? 1 : Number.isNaN(b) ? -1 : a - b))
    .map(([key]) => key);
}

function seriesLayout(
  rows: readonly AthleteRow[],
  eventType: EventType,
  discipline: FieldDiscipline | null,
): SeriesLayout {
  if (eventType !== 'JUMP') return { type: 'none' };
  const vertical =
    (discipline !== null && verticalJumps.includes(discipline)) ||
    rows.some((row) => (row.heights?.length ?? 0) > 0);
  if (vertical) {
    const heights = seriesHeights(rows);
    return heights.length > 0 ? { type: 'vertical', heights } : { type: 'none' };
  }
  const longest = Math.max(0, ...rows.map((row) => row.attempts?.length ?? 0));
  if (!rows.some((row) => (row.attempts ?? []).some(filled))) return { type: 'none' };
  const isThrow = discipline !== null && throwingDisciplines.includes(discipline);
  const showWinds = !isThrow && rows.some((row) => (row.attemptWinds ?? []).some(filled));
  return { type: 'horizontal', attempts: Math.max(HORIZONTAL_ATTEMPTS, longest), showWinds };
}

/** The athletes came from more than one flight. */
const flights = (rows: readonly AthleteRow[]) =>
  new Set(rows.map((row) => row.flight ?? null).filter((f) => f !== null)).size > 1;

/** More than one distinct value: a column that repeats one value everywhere says nothing. */
function varies(rows: readonly AthleteRow[], pick: (row: AthleteRow) => string): boolean {
  return new Set(rows.map(pick).filter((v) => v !== '')).size > 1;
}

export function resultLayout(event: {
  eventType: EventType;
  fieldDiscipline: FieldDiscipline | null;
  windSpeed: string | null;
  results: readonly AthleteRow[];
}): ResultLayout {
  const rows = event.results;
  const rowWinds = (row: AthleteRow) => formatWind(row.windspeed ?? null);
  return {
    kind: performanceKind(event.eventType),
    flight: flights(rows),
    section: rows.some((r) => (r.heat ?? null) !== null),
    lane: any(rows, (r) => r.lane),
    bib: any(rows, (r) => r.bib),
    club: any(rows, (r) => r.club),
    category: varies(rows, (r) => (r.category ?? '').trim()),
    reactionTime: any(rows, (r) => r.reactionTime),
    points: any(rows, (r) => r.points),
    // Manual results repeat the race wind on each row: only a column when rows differ or the
    // event has no wind of its own (e.g. best-mark winds in a horizontal jump).
    rowWind:
      rows.some((r) => rowWinds(r) !== '') &&
      (formatWind(event.windSpeed) === '' || varies(rows, rowWinds)),
    series: seriesLayout(rows, event.eventType, event.fieldDiscipline),
  };
}

export function startListLayout(event: {
  eventType: EventType;
  startListFile: readonly AthleteRow[];
}): StartListLayout {
  const rows = event.startListFile;
  return {
    kind: performanceKind(event.eventType),
    flight: flights(rows),
    lane: any(rows, (r) => r.lane),
    bib: any(rows, (r) => r.bib),
    club: any(rows, (r) => r.club),
    category: any(rows, (r) => r.category),
  };
}

/** A finishing place as a number, or null (codes, blanks and 0 are not places). */
export function placeOf(rank: string | null): number | null {
  const trimmed = (rank ?? '').trim().replace(/\.$/, '');
  return /^\d+$/.test(trimmed) && Number(trimmed) > 0 ? Number(trimmed) : null;
}

/** The result code a row carries in its place column (FinishLynx writes DNS/DNF/DQ there). */
export function rankCode(rank: string | null): string | null {
  return normalizeResultCode(rank);
}

/** The attempt cell of a vertical series at one height; '' when the athlete had none there. */
export function cellAtHeight(row: AthleteRow, height: string): string | null {
  const index = (row.heights ?? []).findIndex((h) => h.trim() === height);
  return index < 0 ? null : (row.attempts?.[index] ?? null);
}

import type { AthleteRow } from '../../shared/schemas/athlete.ts';
import type { EventType, FieldDiscipline, Round, TrackDiscipline } from '../../shared/domain.ts';

/**
 * What every parser returns: its rows, or a typed error naming the file and, where it can,
 * the row (1-based line or sheet row) and the column. Parsers never throw anything else.
 */
export interface ParseFailure {
  file: string;
  row?: number;
  column?: string;
  reason: string;
}
/**
 * Something in an accepted file the operator should know about: a damaged character that was
 * replaced, a wind that could not be read. The file is still published.
 */
export interface ParseWarning {
  file: string;
  row?: number;
  reason: string;
}
export type ParseResult<T> =
  { ok: true; value: T; warnings: ParseWarning[] } | { ok: false; error: ParseFailure };

export const parsed = <T>(value: T, warnings: ParseWarning[] = []): ParseResult<T> => ({
  ok: true,
  value,
  warnings,
});
export const failed = (error: ParseFailure): ParseResult<never> => ({ ok: false, error });

/**
 * "file, row 4, column time: reason": the precise reason an upload's message carries. Without
 * the file where the reason is listed under the file already ("row 4, column time: reason").
 */
export function describeFailure(error: ParseFailure, options: { file?: boolean } = {}): string {
  const where = [
    options.file === false ? null : error.file,
    error.row !== undefined ? `row ${error.row}` : null,
    error.column !== undefined ? `column ${error.column}` : null,
  ]
    .filter(Boolean)
    .join(', ');
  return where ? `${where}: ${error.reason}` : error.reason;
}

/** "file, row 7: reason". */
export function describeWarning(warning: ParseWarning): string {
  const where = warning.row !== undefined ? `${warning.file}, row ${warning.row}` : warning.file;
  return `${where}: ${warning.reason}`;
}

/** The identity of a race or flight in FinishLynx files: how a .lif/.lff finds its event. */
export interface LynxEventKey {
  /** As the file writes it: "1", "19", "1A" (leading zeros of file names removed). */
  eventNumber: string;
  round: string;
  heat: string;
}

/** One event's results or start list as parsed, with what its header says of the event. */
export interface ParsedEvent {
  /** FinishLynx files name their race; spreadsheets and XML may not. */
  key: LynxEventKey | null;
  eventName: string;
  eventType: EventType;
  /** What the name says (100 m, Long Jump...), or null when it cannot be told. */
  trackDiscipline: TrackDiscipline | null;
  fieldDiscipline: FieldDiscipline | null;
  /** The product's round; 'unknown' when the file does not say. */
  round: Round;
  /** Signed, one decimal as written ("+1.3", "-0.4"), or null when none was measured. */
  wind: string | null;
  /** When the race started or is due to start ("13:53"), where the file says. */
  startTime?: string | null;
  rows: AthleteRow[];
}

export type ScheduleEntry = LynxEventKey;

export interface Person {
  bib: string;
  lastName: string;
  firstName: string;
  club: string | null;
}

/** A timetable line: what creates an event (marked Auto) before any result exists. */
export interface TimetableEntry {
  time: string | null;
  eventName: string;
  round: Round;
  eventType: EventType | null;
  trackDiscipline: TrackDiscipline | null;
  fieldDiscipline: FieldDiscipline | null;
}

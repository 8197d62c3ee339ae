import type { AthleteRow } from '../../../shared/schemas/athlete.ts';
import type { EventType, FieldDiscipline, Round, TrackDiscipline } from '../../../shared/domain.ts';

/**
 * A meet as the exchange formats carry it (Hy-Tek semicolon files, OpenTrack's competition
 * JSON, Rith's CSV): what an import reads into a competition and an export writes from one.
 * Every reader returns it and every writer takes it, so a format is one reader and one writer.
 */
export type ExchangeSource = 'hytek' | 'opentrack' | 'csv';

export interface ExchangeMeet {
  source: ExchangeSource;
  name: string | null;
  /** ISO dates (YYYY-MM-DD) where the file says. */
  date: string | null;
  finishDate: string | null;
  venue: string | null;
  events: ExchangeEvent[];
}

/**
 * A correction of published results, made after the club marked them final for the federation:
 * what an export carries beside the results, so a statistician sees what changed after.
 */
export interface ExchangeCorrection {
  /** When it was made (ISO 8601). */
  at: string;
  /** The event's key in the export (ExchangeEvent.key). */
  eventKey: string;
  eventName: string;
  round: Round;
  heat: number | null;
  /** One line per athlete: "Anna Byrne: 24.89 → 25.01, place 2 → 3". */
  changes: string[];
}

/** One heat, flight or round of an event: what Rith keeps as one event. */
export interface ExchangeEvent {
  /**
   * The same for the same race in the same file read again, and unique in the file: the
   * source's event id or number, its round and its heat ("T01|heats|2"). What a second import
   * finds its events by.
   */
  key: string;
  /** The source's event id or number ("T01", "289"), as written. */
  eventRef: string | null;
  /** The source's event code ("100", "60H", "LJ", "4x100"), which says the discipline. */
  code: string | null;
  /** The name as the meet wrote it, in its language ("J14 60 meter hekk"). */
  eventName: string;
  eventType: EventType;
  trackDiscipline: TrackDiscipline | null;
  fieldDiscipline: FieldDiscipline | null;
  /** Age group or division of the event ("G13", "5th grade"), where the file says. */
  category: string | null;
  /** 'M', 'F', 'X' (mixed) or null. */
  gender: 'M' | 'F' | 'X' | null;
  round: Round;
  /** 1-based heat, flight or section; null when the round is not split. */
  heat: number | null;
  /** Scheduled start on the venue's clock ("14:30"). */
  time: string | null;
  /** The race's wind as written, signed ("+1.3"); null when none. */
  wind: string | null;
  /** Null when the file says nothing of it (an entries file has no results). */
  startList: AthleteRow[] | null;
  results: AthleteRow[] | null;
  /** Whether the source called the results official; null when it does not say. */
  official: boolean | null;
}

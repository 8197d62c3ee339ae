/** What an official results PDF shows: made from the public results (server/exchange/). */
export interface ResultsPdf {
  competition: { name: string; club: string | null; date: string; venue: string | null }; // date already formatted for people, e.g. "Sat 28 November 2026" or a range
  /** When the document was made, on the venue's clock, formatted ("28 Nov 2026 14:32"). */
  madeAt: string;
  events: ResultsPdfEvent[];
}
export interface ResultsPdfEvent {
  /** "Women's 100m" */
  title: string;
  /** Round, heat and start: "Heats · Heat 2 of 3 · 14:30" (may be empty). */
  subtitle: string;
  /** 'Official' or 'Provisional' — printed prominently: a provisional sheet must not pass for official. */
  status: 'Official' | 'Provisional';
  /** When its results last changed, formatted: "Last change 14:32". */
  lastChange: string | null;
  /** The race's wind, "+1.3 m/s", or null. */
  wind: string | null;
  /** Field events print the trials column; vertical jumps print heights. */
  kind: 'track' | 'horizontal' | 'vertical';
  /** For vertical jumps: the bar heights, in order. */
  heights?: string[];
  rows: ResultsPdfRow[];
  /** Lines under the table: "MR: meeting record (previous 11.42, Aoife Murphy, 2019)", "Q: qualified by place, q: by time". */
  notes: string[];
}
export interface ResultsPdfRow {
  place: string; // "1", "" when unplaced
  bib: string;
  name: string;
  club: string;
  /** The mark as the results page shows it ("10.53", "6.41", "DNF"). */
  mark: string;
  /** The athlete's own wind (horizontal jumps, or a timed final's sections), "" when none. */
  wind: string;
  /** "Q", "q", "PB", "SB", "MR", "DQ"… space-separated, "" when none. */
  codes: string;
  /** Horizontal: the trials in order ("6.12", "X", "-"); vertical: one cell per height ("O", "XO", "XXX"). */
  trials?: (string | null)[];
}

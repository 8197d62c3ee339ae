/**
 * Understanding an athletics event's name, in English (US and Irish/UK usage), Polish,
 * German, French, Italian and Spanish: its round, heat or flight, who competes, and what
 * discipline it is. The one place for these rules: FinishLynx, spreadsheet and XML parsers
 * all read names through here. Plain functions, no Node APIs. Reading a name's round, heat,
 * who competes and family (read.ts, with fold.ts, match.ts and words.ts) is in
 * shared/eventNames/, because the browser reads names too (shared/meet/family.ts); telling
 * the discipline, the distance, contradictions and spreadsheet cells is the server's, here.
 */
export { familyName, readEventName, withoutFlight } from '../../shared/eventNames/read.ts';
export type { EventNameFacts } from '../../shared/eventNames/read.ts';
export { eventDiscipline, fieldDisciplineFromCode } from './discipline.ts';
export type { EventDiscipline } from './discipline.ts';
export { contradiction } from './contradiction.ts';
export { roundFromText, eventTypeFromText, disciplineFromText } from './cells.ts';
export type { Discipline } from './cells.ts';
export type { Gender, TrackKind } from '../../shared/eventNames/words.ts';

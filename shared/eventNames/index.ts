/**
 * Understanding an athletics event's name, in English (US and Irish/UK usage), Polish,
 * German, French, Italian and Spanish: its round, heat or flight, who competes, and what
 * discipline it is. The one place for these rules: FinishLynx, spreadsheet and XML parsers
 * all read names through here. Plain functions, no Node APIs: the browser imports shared/.
 */
export { familyName, readEventName, withoutFlight } from './read.ts';
export type { EventNameFacts } from './read.ts';
export { eventDiscipline, fieldDisciplineFromCode } from './discipline.ts';
export type { EventDiscipline } from './discipline.ts';
export { contradiction } from './contradiction.ts';
export { roundFromText, eventTypeFromText, disciplineFromText } from './cells.ts';
export type { Discipline } from './cells.ts';
export type { Gender, TrackKind } from './words.ts';

import type { EventRows } from '../../server/events/queries.ts';

/** An event as the athlete index reads it (listPublicEventRows), with what a test sets. */
export const eventRows = (id: string, fields: Partial<EventRows> = {}): EventRows => ({
  id,
  competitionUic: 1,
  eventName: `Event ${id}`,
  eventType: 'ATHLETICS',
  trackDiscipline: 'ONE_HUNDRED_METER',
  fieldDiscipline: null,
  round: 'finals',
  heat: null,
  heatCount: 1,
  time: '10:00',
  status: 'upcoming',
  runOrder: null,
  startedAt: null,
  resultsAt: null,
  startListFile: [],
  results: [],
  live: null,
  ...fields,
});

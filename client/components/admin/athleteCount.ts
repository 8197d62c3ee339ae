/**
 * Athletes in an event: its results once there are any, else its start list (an event
 * before its results still has its athletes). Counted per event, so an athlete entered in
 * two events counts twice: the admin statistic counts entries, not people.
 */
export function eventAthleteCount(event: {
  results: readonly unknown[];
  startListFile: readonly unknown[];
}): number {
  return event.results.length > 0 ? event.results.length : event.startListFile.length;
}

export function totalAthletes(
  events: readonly { results: readonly unknown[]; startListFile: readonly unknown[] }[],
): number {
  return events.reduce((sum, event) => sum + eventAthleteCount(event), 0);
}

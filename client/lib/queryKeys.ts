/**
 * The keys of the data cache the pages read from. Live updates write into the same
 * entries, so pages and pushes must agree on them: both take them from here.
 */
export const queryKeys = {
  clubs: ['clubs'] as const,
  competitions: ['competitions'] as const,
  competition: (uic: number) => ['competition', uic] as const,
  /** EventSummary[] of one competition's public events. */
  events: (competitionUic: number) => ['events', competitionUic] as const,
  /** PublicEvent, or null once the event is known not to exist (or not to be public). */
  event: (id: string) => ['event', id] as const,
};

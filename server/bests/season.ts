/** Words of a meet's name that say it is held indoors, in the languages Rith reads. */
const INDOOR =
  /\b(indoor|indoors|hala|halowe|halle|hallen|salle|in sala|pista cubierta|short track)\b/i;

/**
 * Whether a competition is run indoors, so its marks count for the indoor season: its name
 * says so, or it runs a 60 m (or 55 m) and no 100 m. A sprint programme is what tells an
 * indoor meet from an outdoor one where the name does not.
 */
export function isIndoor(competition: {
  competitionName: string;
  sprintsShort: unknown;
  sprintsLong: unknown;
}): boolean {
  if (INDOOR.test(competition.competitionName)) return true;
  return Boolean(competition.sprintsShort) && !competition.sprintsLong;
}

import type {
  AdminCompetition,
  CompetitionFormValues,
  CompetitionInput,
} from '../../../shared/schemas/admin.ts';

/**
 * The whole competition as PUT /api/admin/competitions/{uic} takes it: the quick toggles in
 * the table change one flag and send everything else back unchanged.
 */
export function competitionInputOf(competition: AdminCompetition): CompetitionInput {
  return {
    clubUic: competition.clubUic,
    competitionName: competition.competitionName,
    urlName: competition.urlName ?? '',
    date: competition.date ?? '',
    startTime: competition.startTime ?? '',
    location: competition.location ?? '',
    closeTime: competition.closeTime,
    description: competition.description,
    mapLink: competition.mapLink,
    facebook: competition.facebook,
    timedBy: competition.timedBy,
    timedByLink: competition.timedByLink,
    visible: competition.visible,
    liveNow: competition.liveNow,
    timeTableType: competition.timeTableType,
    timeTableFileName: competition.timeTableFileName,
    timeTableFile: competition.timeTableFile,
  };
}

/** What the form starts with: the competition being edited, or a new one for the club. */
export function competitionFormDefaults(
  competition: AdminCompetition | null,
  clubUic: number,
): CompetitionFormValues {
  if (!competition) {
    return {
      clubUic,
      competitionName: '',
      urlName: '',
      date: '',
      startTime: '',
      location: '',
      closeTime: '',
      description: '',
      mapLink: '',
      facebook: '',
      timedBy: '',
      timedByLink: '',
      visible: true,
      liveNow: false,
      timeTableType: 'NONE',
      timeTableFileName: null,
      timeTableFile: null,
    };
  }
  const input = competitionInputOf(competition);
  return {
    ...input,
    closeTime: input.closeTime ?? '',
    description: input.description ?? '',
    mapLink: input.mapLink ?? '',
    facebook: input.facebook ?? '',
    timedBy: input.timedBy ?? '',
    timedByLink: input.timedByLink ?? '',
  };
}

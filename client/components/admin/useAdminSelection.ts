import { useCallback, useState } from 'react';
import type { AdminClub, AdminCompetition } from '../../../shared/schemas/admin.ts';
import { readUic, storageKeys, writeItem } from '../../lib/storage.ts';
import { adminDefaultCompetition } from '../../../shared/adminDefaultCompetition.ts';
import { localIsoDate } from '../../../shared/competitionList.ts';

export interface AdminSelection {
  club: AdminClub | null;
  /** The selected club's competitions. */
  clubCompetitions: AdminCompetition[];
  competition: AdminCompetition | null;
  selectClub: (clubUic: number) => void;
  selectCompetition: (competition: AdminCompetition) => void;
}

/**
 * The club and competition the panel works on, remembered in local storage.
 * Without a remembered choice (or when it is no longer one of the user's) the panel opens on
 * the first club and its competition happening now, else the next or most recent published
 * one (shared/adminDefaultCompetition.ts).
 */
export function useAdminSelection(
  clubs: readonly AdminClub[],
  competitions: readonly AdminCompetition[],
): AdminSelection {
  const [clubUic, setClubUic] = useState(() => readUic(storageKeys.adminLastClub));
  const [competitionUic, setCompetitionUic] = useState(() =>
    readUic(storageKeys.adminLastCompetition),
  );

  const club = clubs.find((c) => c.uic === clubUic) ?? clubs[0] ?? null;
  const clubCompetitions = club ? competitions.filter((c) => c.clubUic === club.uic) : [];
  const competition =
    clubCompetitions.find((c) => c.uic === competitionUic) ??
    adminDefaultCompetition(clubCompetitions, localIsoDate(new Date()));

  const selectClub = useCallback((uic: number) => {
    setClubUic(uic);
    setCompetitionUic(null);
    writeItem(storageKeys.adminLastClub, String(uic));
  }, []);

  const selectCompetition = useCallback((next: AdminCompetition) => {
    setClubUic(next.clubUic);
    setCompetitionUic(next.uic);
    writeItem(storageKeys.adminLastClub, String(next.clubUic));
    writeItem(storageKeys.adminLastCompetition, String(next.uic));
  }, []);

  return { club, clubCompetitions, competition, selectClub, selectCompetition };
}

import { athleteRow } from '../../server/parsers/athleteRow.ts';
import type { AthleteRow } from '../../shared/schemas/athlete.ts';
import type { Club } from '../../shared/schemas/club.ts';
import type { Competition } from '../../shared/schemas/competition.ts';
import type { PublicEvent } from '../../shared/schemas/event.ts';

/**
 * Public payloads with every field of their schemas, for unit tests of code that receives
 * them (pushed changes, the data cache). Integration tests make real rows with factory.ts.
 */

export const club: Club = {
  uic: 7,
  urlName: 'harbour-ac',
  clubName: 'Harbour AC',
  visible: true,
  email: 'results@harbour.example.com',
  imageLink: null,
};

export function competition(extra: Partial<Competition> = {}): Competition {
  return {
    uic: 101,
    clubUic: club.uic,
    competitionName: 'Harbour Spring Open',
    urlName: 'harbour-spring-open',
    visible: true,
    imageLink: null,
    liveNow: true,
    location: 'Harbour Stadium',
    date: '2026-03-14',
    startTime: '09:00',
    closeTime: '17:30',
    description: 'Open meet for all ages.',
    mapLink: 'https://maps.example.com/harbour-stadium',
    facebook: null,
    timedBy: 'Harbour Timing',
    timedByLink: null,
    timeTableType: 'MANUAL',
    timeTableFileName: 'timetable.xlsx',
    eventCount: 3,
    version: 1,
    ...extra,
  };
}

/** An athlete row with a fixed id, of Harbour AC unless `fields` say otherwise. */
export function row(id: string, name: string, fields: Partial<AthleteRow> = {}): AthleteRow {
  return athleteRow({ id, name, club: 'Harbour AC', category: 'Senior', ...fields });
}

/** A men's 100 m with results and its start list, in `competition()`. */
export function publicEvent(extra: Partial<PublicEvent> = {}): PublicEvent {
  const competitionUic = extra.competitionUic ?? 101;
  return {
    id: '6b1f2c3d-4e5f-4a6b-8c7d-9e0f1a2b3c4d',
    competitionUic,
    eventName: "Men's 100m",
    time: '10:30',
    round: 'finals',
    heat: null,
    heatCount: 1,
    status: 'unofficial',
    visible: true,
    autoCreatedFromTimetable: false,
    eventType: 'ATHLETICS',
    trackDiscipline: 'ONE_HUNDRED_METER',
    fieldDiscipline: null,
    windSpeed: '+1.2',
    resultsFileName: '001-1-01.lif',
    resultsFileType: 'LYNX_MEET_MANAGMENT',
    startListFileName: '001-1-01.evt',
    startListType: 'LYNX_MEET_MANAGMENT',
    pdfLink: null,
    hasResults: false,
    hasStartList: true,
    shown: 'startList',
    startedAt: null,
    resultsAt: null,
    estimatedStart: '10:30',
    lateMinutes: 0,
    progress: null,
    runOrder: null,
    startListDrawn: false,
    correctedAt: null,
    progression: null,
    version: 1,
    results: [
      row('r1', 'Sam Carter', { rank: '1', bib: '12', performance: '10.48', lane: '4' }),
      row('r2', 'Lee Park', { rank: '2', bib: '31', performance: '10.61', lane: '5' }),
    ],
    live: null,
    overall: [],
    startListFile: [
      row('s1', 'Sam Carter', { bib: '12', lane: '4' }),
      row('s2', 'Lee Park', { bib: '31', lane: '5' }),
    ],
    competition: competition({ uic: competitionUic }),
    club,
    ...extra,
  };
}

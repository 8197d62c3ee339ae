import type { NewClub, NewCompetition } from '../../server/db/types.ts';
import {
  CLUB_PLAN,
  CUSTOM_PLAN,
  PERFORMANCE_PLAN,
  RECREATIONAL_PLAN,
  type PlanName,
} from '../../server/pricing/plans.ts';

/** The demo clubs, by a key the competitions refer to. */
export type ClubKey = 'dublin' | 'galway' | 'cork' | 'limerick';

export interface DemoClub {
  key: ClubKey;
  plan: PlanName;
  values: Omit<NewClub, 'packageId'>;
}

const ireland = { country: 'Ireland', countryCode: '+353' } as const;

export function demoClubs(): DemoClub[] {
  return [
    {
      key: 'dublin',
      plan: CLUB_PLAN,
      values: {
        clubName: 'Dublin City Harriers',
        urlName: 'dublin-city-harriers',
        visible: true,
        email: 'results@dublincityharriers.ie',
        imageLink: null,
        address: 'Morton Stadium, Santry Avenue',
        city: 'Dublin 9',
        state: 'Co. Dublin',
        zip: 'D09 X2C6',
        ...ireland,
        phone: '01 842 6741',
        managerName: 'Gráinne Brennan',
        facebook: 'https://www.facebook.com/dublincityharriers',
        otherHardware: null,
      },
    },
    {
      // On the free plan with all three of its competitions used: the limit is visible.
      key: 'galway',
      plan: RECREATIONAL_PLAN,
      values: {
        clubName: 'Galway Athletics Club',
        urlName: 'galway-ac',
        visible: true,
        email: 'secretary@galwayac.ie',
        imageLink: null,
        address: 'Dangan Sports Ground, Upper Newcastle',
        city: 'Galway',
        state: 'Co. Galway',
        zip: 'H91 TK33',
        ...ireland,
        phone: '091 524 411',
        managerName: 'Máirtín Ó Conghaile',
        facebook: 'https://www.facebook.com/galwayathleticsclub',
        otherHardware: null,
      },
    },
    {
      // No url name: its pages are reached through /?cid={uic}.
      key: 'cork',
      plan: PERFORMANCE_PLAN,
      values: {
        clubName: 'Cork Track Academy',
        urlName: null,
        visible: true,
        email: 'hello@corktrackacademy.ie',
        imageLink: null,
        address: 'Mardyke Arena, University College Cork',
        city: 'Cork',
        state: 'Co. Cork',
        zip: 'T12 YN60',
        ...ireland,
        phone: '021 490 4751',
        managerName: 'Donal Ó Riordáin',
        facebook: null,
        otherHardware: null,
      },
    },
    {
      // Hidden: neither the club nor its (visible) competition may ever show publicly.
      key: 'limerick',
      plan: CUSTOM_PLAN,
      values: {
        clubName: 'Limerick Sprint Project',
        urlName: 'limerick-sprint-project',
        visible: false,
        email: 'coach@limericksprint.ie',
        imageLink: null,
        address: 'University of Limerick Sports Arena',
        city: 'Limerick',
        state: 'Co. Limerick',
        zip: 'V94 T9PX',
        ...ireland,
        phone: '061 202 812',
        managerName: 'Aoibheann Hartigan',
        facebook: null,
        otherHardware: null,
      },
    },
  ];
}

/** The demo competitions, by a key the events refer to. */
export type CompetitionKey =
  | 'dublinCityOpen'
  | 'santrySprintSeries'
  | 'clubTimeTrial'
  | 'danganOpenMeet'
  | 'corkJuvenileOpenDay'
  | 'mardykeEveningMeet'
  | 'leinsterOpen'
  | 'galwayOpenSports'
  | 'munsterSprintsThrows'
  | 'irishtownTwilight'
  | 'connachtIndoorLeague'
  | 'dublinIndoorOpen'
  | 'santryGradedMeet'
  | 'abbotstownIndoorSprints'
  | 'dchClubChampionships'
  | 'limerickTimeTrials';

type CompetitionValues = Omit<NewCompetition, 'clubUic'>;

export interface DemoCompetition {
  key: CompetitionKey;
  club: ClubKey;
  values: CompetitionValues;
}

/** Where a map link leads: a Google Maps search for the venue. */
const mapLink = (venue: string) => `https://maps.google.com/?q=${encodeURIComponent(venue)}`;

const venues = {
  santry: 'Morton Stadium, Santry, Dublin 9',
  irishtown: 'Irishtown Stadium, Ringsend, Dublin 4',
  abbotstown: 'National Indoor Arena, Abbotstown, Dublin 15',
  dangan: 'Dangan Sports Ground, Galway',
  athlone: 'TUS Athlone International Arena, Athlone',
  mardyke: 'Mardyke Arena, UCC, Cork',
  ul: 'University of Limerick Sports Arena, Limerick',
} as const;

type Venue = keyof typeof venues;

const rithTiming = { timedBy: 'Rith Timing', timedByLink: 'https://rith.ie' } as const;

/** The fields every competition names, plus any others that differ from the defaults. */
type CompetitionFields = Pick<
  CompetitionValues,
  'competitionName' | 'urlName' | 'date' | 'startTime'
> &
  Partial<CompetitionValues>;

/** A visible, not-live competition at `venue` with a map link; `fields` sets the rest. */
function competition(venue: Venue, fields: CompetitionFields): CompetitionValues {
  return {
    visible: true,
    imageLink: null,
    liveNow: false,
    location: venues[venue],
    closeTime: null,
    description: null,
    mapLink: mapLink(venues[venue]),
    facebook: null,
    timedBy: null,
    timedByLink: null,
    timeTableType: 'NONE',
    timeTableFileName: null,
    ...fields,
  };
}

/**
 * `day(offset)` is the ISO date `offset` days from today, so "live now", "upcoming" and
 * "past" stay true whenever the seed runs. Fourteen competitions are public: five upcoming
 * (today included) and nine past, so the past tab of /competitions has two pages.
 */
export function demoCompetitions(day: (offset: number) => string): DemoCompetition[] {
  return [
    // Dublin City Harriers (Club plan)
    {
      key: 'dublinCityOpen',
      club: 'dublin',
      values: competition('santry', {
        competitionName: 'Dublin City Open',
        urlName: 'dublin-city-open',
        date: day(0),
        startTime: '10:00',
        liveNow: true,
        description:
          'Open graded meet for all ages at Morton Stadium. Sprints, middle distance, jumps and ' +
          'throws; relays close the day. Results appear here the moment the photo finish is read.',
        facebook: 'https://www.facebook.com/dublincityharriers',
        ...rithTiming,
        timeTableType: 'MANUAL',
        timeTableFileName: 'Dublin City Open timetable.xlsx',
      }),
    },
    {
      key: 'santrySprintSeries',
      club: 'dublin',
      values: competition('santry', {
        competitionName: 'Santry Sprint Series',
        urlName: 'santry-sprint-series',
        date: day(7),
        startTime: '6:30 pm',
        closeTime: '5:30 pm',
        description:
          'Evening sprint series: 100 m heats for every age group and a long jump pool. ' +
          'Entries close an hour before the first race.',
        ...rithTiming,
      }),
    },
    {
      // A visible club's hidden competition: the admin sees it, the public never does.
      key: 'clubTimeTrial',
      club: 'dublin',
      values: competition('santry', {
        competitionName: 'Club Time Trial (draft)',
        urlName: 'club-time-trial',
        date: day(14),
        startTime: '7:00 pm',
        visible: false,
        description: 'Members only. Not published yet.',
      }),
    },
    {
      key: 'leinsterOpen',
      club: 'dublin',
      values: competition('santry', {
        competitionName: 'Leinster Open Championships',
        urlName: 'leinster-open-championships',
        date: day(-10),
        startTime: '11:00',
        description: 'Senior and U20 championships, hosted by Dublin City Harriers.',
        facebook: 'https://www.facebook.com/dublincityharriers',
        ...rithTiming,
      }),
    },
    {
      key: 'irishtownTwilight',
      club: 'dublin',
      values: competition('irishtown', {
        competitionName: 'Irishtown Twilight Meet',
        urlName: 'irishtown-twilight-meet',
        date: day(-40),
        startTime: '6:00 pm',
        ...rithTiming,
      }),
    },
    {
      key: 'dublinIndoorOpen',
      club: 'dublin',
      values: competition('abbotstown', {
        competitionName: 'Dublin Indoor Open',
        urlName: 'dublin-indoor-open',
        date: day(-120),
        startTime: '10:30',
        ...rithTiming,
      }),
    },
    {
      key: 'santryGradedMeet',
      club: 'dublin',
      values: competition('santry', {
        competitionName: 'Santry Graded Meet',
        urlName: 'santry-graded-meet',
        date: day(-200),
        startTime: '11:00',
      }),
    },
    {
      key: 'abbotstownIndoorSprints',
      club: 'dublin',
      values: competition('abbotstown', {
        competitionName: 'Abbotstown Indoor Sprints',
        urlName: 'abbotstown-indoor-sprints',
        date: day(-300),
        startTime: '2:00 pm',
      }),
    },
    {
      key: 'dchClubChampionships',
      club: 'dublin',
      values: competition('santry', {
        competitionName: 'Dublin City Harriers Club Championships',
        urlName: 'club-championships',
        date: day(-400),
        startTime: '10:00',
      }),
    },

    // Galway Athletics Club (Recreational plan: exactly its three competitions)
    {
      key: 'danganOpenMeet',
      club: 'galway',
      values: competition('dangan', {
        competitionName: 'Dangan Open Meet',
        urlName: 'dangan-open-meet',
        date: day(21),
        startTime: '11:00',
        description: 'Open meet on the Dangan track. Juvenile events in the morning.',
        facebook: 'https://www.facebook.com/galwayathleticsclub',
      }),
    },
    {
      key: 'galwayOpenSports',
      club: 'galway',
      values: competition('dangan', {
        competitionName: 'Galway Open Sports',
        urlName: 'galway-open-sports',
        date: day(-17),
        startTime: '12:00',
      }),
    },
    {
      key: 'connachtIndoorLeague',
      club: 'galway',
      values: competition('athlone', {
        competitionName: 'Connacht Indoor League',
        urlName: 'connacht-indoor-league',
        date: day(-70),
        startTime: '10:00',
      }),
    },

    // Cork Track Academy (no club url name, so /?cid= links; one competition lacks one too)
    {
      key: 'mardykeEveningMeet',
      club: 'cork',
      values: competition('mardyke', {
        competitionName: 'Mardyke Evening Meet',
        urlName: null,
        date: day(45),
        startTime: '7:00 pm',
        description: 'Distance night: 5000 m races and a discus pool under the lights.',
      }),
    },
    {
      // No events uploaded yet.
      key: 'corkJuvenileOpenDay',
      club: 'cork',
      values: competition('mardyke', {
        competitionName: 'Cork Juvenile Open Day',
        urlName: 'juvenile-open-day',
        date: day(30),
        startTime: '10:00',
        description: 'Fun events for U9 to U13. Timetable to follow.',
      }),
    },
    {
      key: 'munsterSprintsThrows',
      club: 'cork',
      values: competition('mardyke', {
        competitionName: 'Munster Sprints & Throws',
        urlName: null,
        date: day(-24),
        startTime: '1:00 pm',
        ...rithTiming,
      }),
    },

    // Limerick Sprint Project (hidden club)
    {
      key: 'limerickTimeTrials',
      club: 'limerick',
      values: competition('ul', {
        competitionName: 'Limerick Time Trials',
        urlName: 'time-trials',
        date: day(-5),
        startTime: '6:00 pm',
      }),
    },
  ];
}

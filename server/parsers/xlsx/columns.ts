/**
 * The columns the spreadsheet parsers read, and every header text each one accepts. Headers
 * are compared after `normalizeHeader`: lower case, anything in brackets dropped ("Wind
 * (m/s)"), then everything but letters and digits ("First_Name", "Bib #", "Attempt 1").
 * The first name of each list is the one the templates write; the rest are the spellings of
 * meet-management exports (Hy-Tek, FinishLynx and OpenTrack style) and of hand-made sheets.
 */
export const columnSynonyms = {
  bib: ['bib', 'bibno', 'bibnumber', 'bibnum', 'number', 'num', 'compno', 'competitorno', 'id'],
  event: ['event', 'eventname', 'race', 'racename'],
  firstName: ['first name', 'firstname', 'first', 'forename', 'givenname', 'given'],
  lastName: ['last name', 'lastname', 'last', 'surname', 'familyname', 'family'],
  /** A whole name in one cell: "Usain Bolt", or "Bolt, Usain" which is turned around. */
  name: ['name', 'athlete', 'athletename', 'fullname', 'competitor', 'competitorname'],
  club: ['club', 'team', 'affiliation', 'aff', 'school', 'clubname', 'teamname', 'organisation'],
  category: ['category', 'cat', 'agegroup', 'ageclass', 'division', 'class'],
  lane: ['lane', 'ln', 'order', 'startorder'],
  rank: ['rank', 'place', 'pos', 'position', 'pl', 'plc', 'overallplace'],
  gender: ['gender', 'sex'],
  result: ['result', 'mark', 'time', 'performance', 'perf', 'finaltime', 'finishtime', 'finalmark'],
  reactionTime: ['reaction time', 'reactiontime', 'reaction', 'rt', 'react'],
  windspeed: ['windspeed', 'wind', 'ws'],
  points: ['points', 'pts', 'score'],
  licence: [
    'licence',
    'license',
    'licenceno',
    'licenseno',
    'licencenumber',
    'licensenumber',
    'registrationno',
    'registrationnumber',
    'regno',
    'federationid',
    'nationalid',
    'athleteid',
  ],
  pb: ['pb', 'personalbest', 'personalrecord', 'pr'],
  sb: ['sb', 'seasonbest', 'seasonrecord', 'sr'],
  best: ['best', 'bestmark', 'bestresult', 'bestattempt', 'bestperformance'],
  attempt1: ['attempt1', 'att1', 'trial1', 'jump1', 'throw1', 'try1'],
  attempt2: ['attempt2', 'att2', 'trial2', 'jump2', 'throw2', 'try2'],
  attempt3: ['attempt3', 'att3', 'trial3', 'jump3', 'throw3', 'try3'],
  attempt4: ['attempt4', 'att4', 'trial4', 'jump4', 'throw4', 'try4'],
  attempt5: ['attempt5', 'att5', 'trial5', 'jump5', 'throw5', 'try5'],
  attempt6: ['attempt6', 'att6', 'trial6', 'jump6', 'throw6', 'try6'],
  /** Timetable: the scheduled start time (a results sheet reads "time" as the result). */
  startTime: ['time', 'starttime', 'start', 'scheduledtime', 'schedule'],
  eventName: ['event name', 'eventname', 'event', 'race', 'racename', 'name', 'title'],
  round: ['round', 'rnd', 'stage', 'phase'],
  eventType: ['event type', 'eventtype', 'type', 'kind'],
  discipline: ['discipline', 'disciplinename', 'eventdiscipline'],
} as const;

export type ColumnKey = keyof typeof columnSynonyms;

export const attemptColumns = [
  'attempt1',
  'attempt2',
  'attempt3',
  'attempt4',
  'attempt5',
  'attempt6',
] as const satisfies readonly ColumnKey[];

export function normalizeHeader(text: string): string {
  return text
    .toLowerCase()
    .replace(/\([^)]*\)|\[[^\]]*\]/g, '')
    .replace(/[^\p{L}\p{N}]/gu, '');
}

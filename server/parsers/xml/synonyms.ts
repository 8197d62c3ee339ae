/**
 * The element and attribute names the XML parsers accept, compared case-insensitively and
 * without namespace prefixes, "-", "_" or "." ("First_Name", "first-name" and "FirstName"
 * all read as firstname). A value may be an attribute or a child element's text.
 * README.md "Import formats: XML" documents the shape with an example.
 */

/** Elements that hold one competitor (or relay team). A leaf of these names is a value. */
export const recordElements = [
  'competitor',
  'athlete',
  'result',
  'entry',
  'entrant',
  'participant',
  'team',
  'relayteam',
];

/** Elements that are one timetable line. */
export const timetableElements = ['event', 'race', 'session', 'scheduleitem', 'item', 'entry'];

/** Event-level values, read from the element holding the records or any ancestor of it. */
export const eventFields = {
  eventName: ['name', 'eventname', 'title', 'eventtitle', 'description'],
  round: ['round', 'roundname', 'phase', 'stage'],
  heat: ['heat', 'heatnumber', 'flight', 'section'],
  wind: ['wind', 'windspeed', 'windreading'],
  eventType: ['eventtype', 'type'],
  discipline: ['discipline'],
  time: ['time', 'starttime', 'start', 'scheduledtime'],
};

/** Competitor values. */
export const recordFields = {
  rank: ['place', 'rank', 'position', 'pos', 'pl'],
  bib: ['bib', 'id', 'number', 'bibnumber', 'no', 'competitornumber'],
  lane: ['lane', 'order', 'startorder'],
  firstName: ['firstname', 'first', 'givenname', 'forename'],
  lastName: ['lastname', 'last', 'surname', 'familyname'],
  name: ['name', 'fullname', 'athletename', 'teamname'],
  club: ['club', 'team', 'affiliation', 'school', 'clubname'],
  category: ['category', 'agegroup', 'division'],
  gender: ['gender', 'sex'],
  performance: ['time', 'result', 'mark', 'performance', 'finaltime'],
  reactionTime: ['reactiontime', 'reaction', 'rt'],
  windspeed: ['wind', 'windspeed'],
  points: ['points', 'score'],
  /** A result code (DNS, DNF, DQ...) written apart from the time. */
  status: ['status', 'code', 'resultcode'],
  best: ['best', 'bestmark'],
  /** attempt1 ... attempt6 as values, or repeated <attempt> children in order. */
  attempt: ['attempt', 'trial'],
};

export const normalizeName = (name: string) => name.toLowerCase().replace(/[-_.]/g, '');

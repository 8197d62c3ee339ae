import { randomUUID } from 'node:crypto';
import type { NewEvent } from '../../server/db/types.ts';
import type { AthleteRow } from '../../shared/schemas/athlete.ts';
import type {
  EventStatus,
  FieldDiscipline,
  FileType,
  Round,
  TrackDiscipline,
} from '../../shared/schemas/enums.ts';
import type { CompetitionKey } from './clubs.ts';
import {
  horizontalJumpResults,
  lynx,
  manual,
  raceResults,
  raceTime,
  relayResults,
  relayStartList,
  startList,
  throwResults,
  verticalJumpResults,
  type EntryLine,
  type FieldLine,
  type RaceLine,
} from './rows.ts';

/** An event ready to insert once its competition exists. */
export interface DemoEvent {
  values: Omit<NewEvent, 'competitionUic' | 'results' | 'startListFile'>;
  results: AthleteRow[];
  startList: AthleteRow[];
}

interface UploadedFile {
  fileName: string;
  type: FileType;
  rows: AthleteRow[];
}

const lynxFile = (fileName: string, rows: AthleteRow[]): UploadedFile => ({
  fileName,
  type: 'LYNX_MEET_MANAGMENT',
  rows,
});
const manualFile = (fileName: string, rows: AthleteRow[]): UploadedFile => ({
  fileName,
  type: 'MANUAL',
  rows,
});

type Discipline = Pick<NewEvent, 'eventType' | 'trackDiscipline' | 'fieldDiscipline'>;
/** Choosing one type's discipline clears the other's. */
const track = (discipline: TrackDiscipline): Discipline => ({
  eventType: 'ATHLETICS',
  trackDiscipline: discipline,
  fieldDiscipline: null,
});
const field = (discipline: FieldDiscipline): Discipline => ({
  eventType: 'JUMP',
  trackDiscipline: null,
  fieldDiscipline: discipline,
});

interface EventSpec {
  name: string;
  time: string;
  round: Round;
  status: EventStatus;
  discipline: Discipline;
  wind?: string | null;
  results?: UploadedFile;
  startList?: UploadedFile;
  autoCreatedFromTimetable?: boolean;
}

function event(spec: EventSpec): DemoEvent {
  const named = (rows: AthleteRow[] = []) => rows.map((row) => ({ ...row, eventName: spec.name }));
  return {
    values: {
      id: randomUUID(),
      eventName: spec.name,
      time: spec.time,
      round: spec.round,
      status: spec.status,
      visible: true,
      autoCreatedFromTimetable: spec.autoCreatedFromTimetable ?? false,
      ...spec.discipline,
      windSpeed: spec.wind ?? null,
      resultsFileName: spec.results?.fileName ?? null,
      resultsFileType: spec.results?.type ?? 'NONE',
      startListFileName: spec.startList?.fileName ?? null,
      startListType: spec.startList?.type ?? 'NONE',
      // No photo-finish PDFs are seeded.
      pdfFileId: null,
      pdfLink: null,
    },
    results: named(spec.results?.rows),
    startList: named(spec.startList?.rows),
  };
}

const DCH = 'Dublin City Harriers';
const GAC = 'Galway Athletics Club';
const CTA = 'Cork Track Academy';

/* ------------------------------------------------------------------------------------------ */
/* Dublin City Open: live today. Morning results are official, the 100 m final is            */
/* provisional, the afternoon has start lists, one event is scratched, one awaits editing.     */
/* ------------------------------------------------------------------------------------------ */

const men100Heat1: RaceLine[] = [
  ['1', '231', '4', 'Cian Ó Briain', DCH, '10.572', '0.143'],
  ['2', '415', '5', 'Darragh Keane', 'Clonliffe Harriers', '10.689', '0.151'],
  ['3', '318', '3', 'Oisín Fitzgerald', 'Leevale AC', '10.744', '0.162'],
  ['4', '262', '6', 'Tadhg Moran', 'Galway City Harriers', '10.901', '0.138'],
  ['5', '507', '2', 'Eoin Gallagher', 'Letterkenny AC', '11.023', '0.171'],
  ['6', '244', '7', 'Fionn Murray', DCH, '11.187', '0.155'],
  ['DNS', '389', '8', 'Ronan Delaney', 'Tullamore Harriers', null, null],
];

const men100Heat2: RaceLine[] = [
  ['1', '236', '5', 'Adam Nolan', DCH, '10.811', '0.139'],
  ['2', '602', '4', 'Kevin Mac Cárthaigh', CTA, '10.893', '0.147'],
  ['3', '447', '3', 'Ryan Flanagan', 'Raheny Shamrock AC', '10.958', '0.158'],
  ['4', '281', '6', 'Shane Kiernan', 'Mullingar Harriers', '11.064', '0.166'],
  ['5', '529', '2', 'Niall Hegarty', 'Crusaders AC', '11.232', '0.149'],
  ['6', '355', '7', 'Dylan Foley', 'Tralee Harriers', '11.409', '0.182'],
  // A false start: reaction under 0.100.
  ['DQ', '468', '8', 'Mark Costello', 'Athenry AC', null, '0.087'],
];

const men100FinalStartList: EntryLine[] = [
  ['1', '447', 'Ryan Flanagan', 'Raheny Shamrock AC', 'Senior'],
  ['2', '602', 'Kevin Mac Cárthaigh', CTA, 'Senior'],
  ['3', '318', 'Oisín Fitzgerald', 'Leevale AC', 'U20'],
  ['4', '231', 'Cian Ó Briain', DCH, 'Senior'],
  ['5', '415', 'Darragh Keane', 'Clonliffe Harriers', 'Senior'],
  ['6', '236', 'Adam Nolan', DCH, 'Senior'],
  ['7', '262', 'Tadhg Moran', 'Galway City Harriers', 'U20'],
  ['8', '281', 'Shane Kiernan', 'Mullingar Harriers', 'Senior'],
];

const men100FinalProvisional: RaceLine[] = [
  ['1', '231', '4', 'Cian Ó Briain', DCH, '10.418', '0.139'],
  ['2', '415', '5', 'Darragh Keane', 'Clonliffe Harriers', '10.502', '0.144'],
  ['3', '236', '6', 'Adam Nolan', DCH, '10.566', '0.141'],
  ['4', '318', '3', 'Oisín Fitzgerald', 'Leevale AC', '10.611', '0.160'],
  ['5', '602', '2', 'Kevin Mac Cárthaigh', CTA, '10.689', '0.150'],
  ['6', '262', '7', 'Tadhg Moran', 'Galway City Harriers', '10.790', '0.135'],
  ['7', '447', '1', 'Ryan Flanagan', 'Raheny Shamrock AC', '10.874', '0.163'],
  ['8', '281', '8', 'Shane Kiernan', 'Mullingar Harriers', '10.951', '0.171'],
];

const women1500: RaceLine[] = [
  ['1', '141', '3', 'Clodagh Hennessy', DCH, '4:21.305', null],
  ['2', '587', '5', 'Sorcha Gleeson', 'Ennis Track AC', '4:23.118', null],
  ['3', '533', '1', 'Muireann Daly', 'Tralee Harriers', '4:25.770', null],
  ['4', '163', '7', 'Aisling Whelan', GAC, '4:29.054', null],
  ['5', '171', '2', 'Méabh Lynch', 'Athenry AC', '4:31.612', null],
  ['6', '495', '8', 'Gráinne Nolan', 'Kilkenny City Harriers', '4:36.902', null],
  ['7', '512', '6', 'Ellen Quinn', 'Mullingar Harriers', '4:41.233', null],
  ['DNF', '301', '4', 'Laura Coughlan', 'Leevale AC', null, null],
  ['DNS', '556', '9', 'Hannah Duffy', 'Sligo AC', null, null],
];

const womenLongJumpEntries: EntryLine[] = [
  ['1', '118', 'Aoife Brennan', DCH, 'Senior'],
  ['2', '342', 'Saoirse Kinsella', 'Dundrum South Dublin AC', 'Senior'],
  ['3', '276', 'Niamh Ó Súilleabháin', 'Leevale AC', 'U20'],
  ['4', '154', 'Caoimhe Doyle', GAC, 'Senior'],
  ['5', '421', 'Ciara McEvoy', 'Raheny Shamrock AC', 'U20'],
  ['6', '388', 'Róisín Power', 'Waterford AC', 'Senior'],
  ['7', '127', 'Éabha Kavanagh', DCH, 'U18'],
  ['8', '463', 'Orla Byrne', 'Crusaders AC', 'Senior'],
];

/** Spreadsheet results: fouls written X, passes '-', a wind for every jump taken. */
// prettier-ignore
const womenLongJump = () =>
  horizontalJumpResults(
    [
      ['118', '1', 'Aoife Brennan', DCH, [['6.02', '+1.1'], ['X', '+0.6'], ['6.18', '+1.8'], ['-', null], ['6.11', '+0.4'], ['6.21', '+2.3']]],
      ['342', '2', 'Saoirse Kinsella', 'Dundrum South Dublin AC', [['5.84', '+0.9'], ['5.97', '+1.2'], ['X', '+1.5'], ['5.91', '+0.2'], ['6.04', '+1.6'], ['X', '+0.8']]],
      ['276', '3', 'Niamh Ó Súilleabháin', 'Leevale AC', [['X', '+1.0'], ['5.88', '+1.4'], ['5.95', '-0.3'], ['X', '+0.7'], ['5.79', '+1.1'], ['5.90', '+0.5']]],
      ['154', '4', 'Caoimhe Doyle', GAC, [['5.61', '+0.2'], ['5.72', '+1.9'], ['5.70', '+0.6'], ['X', '+1.3'], ['5.66', '-0.4'], ['5.74', '+0.9']]],
      ['421', '5', 'Ciara McEvoy', 'Raheny Shamrock AC', [['5.52', '+1.5'], ['X', '+0.8'], ['5.60', '+1.0'], ['5.58', '+0.3'], ['-', null], ['5.49', '+1.7']]],
      ['388', '6', 'Róisín Power', 'Waterford AC', [['5.33', '+0.7'], ['5.41', '+1.1'], ['5.38', '+2.1'], ['5.45', '+0.4'], ['5.29', '+1.0'], ['5.40', '+0.6']]],
      ['127', '7', 'Éabha Kavanagh', DCH, [['5.12', '+1.2'], ['5.27', '+0.5'], ['X', '+1.6'], ['5.19', '+0.9'], ['5.31', '+1.4'], ['5.22', '-0.2']]],
      ['463', '8', 'Orla Byrne', 'Crusaders AC', [['X', '+0.6'], ['X', '+1.1'], ['X', '+0.3'], ['-', null], ['X', '+1.2'], ['-', null]]],
    ],
    manual('F'),
  );

// prettier-ignore
const menHighJump = () =>
  verticalJumpResults(
    ['1.80', '1.85', '1.90', '1.95', '2.00', '2.05'],
    [
      ['1', '219', '3', 'Pádraig Mulcahy', DCH, ['-', 'O', 'O', 'XO', 'XXO', 'XXX']],
      ['2', '351', '1', 'Seán Kiely', 'Emerald AC', ['O', 'O', 'XO', 'O', 'XXX']],
      ['3', '436', '5', 'Liam Rafferty', "St. Laurence O'Toole AC", ['O', 'XO', 'O', 'XXO', 'XXX']],
      ['4', '158', '2', 'Aaron Cullinane', GAC, ['O', 'O', 'XXO', 'XXX']],
      ['5', '394', '4', 'Jack Dunphy', 'Waterford AC', ['XO', 'XXO', 'XXX']],
      [null, '289', '6', 'Cathal Geraghty', 'Tullamore Harriers', ['XXX']],
    ],
    manual('M'),
  );

const women200Entries: EntryLine[] = [
  ['1', '574', 'Lucy Hayes', 'Clonmel AC', 'U20'],
  ['2', '309', 'Amy Rooney', "Dundalk St. Gerard's AC", 'Senior'],
  ['3', '603', 'Niamh Cronin', CTA, 'Senior'],
  ['4', '217', 'Rachel Ní Mhurchú', DCH, 'Senior'],
  ['5', '358', 'Kate Fennelly', 'Kilkenny City Harriers', 'Senior'],
  ['6', '166', 'Sinéad Flaherty', GAC, 'U20'],
  ['7', '425', 'Molly Cunningham', 'Raheny Shamrock AC', 'U20'],
  ['8', '503', 'Jessica Kinsella', 'Letterkenny AC', 'Senior'],
];

const menShotPutEntries: EntryLine[] = [
  ['1', '212', 'Eoghan Maguire', DCH, 'Senior'],
  ['2', '177', 'Brian Fahy', GAC, 'Senior'],
  ['3', '322', 'Conall Ó Ceallaigh', 'Leevale AC', 'U20'],
  ['4', '284', 'Patrick Egan', 'Mullingar Harriers', 'Masters 40'],
  ['5', '172', 'Tomás Breathnach', 'Athenry AC', 'Senior'],
  ['6', '589', 'Gavin Moloney', 'Ennis Track AC', 'Senior'],
  ['7', '464', 'Declan Kirwan', 'Crusaders AC', 'Masters 45'],
];

const men4x100Teams: [string, string, string][] = [
  ['2', 'Raheny Shamrock AC', 'RSAC  A'],
  ['3', DCH, 'DCH  A'],
  ['4', 'Clonliffe Harriers', 'CLON  A'],
  ['5', 'Leevale AC', 'LEEV  A'],
  ['6', GAC, 'GAC  A'],
  ['7', DCH, 'DCH  B'],
];

function dublinCityOpenEvents(): DemoEvent[] {
  return [
    event({
      name: 'Men 100m Heat 1',
      time: '10:00',
      round: 'heats',
      status: 'official',
      discipline: track('ONE_HUNDRED_METER'),
      wind: '+1.3',
      results: lynxFile('002-1-01.lif', raceResults(men100Heat1, lynx)),
    }),
    event({
      name: 'Men 100m Heat 2',
      time: '10:08',
      round: 'heats',
      status: 'official',
      discipline: track('ONE_HUNDRED_METER'),
      wind: '-2.4',
      results: lynxFile('002-1-02.lif', raceResults(men100Heat2, lynx)),
    }),
    event({
      name: 'Women Long Jump',
      time: '10:30',
      round: 'finals',
      status: 'official',
      discipline: field('LONG_JUMP'),
      startList: manualFile('Women Long Jump start list.xlsx', startList(womenLongJumpEntries)),
      results: manualFile('Women Long Jump results.xlsx', womenLongJump()),
    }),
    event({
      name: 'Women 1500m',
      time: '11:15',
      round: 'finals',
      status: 'official',
      discipline: track('FIFTEEN_HUNDRED_METER'),
      results: lynxFile('005-1-01.lif', raceResults(women1500, lynx)),
    }),
    event({
      name: 'Men High Jump',
      time: '11:30',
      round: 'finals',
      status: 'official',
      discipline: field('HIGH_JUMP'),
      results: manualFile('Men High Jump results.xlsx', menHighJump()),
    }),
    event({
      // Provisional: the photo finish is read, the referee has not signed yet.
      name: 'Men 100m Final',
      time: '12:40',
      round: 'finals',
      status: 'unofficial',
      discipline: track('ONE_HUNDRED_METER'),
      wind: '+2.6',
      startList: lynxFile('lynx.evt', startList(men100FinalStartList)),
      results: lynxFile('Men 100m Final.xml', raceResults(men100FinalProvisional, lynx)),
    }),
    event({
      name: 'Women 200m',
      time: '1:15 pm',
      round: 'finals',
      status: 'upcoming',
      discipline: track('TWO_HUNDRED_METER'),
      startList: lynxFile('lynx.evt', startList(women200Entries)),
    }),
    event({
      name: 'Men Shot Put',
      time: '1:45 pm',
      round: 'finals',
      status: 'upcoming',
      discipline: field('SHOT_PUT'),
      startList: manualFile('Men Shot Put start list.xlsx', startList(menShotPutEntries)),
    }),
    event({
      name: 'Men 4x100m Relay',
      time: '2:15 pm',
      round: 'finals',
      status: 'upcoming',
      discipline: track('CUSTOM'),
      startList: lynxFile('lynx.evt', relayStartList(men4x100Teams, 'Senior')),
    }),
    event({
      name: 'Women 3000m Steeplechase',
      time: '2:45 pm',
      round: 'finals',
      status: 'scratched',
      discipline: track('THREE_K'),
    }),
    event({
      // Created from the timetable with a name it could not map: the admin must edit it.
      name: 'Masters 800m Handicap',
      time: '3:30 pm',
      round: 'unknown',
      status: 'imported',
      discipline: track('EIGHT_HUNDRED_METER'),
      autoCreatedFromTimetable: true,
    }),
  ];
}

/* ------------------------------------------------------------------------------------------ */
/* Leinster Open Championships: ten days ago, everything official.                            */
/* ------------------------------------------------------------------------------------------ */

// prettier-ignore
const menLongJump = () =>
  horizontalJumpResults(
    [
      ['245', '1', 'Evan Byrne', DCH, [['7.12', '+1.4'], ['F', '+0.9'], ['7.24', '+2.2'], ['7.19', '+1.1'], ['-', null], ['7.31', '+1.7']]],
      ['362', '2', 'Fiachra Devlin', 'Letterkenny AC', [['6.98', '+0.6'], ['7.05', '+1.3'], ['F', '+1.8'], ['7.11', '+0.2'], ['7.02', '-0.5'], ['F', '+1.0']]],
      ['518', '3', 'Cormac Hession', 'Athenry AC', [['F', '+1.5'], ['6.87', '+0.3'], ['6.94', '+1.0'], ['6.90', '+2.4'], ['F', '+0.8'], ['6.96', '+1.2']]],
      ['271', '4', 'Alan Mullins', GAC, [['6.71', '+0.9'], ['6.80', '+1.1'], ['6.66', '-0.2'], ['F', '+0.4'], ['6.78', '+1.6'], ['6.75', '+0.5']]],
      ['604', '5', 'Donnacha Leahy', CTA, [['6.55', '+1.0'], ['F', '+0.7'], ['6.62', '+1.9'], ['6.59', '+0.3'], ['6.48', '+1.2'], ['-', null]]],
      ['437', '6', 'Philip Egan', 'Crusaders AC', [['6.31', '+0.4'], ['6.42', '+1.5'], ['6.38', '+0.8'], ['6.45', '-1.1'], ['6.40', '+0.6'], ['6.36', '+1.3']]],
    ],
    lynx,
  );

// prettier-ignore
const womenHighJump = () =>
  verticalJumpResults(
    ['1.55', '1.60', '1.65', '1.70', '1.75', '1.78'],
    [
      ['1', '129', '4', 'Saoirse McHugh', DCH, ['-', 'O', 'O', 'XO', 'O', 'XXX']],
      ['2', '343', '2', 'Hazel Tuohy', 'Dundrum South Dublin AC', ['O', 'O', 'XO', 'XXO', 'XXX']],
      ['3', '167', '1', 'Áine Flaherty', GAC, ['O', 'XO', 'O', 'XXX']],
      ['4', '585', '5', 'Ruth Doherty', 'Ennis Track AC', ['XO', 'O', 'XXO', 'XXX']],
      ['5', '452', '3', 'Megan Daly', 'Kilkenny City Harriers', ['O', 'XXX']],
      [null, '608', '6', 'Clara Murphy', CTA, ['XXX']],
    ],
    lynx,
  );

// prettier-ignore
const womenJavelin = () =>
  throwResults(
    [
      ['221', '1', 'Deirdre Moynihan', DCH, ['42.18', 'X', '44.73', '43.05', '-', '45.12']],
      ['566', '2', 'Shauna Hogan', 'Ennis Track AC', ['40.55', '41.92', 'X', '43.60', '42.87', 'X']],
      ['174', '3', 'Orlaith Keane', GAC, ['38.20', 'X', '39.74', '40.11', '39.02', '41.38']],
      ['315', '4', 'Emer Dwyer', 'Tullamore Harriers', ['X', '36.94', '37.80', 'X', '38.45', '37.12']],
      ['628', '5', "Grace O'Leary", CTA, ['34.66', '35.21', 'X', '34.90', '-', '36.02']],
      ['409', '6', 'Chloe Farrell', 'Mullingar Harriers', ['31.48', 'X', '32.77', '33.05', '32.10', 'X']],
    ],
    manual('F'),
  );

function leinsterOpenEvents(): DemoEvent[] {
  return [
    event({
      name: 'Women 100m Heat 1',
      time: '11:00',
      round: 'heats',
      status: 'official',
      discipline: track('ONE_HUNDRED_METER'),
      wind: '+0.8',
      results: lynxFile(
        '001-1-01.lif',
        raceResults(
          [
            ['1', '204', '4', 'Emma Ní Chonaill', DCH, '11.892', '0.152'],
            ['2', '331', '5', 'Leah Moran', 'Dundrum South Dublin AC', '11.967', '0.147'],
            ['3', '512', '3', 'Rebecca Keogh', 'Tullamore Harriers', '12.104', '0.161'],
            ['4', '268', '6', 'Aoibhe Corcoran', GAC, '12.233', '0.170'],
            ['5', '447', '2', 'Katie Butler', 'Kilkenny City Harriers', '12.418', '0.158'],
            ['6', '389', '7', 'Ella Ryan', 'Limerick AC', '12.602', '0.183'],
          ],
          lynx,
        ),
      ),
    }),
    event({
      name: 'Women 100m Heat 2',
      time: '11:08',
      round: 'heats',
      status: 'official',
      discipline: track('ONE_HUNDRED_METER'),
      wind: '+1.9',
      results: lynxFile(
        '001-1-02.lif',
        raceResults(
          [
            ['1', '217', '4', 'Rachel Ní Mhurchú', DCH, '11.811', '0.141'],
            ['2', '603', '5', 'Niamh Cronin', CTA, '11.904', '0.149'],
            ['3', '358', '3', 'Kate Fennelly', 'Kilkenny City Harriers', '12.046', '0.156'],
            ['4', '425', '6', 'Molly Cunningham', 'Raheny Shamrock AC', '12.187', '0.163'],
            ['5', '574', '2', 'Lucy Hayes', 'Clonmel AC', '12.355', '0.172'],
            ['DNF', '309', '7', 'Amy Rooney', "Dundalk St. Gerard's AC", null, '0.151'],
          ],
          lynx,
        ),
      ),
    }),
    event({
      name: 'Men Long Jump',
      time: '11:30',
      round: 'finals',
      status: 'official',
      discipline: field('LONG_JUMP'),
      // FieldLynx: fouls written F.
      results: lynxFile('031-1-01.lff', menLongJump()),
    }),
    event({
      name: 'Men 200m',
      time: '12:00',
      round: 'finals',
      status: 'official',
      discipline: track('TWO_HUNDRED_METER'),
      wind: '+2.1',
      results: lynxFile(
        '002-1-01.lif',
        raceResults(
          [
            ['1', '231', '5', 'Cian Ó Briain', DCH, '21.304', '0.151'],
            ['2', '415', '4', 'Darragh Keane', 'Clonliffe Harriers', '21.488', '0.147'],
            ['3', '236', '6', 'Adam Nolan', DCH, '21.652', '0.139'],
            ['4', '602', '3', 'Kevin Mac Cárthaigh', CTA, '21.907', '0.158'],
            ['5', '447', '1', 'Ryan Flanagan', 'Raheny Shamrock AC', '22.115', '0.166'],
            ['6', '355', '7', 'Dylan Foley', 'Tralee Harriers', '22.430', '0.174'],
            ['7', '529', '2', 'Niall Hegarty', 'Crusaders AC', '22.681', '0.162'],
            ['DNS', '244', '8', 'Fionn Murray', DCH, null, null],
          ],
          lynx,
        ),
      ),
    }),
    event({
      name: 'Men 3000m Steeplechase',
      time: '12:30',
      round: 'finals',
      status: 'official',
      discipline: track('THREE_K'),
      results: lynxFile(
        '003-1-01.lif',
        raceResults(
          [
            ['1', '712', '5', 'Colm Dineen', 'Leevale AC', '9:12.447', null],
            ['2', '188', '3', 'Eoin Cassidy', DCH, '9:18.902', null],
            ['3', '651', '1', 'Kieran McGill', 'Letterkenny AC', '9:25.130', null],
            ['4', '279', '8', 'Peadar Ó Néill', GAC, '9:31.776', null],
            ['5', '433', '2', 'Rory Cahill', 'Clonliffe Harriers', '9:40.215', null],
            ['6', '560', '6', 'Tom Hurley', 'Tralee Harriers', '9:52.608', null],
            ['DNF', '302', '4', 'Luke Sheehan', 'Mullingar Harriers', null, null],
            ['DNS', '392', '7', 'Barry Tobin', 'Waterford AC', null, null],
          ],
          lynx,
        ),
      ),
    }),
    event({
      name: 'Women 4x100m Relay',
      time: '1:00 pm',
      round: 'finals',
      status: 'official',
      // No discipline for relays; FinishLynx reports the distance (400).
      discipline: track('CUSTOM'),
      results: lynxFile(
        '004-1-01.lif',
        relayResults([
          ['1', '4', DCH, 'DCH  A', '46.512'],
          ['2', '5', 'Dundrum South Dublin AC', 'DSD  A', '46.871'],
          ['3', '3', GAC, 'GAC  A', '47.604'],
          ['4', '6', CTA, 'CTA  A', '47.993'],
          ['5', '7', DCH, 'DCH  B', '49.218'],
          ['DQ', '2', 'Tullamore Harriers', 'TULL  A', null],
        ]),
      ),
    }),
    event({
      name: 'Women High Jump',
      time: '1:30 pm',
      round: 'finals',
      status: 'official',
      discipline: field('HIGH_JUMP'),
      results: lynxFile('035-1-01.lff', womenHighJump()),
    }),
    event({
      name: 'Women 100m Final',
      time: '2:10 pm',
      round: 'finals',
      status: 'official',
      discipline: track('ONE_HUNDRED_METER'),
      wind: '+1.4',
      results: lynxFile(
        '001-2-01.lif',
        raceResults(
          [
            ['1', '217', '4', 'Rachel Ní Mhurchú', DCH, '11.742', '0.138'],
            ['2', '204', '5', 'Emma Ní Chonaill', DCH, '11.786', '0.146'],
            ['3', '603', '6', 'Niamh Cronin', CTA, '11.871', '0.150'],
            ['4', '331', '3', 'Leah Moran', 'Dundrum South Dublin AC', '11.902', '0.144'],
            ['5', '358', '7', 'Kate Fennelly', 'Kilkenny City Harriers', '12.011', '0.159'],
            ['6', '512', '2', 'Rebecca Keogh', 'Tullamore Harriers', '12.087', '0.165'],
            ['7', '425', '8', 'Molly Cunningham', 'Raheny Shamrock AC', '12.150', '0.160'],
            ['8', '268', '1', 'Aoibhe Corcoran', GAC, '12.246', '0.172'],
          ],
          lynx,
        ),
      ),
    }),
    event({
      name: 'Women Javelin',
      time: '2:30 pm',
      round: 'finals',
      status: 'official',
      discipline: field('JAVELIN_THROW'),
      results: manualFile('Women Javelin results.xlsx', womenJavelin()),
    }),
    event({
      name: 'Men 800m',
      time: '3:00 pm',
      round: 'finals',
      status: 'official',
      discipline: track('EIGHT_HUNDRED_METER'),
      // Spreadsheet results: the code stands in the result column (NT is shown as DNS).
      results: manualFile(
        'Men 800m results.xlsx',
        raceResults(
          [
            ['1', '620', '3', 'Stephen Quinn', CTA, '1:52.384', null],
            ['2', '173', '5', 'Mícheál Ó Sé', DCH, '1:53.019', null],
            ['3', '441', '4', 'David Kenny', 'Raheny Shamrock AC', '1:54.662', null],
            ['4', '285', '6', 'Ciarán Walsh', GAC, '1:56.108', null],
            ['5', '509', '2', "Jack O'Connor", 'Ennis Track AC', '1:58.940', null],
            ['NT', '377', '7', 'Conor Kelleher', 'Leevale AC', null, null],
          ],
          manual('M'),
        ),
      ),
    }),
  ];
}

/* ------------------------------------------------------------------------------------------ */
/* Upcoming competitions: start lists published, results to come.                            */
/* ------------------------------------------------------------------------------------------ */

function santrySprintSeriesEvents(): DemoEvent[] {
  const file = 'Santry Sprint Series start lists.xlsx';
  return [
    event({
      name: 'Men 100m Heat 1',
      time: '6:30 pm',
      round: 'heats',
      status: 'upcoming',
      discipline: track('ONE_HUNDRED_METER'),
      startList: manualFile(
        file,
        startList([
          ['1', '511', 'Conor Brady', 'Clonliffe Harriers', 'U18'],
          ['2', '236', 'Adam Nolan', DCH, 'Senior'],
          ['3', '447', 'Ryan Flanagan', 'Raheny Shamrock AC', 'Senior'],
          ['4', '231', 'Cian Ó Briain', DCH, 'Senior'],
          ['5', '415', 'Darragh Keane', 'Clonliffe Harriers', 'Senior'],
          ['6', '529', 'Niall Hegarty', 'Crusaders AC', 'U20'],
          ['7', '283', 'Matthew Dolan', 'Mullingar Harriers', 'U18'],
          ['8', '244', 'Fionn Murray', DCH, 'U20'],
        ]),
      ),
    }),
    event({
      name: 'Women 100m Heat 1',
      time: '6:45 pm',
      round: 'heats',
      status: 'upcoming',
      discipline: track('ONE_HUNDRED_METER'),
      startList: manualFile(
        file,
        startList([
          ['2', '268', 'Aoibhe Corcoran', GAC, 'Senior'],
          ['3', '331', 'Leah Moran', 'Dundrum South Dublin AC', 'Senior'],
          ['4', '217', 'Rachel Ní Mhurchú', DCH, 'Senior'],
          ['5', '204', 'Emma Ní Chonaill', DCH, 'Senior'],
          ['6', '574', 'Lucy Hayes', 'Clonmel AC', 'U20'],
          ['7', '138', 'Zoe Kearney', DCH, 'U16'],
        ]),
      ),
    }),
    event({
      name: 'Men 400m',
      time: '7:15 pm',
      round: 'finals',
      status: 'upcoming',
      discipline: track('FOUR_HUNDRED_METER'),
    }),
    event({
      name: 'Women Long Jump',
      time: '7:30 pm',
      round: 'finals',
      status: 'upcoming',
      discipline: field('LONG_JUMP'),
      startList: manualFile(file, startList(womenLongJumpEntries.slice(0, 6))),
    }),
  ];
}

function danganOpenMeetEvents(): DemoEvent[] {
  return [
    event({
      name: 'Women 800m',
      time: '11:00',
      round: 'finals',
      status: 'upcoming',
      discipline: track('EIGHT_HUNDRED_METER'),
      startList: manualFile(
        'Dangan 800m start list.xlsx',
        startList([
          ['1', '163', 'Aisling Whelan', GAC, 'Senior'],
          ['2', '171', 'Méabh Lynch', 'Athenry AC', 'Senior'],
          ['3', '194', 'Nóra Ní Fhátharta', GAC, 'U18'],
          ['4', '141', 'Clodagh Hennessy', DCH, 'Senior'],
          ['5', '556', 'Hannah Duffy', 'Sligo AC', 'U20'],
          ['6', '598', 'Eimear Coyne', 'Carrick-on-Shannon AC', 'Senior'],
        ]),
      ),
    }),
    event({
      name: 'Men Triple Jump',
      time: '11:30',
      round: 'finals',
      status: 'upcoming',
      discipline: field('TRIPLE_JUMP'),
      startList: manualFile(
        'Dangan triple jump start list.xlsx',
        startList([
          ['1', '271', 'Alan Mullins', GAC, 'Senior'],
          ['2', '518', 'Cormac Hession', 'Athenry AC', 'Senior'],
          ['3', '362', 'Fiachra Devlin', 'Letterkenny AC', 'U20'],
          ['4', '199', 'Micheál Ó Flaithearta', GAC, 'U18'],
          ['5', '245', 'Evan Byrne', DCH, 'Senior'],
        ]),
      ),
    }),
    event({
      name: 'Men 1500m',
      time: '12:15',
      round: 'finals',
      status: 'upcoming',
      discipline: track('FIFTEEN_HUNDRED_METER'),
    }),
  ];
}

function mardykeEveningMeetEvents(): DemoEvent[] {
  const runners: [string, string, string][] = [
    ['712', 'Colm Dineen', 'Leevale AC'],
    ['620', 'Stephen Quinn', CTA],
    ['188', 'Eoin Cassidy', DCH],
    ['651', 'Kieran McGill', 'Letterkenny AC'],
    ['633', 'Diarmuid Ó Loingsigh', CTA],
    ['560', 'Tom Hurley', 'Tralee Harriers'],
    ['433', 'Rory Cahill', 'Clonliffe Harriers'],
    ['279', 'Peadar Ó Néill', GAC],
    ['641', 'Killian Barry', 'St. Finbarrs AC'],
    ['392', 'Barry Tobin', 'Waterford AC'],
  ];
  return [
    event({
      name: 'Men 5000m',
      time: '7:00 pm',
      round: 'finals',
      status: 'upcoming',
      discipline: track('FIVE_K'),
      // FinishLynx start list: the lane column is the start position.
      startList: lynxFile(
        'lynx.evt',
        startList(
          runners.map(([bib, name, club], index) => [String(index + 1), bib, name, club, 'Senior']),
        ),
      ),
    }),
    event({
      name: 'Women Discus',
      time: '7:30 pm',
      round: 'finals',
      status: 'upcoming',
      discipline: field('DISCUS_THROW'),
    }),
  ];
}

function clubTimeTrialEvents(): DemoEvent[] {
  return [
    event({
      name: 'Men 300m Time Trial',
      time: '7:00 pm',
      round: 'finals',
      status: 'upcoming',
      discipline: track('THREE_HUNDRED_METER'),
    }),
  ];
}

function limerickTimeTrialsEvents(): DemoEvent[] {
  return [
    event({
      name: 'Men 150m Time Trial',
      time: '6:00 pm',
      round: 'finals',
      status: 'official',
      discipline: track('CUSTOM'),
      wind: '+0.3',
      results: manualFile(
        'Time trials.xlsx',
        raceResults(
          [
            ['1', '801', '3', 'Eanna Hartigan', 'Limerick Sprint Project', '15.412', null],
            ['2', '802', '4', "Odhrán O'Dea", 'Limerick Sprint Project', '15.788', null],
            ['3', '803', '5', 'Cillian Mac Mathúna', 'Limerick Sprint Project', '16.035', null],
          ],
          manual('M', '+0.3'),
        ),
      ),
    }),
  ];
}

/* ------------------------------------------------------------------------------------------ */
/* Older meets: a sprint, an 800 m and a shot put each, drawn from a pool of athletes.        */
/* ------------------------------------------------------------------------------------------ */

const sprinters: [string, string][] = [
  ['Cian Ó Briain', DCH],
  ['Darragh Keane', 'Clonliffe Harriers'],
  ['Oisín Fitzgerald', 'Leevale AC'],
  ['Adam Nolan', DCH],
  ['Kevin Mac Cárthaigh', CTA],
  ['Tadhg Moran', 'Galway City Harriers'],
  ['Ryan Flanagan', 'Raheny Shamrock AC'],
  ['Shane Kiernan', 'Mullingar Harriers'],
  ['Eoin Gallagher', 'Letterkenny AC'],
  ['Niall Hegarty', 'Crusaders AC'],
];

const middleDistance: [string, string][] = [
  ['Clodagh Hennessy', DCH],
  ['Sorcha Gleeson', 'Ennis Track AC'],
  ['Muireann Daly', 'Tralee Harriers'],
  ['Aisling Whelan', GAC],
  ['Méabh Lynch', 'Athenry AC'],
  ['Gráinne Nolan', 'Kilkenny City Harriers'],
  ['Ellen Quinn', 'Mullingar Harriers'],
  ['Nóra Ní Fhátharta', GAC],
  ['Eimear Coyne', 'Carrick-on-Shannon AC'],
];

const throwers: [string, string][] = [
  ['Eoghan Maguire', DCH],
  ['Brian Fahy', GAC],
  ['Conall Ó Ceallaigh', 'Leevale AC'],
  ['Patrick Egan', 'Mullingar Harriers'],
  ['Tomás Breathnach', 'Athenry AC'],
  ['Gavin Moloney', 'Ennis Track AC'],
  ['Declan Kirwan', 'Crusaders AC'],
];

/** `count` athletes of a pool, starting at `offset` and wrapping round. */
function pick<T>(pool: readonly T[], offset: number, count: number): T[] {
  return Array.from({ length: count }, (_, index) => pool[(offset + index) % pool.length] as T);
}

/** A repeatable pseudo-random sequence in [0, 1) (mulberry32): the same demo data every run. */
export function randomSequence(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

/** `count` ascending values from `first`, each gap between half and one and a half `step`. */
function ascending(random: () => number, first: number, step: number, count: number): number[] {
  const values = [first];
  while (values.length < count) values.push((values.at(-1) ?? first) + step * (0.5 + random()));
  return values;
}

interface OlderMeet {
  seed: number;
  indoor: boolean;
  /** Outdoor sprint wind. */
  wind: string | null;
}

function olderMeetEvents({ seed, indoor, wind }: OlderMeet): DemoEvent[] {
  const random = randomSequence(seed);
  const bib = (from: number) => String(from + Math.floor(random() * 400));

  const sprint = indoor
    ? { name: 'Men 60m', discipline: track('SIXTY_METER'), first: 6.88, step: 0.05 }
    : { name: 'Men 100m', discipline: track('ONE_HUNDRED_METER'), first: 10.58, step: 0.09 };
  const sprintTimes = ascending(random, sprint.first + random() * 0.1, sprint.step, 6);
  const sprintLines = pick(sprinters, seed, 6).map(([name, club], index): RaceLine => [
    String(index + 1),
    bib(200),
    String(index + 2),
    name,
    club,
    raceTime(sprintTimes[index] ?? 0),
    (0.125 + random() * 0.05).toFixed(3),
  ]);

  const eightTimes = ascending(random, 128.4 + random() * 2, 1.5, 7);
  const eightLines = pick(middleDistance, seed, 7).map(([name, club], index): RaceLine => [
    String(index + 1),
    bib(100),
    String(index + 1),
    name,
    club,
    raceTime(eightTimes[index] ?? 0),
    null,
  ]);

  const bests = ascending(random, 0, 0.55, 6).map((behind) => 14.6 - random() * 0.3 - behind);
  const throwLines = pick(throwers, seed, 6).map(([name, club], index): FieldLine<string[]> => {
    const best = bests[index] ?? 0;
    const series = Array.from({ length: 6 }, () =>
      random() < 0.2 ? 'X' : (best - 0.05 - random() * 0.6).toFixed(2),
    );
    series[Math.floor(random() * 6)] = best.toFixed(2);
    return [bib(100), String(index + 1), name, club, series];
  });

  return [
    event({
      name: `${sprint.name} Final`,
      time: indoor ? '10:40' : '2:10 pm',
      round: 'finals',
      status: 'official',
      discipline: sprint.discipline,
      wind: indoor ? null : wind,
      results: lynxFile('001-1-01.lif', raceResults(sprintLines, lynx)),
    }),
    event({
      name: 'Women 800m',
      time: indoor ? '11:20' : '2:40 pm',
      round: 'finals',
      status: 'official',
      discipline: track('EIGHT_HUNDRED_METER'),
      results: lynxFile('002-1-01.lif', raceResults(eightLines, lynx)),
    }),
    event({
      name: 'Men Shot Put',
      time: indoor ? '12:00' : '3:00 pm',
      round: 'finals',
      status: 'official',
      discipline: field('SHOT_PUT'),
      results: manualFile('Men Shot Put results.xlsx', throwResults(throwLines, manual('M'))),
    }),
  ];
}

/** Every competition's events; a competition missing here has none (Cork Juvenile Open Day). */
export function demoEvents(): Partial<Record<CompetitionKey, DemoEvent[]>> {
  return {
    dublinCityOpen: dublinCityOpenEvents(),
    leinsterOpen: leinsterOpenEvents(),
    santrySprintSeries: santrySprintSeriesEvents(),
    danganOpenMeet: danganOpenMeetEvents(),
    mardykeEveningMeet: mardykeEveningMeetEvents(),
    clubTimeTrial: clubTimeTrialEvents(),
    limerickTimeTrials: limerickTimeTrialsEvents(),
    galwayOpenSports: olderMeetEvents({ seed: 1, indoor: false, wind: '+0.4' }),
    munsterSprintsThrows: olderMeetEvents({ seed: 2, indoor: false, wind: '-1.1' }),
    irishtownTwilight: olderMeetEvents({ seed: 3, indoor: false, wind: '+1.8' }),
    connachtIndoorLeague: olderMeetEvents({ seed: 4, indoor: true, wind: null }),
    dublinIndoorOpen: olderMeetEvents({ seed: 5, indoor: true, wind: null }),
    santryGradedMeet: olderMeetEvents({ seed: 6, indoor: false, wind: '-0.7' }),
    abbotstownIndoorSprints: olderMeetEvents({ seed: 7, indoor: true, wind: null }),
    dchClubChampionships: olderMeetEvents({ seed: 8, indoor: false, wind: '+0.9' }),
  };
}

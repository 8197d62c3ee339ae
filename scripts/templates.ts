// Writes the downloadable spreadsheet templates into client/public/templates/, which
// Vite serves at /templates/…:  npx tsx scripts/templates.ts
// Each has exactly the header row the spreadsheet parsers look for (formats README,
// "Spreadsheets (XLSX)") and one example row. The output is byte-for-byte reproducible, so
// re-running it leaves the committed files unchanged.
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import * as XLSX from 'xlsx';
import { readCsv, writeCsv } from '../server/parsers/exchange/csv.ts';

type Cell = string | number | null;

interface Template {
  file: string;
  sheet: string;
  header: string[];
  example: Cell[];
}

const resultColumns = [
  'bib',
  'rank',
  'lane',
  'first name',
  'last name',
  'club',
  'gender',
  'result',
  'reaction time',
  'windspeed',
];

// Times, marks and winds are text: a number cell would drop "+" and trailing zeros.
export const templates: Template[] = [
  {
    file: 'manualTimeTable.xlsx',
    sheet: 'Timetable',
    header: ['time', 'event name', 'round', 'event type', 'discipline'],
    example: ['14:30', 'Women 100m', 'heats', 'track', '100m'],
  },
  {
    file: 'manualStartList.xlsx',
    sheet: 'Start list',
    header: [
      'bib',
      'event',
      'first name',
      'last name',
      'club',
      'category',
      'lane',
      'licence',
      'pb',
      'sb',
    ],
    example: [
      101,
      'Women 100m',
      'Aoife',
      'Murphy',
      'Dublin City Harriers',
      'Senior',
      4,
      'IRL-10234',
      '11.62',
      '11.80',
    ],
  },
  {
    file: 'manualRecords.xlsx',
    sheet: 'Records',
    header: ['type', 'event', 'gender', 'mark', 'holder', 'date', 'club wide'],
    example: ['MR', 'Women 100m', 'F', '11.42', 'Aoife Murphy', '2019', 'no'],
  },
  {
    file: 'manualTrackEventResults.xlsx',
    sheet: 'Results',
    header: resultColumns,
    example: [101, 1, 4, 'Aoife', 'Murphy', 'Dublin City Harriers', 'F', '11.87', '0.152', '+1.2'],
  },
  {
    file: 'manualFieldEventResults.xlsx',
    sheet: 'Results',
    header: [
      ...resultColumns,
      'attempt1',
      'attempt2',
      'attempt3',
      'attempt4',
      'attempt5',
      'attempt6',
      'best',
    ],
    example: [
      205,
      1,
      3,
      'Niamh',
      'Kelly',
      'Galway City Harriers',
      'F',
      '6.12',
      null,
      '+1.1',
      '5.98',
      'X',
      '6.12',
      '6.05',
      '-',
      '6.10',
      '6.12',
    ],
  },
];

/** A fixed date in the document properties keeps the bytes the same from run to run. */
const FIXED_DATE = new Date(Date.UTC(2026, 0, 1));

export function templateBytes(template: Template): Uint8Array {
  const sheet = XLSX.utils.aoa_to_sheet([template.header, template.example]);
  sheet['!cols'] = template.header.map((name) => ({ wch: Math.max(10, name.length + 2) }));
  const book = XLSX.utils.book_new();
  XLSX.utils.book_append_sheet(book, sheet, template.sheet);
  book.Props = { Title: template.file, CreatedDate: FIXED_DATE, ModifiedDate: FIXED_DATE };
  // type 'array' gives an ArrayBuffer.
  return new Uint8Array(
    XLSX.write(book, { type: 'array', bookType: 'xlsx', compression: true }) as ArrayBuffer,
  );
}

/**
 * Rith's CSV for meets in and out (server/parsers/exchange/csv/): what its export writes, so
 * the example is an entry the import reads as one. One entry to a 100 m heat.
 */
export const ENTRIES_CSV = 'rithEntries.csv';
export function entriesCsv(): string {
  const example = readCsv(
    [
      'event,event code,round,heat,time,bib,first name,last name,club,category,gender,licence,lane,pb,sb',
      'Women 100m,100,heats,1,14:30,101,Aoife,Murphy,Dublin City Harriers,Senior,F,IRL-10234,4,11.62,11.80',
    ].join('\n'),
    ENTRIES_CSV,
  );
  if (!example.ok) throw new Error(example.error.reason);
  return writeCsv(example.value);
}

function main() {
  const out = join(dirname(fileURLToPath(import.meta.url)), '..', 'client', 'public', 'templates');
  mkdirSync(out, { recursive: true });
  for (const template of templates) {
    writeFileSync(join(out, template.file), templateBytes(template));
    console.log(`wrote client/public/templates/${template.file}`);
  }
  writeFileSync(join(out, ENTRIES_CSV), entriesCsv());
  console.log(`wrote client/public/templates/${ENTRIES_CSV}`);
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) main();

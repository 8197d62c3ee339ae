import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import {
  parseFieldResultsXlsx,
  parseStartListXlsx,
  parseTimetableXlsx,
  parseTrackResultsXlsx,
  readFirstSheet,
} from '../../../server/parsers/xlsx/index.ts';
import { ENTRIES_CSV, entriesCsv, templateBytes, templates } from '../../../scripts/templates.ts';
import { parseExchange } from '../../../server/parsers/exchange/index.ts';
import { recordsFromSheet } from '../../../shared/records/sheet.ts';

const template = (file: string) =>
  new Uint8Array(
    readFileSync(new URL(`../../../client/public/templates/${file}`, import.meta.url)),
  );

describe('the downloadable templates', () => {
  it('are what scripts/templates.ts writes (run it after changing the templates)', () => {
    for (const entry of templates) {
      expect(Buffer.from(template(entry.file)).equals(Buffer.from(templateBytes(entry)))).toBe(
        true,
      );
    }
  });

  it("include Rith's CSV for imports, read back as one entry with its seeds", () => {
    const bytes = template(ENTRIES_CSV);
    expect(new TextDecoder().decode(bytes)).toBe(entriesCsv());
    const read = parseExchange(bytes, ENTRIES_CSV);
    expect(read.ok && read.value.events.map((e) => [e.eventName, e.round, e.results])).toEqual([
      ['Women 100m', 'heats', null],
    ]);
    expect(read.ok && read.value.events[0]?.startList?.[0]).toMatchObject({
      name: 'Aoife Murphy',
      licence: 'IRL-10234',
      pb: '11.62',
      sb: '11.80',
    });
  });

  it('have exactly the import headers and one example row', () => {
    const sheet = readFirstSheet(template('manualStartList.xlsx'), 'manualStartList.xlsx');
    expect(sheet).toEqual({
      ok: true,
      warnings: [],
      value: [
        [
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
        [
          '101',
          'Women 100m',
          'Aoife',
          'Murphy',
          'Dublin City Harriers',
          'Senior',
          '4',
          'IRL-10234',
          '11.62',
          '11.80',
        ],
      ],
    });
  });

  it('parse: start list', () => {
    const result = parseStartListXlsx(template('manualStartList.xlsx'), 'manualStartList.xlsx');
    if (!result.ok) throw new Error(result.error.reason);
    expect(result.value).toMatchObject({
      key: null,
      eventName: 'Women 100m',
      eventType: 'ATHLETICS',
      trackDiscipline: 'ONE_HUNDRED_METER',
      round: 'unknown',
    });
    expect(result.value.rows).toEqual([
      {
        id: 'manualStartList.xlsx:2',
        rank: null,
        bib: '101',
        name: 'Aoife Murphy',
        eventName: 'Women 100m',
        club: 'Dublin City Harriers',
        category: 'Senior',
        performance: null,
        points: null,
        lane: '4',
        pdfUrl: null,
        licence: 'IRL-10234',
        pb: '11.62',
        sb: '11.80',
      },
    ]);
  });

  it('parse: track results', () => {
    const result = parseTrackResultsXlsx(
      template('manualTrackEventResults.xlsx'),
      'manualTrackEventResults.xlsx',
    );
    if (!result.ok) throw new Error(result.error.reason);
    expect(result.value.eventType).toBe('ATHLETICS');
    expect(result.value.wind).toBe('+1.2');
    expect(result.value.rows[0]).toMatchObject({
      rank: '1',
      bib: '101',
      lane: '4',
      name: 'Aoife Murphy',
      performance: '11.87',
      gender: 'F',
      reactionTime: '0.152',
      windspeed: '+1.2',
    });
  });

  it('parse: field results', () => {
    const result = parseFieldResultsXlsx(
      template('manualFieldEventResults.xlsx'),
      'manualFieldEventResults.xlsx',
    );
    if (!result.ok) throw new Error(result.error.reason);
    expect(result.value.eventType).toBe('JUMP');
    expect(result.value.wind).toBeNull();
    expect(result.value.rows[0]).toMatchObject({
      bib: '205',
      name: 'Niamh Kelly',
      attempts: ['5.98', 'X', '6.12', '6.05', '-', '6.10'],
      best: '6.12',
      performance: '6.12',
      windspeed: '+1.1',
      reactionTime: null,
    });
  });

  it('parse: timetable', () => {
    expect(parseTimetableXlsx(template('manualTimeTable.xlsx'), 'manualTimeTable.xlsx')).toEqual({
      ok: true,
      warnings: [],
      value: [
        {
          time: '14:30',
          eventName: 'Women 100m',
          round: 'heats',
          eventType: 'ATHLETICS',
          trackDiscipline: 'ONE_HUNDRED_METER',
          fieldDiscipline: null,
        },
      ],
    });
  });

  it('parse the same way twice (row ids are not random)', () => {
    const bytes = template('manualTrackEventResults.xlsx');
    expect(parseTrackResultsXlsx(bytes, 'a.xlsx')).toEqual(parseTrackResultsXlsx(bytes, 'a.xlsx'));
  });

  it('parse: records, as the console reads them in the browser', () => {
    const sheet = readFirstSheet(template('manualRecords.xlsx'), 'manualRecords.xlsx');
    if (!sheet.ok) throw new Error(sheet.error.reason);
    expect(recordsFromSheet(sheet.value)).toEqual({
      ok: true,
      records: [
        {
          type: 'MR',
          eventName: 'Women 100m',
          gender: 'F',
          mark: '11.42',
          holder: 'Aoife Murphy',
          date: '2019',
          clubWide: false,
        },
      ],
    });
  });
});

import { parseRaceTime } from '../../../shared/athletics/raceTime.ts';
import { normalizeResultCode } from '../../../shared/athletics/resultCode.ts';
import type { AthleteRow } from '../../../shared/schemas/athlete.ts';
import type { CsvLine } from '../../../shared/parsers/text.ts';
import type { ParsedEvent, ParseResult } from '../types.ts';
import { Cells, noneIfZero } from './cells.ts';
import { guard, reject } from './failure.ts';
import { readEventHeader } from './header.ts';
import { checkedRows, entrant, lynxRow } from './rows.ts';
import { readLynxLines } from './source.ts';
import { fileRowCapRefusal } from '../../../shared/rowCap.ts';

/** A result line of a .lif; lynx.evt entrants share its layout after an empty first column. */
export const lifColumns = [
  'place',
  'ID',
  'lane',
  'last name',
  'first name',
  'affiliation',
  'time',
  'license',
  'delta',
  'reaction time',
  'splits',
  'time-trial start',
  'user 1',
] as const;
type LifColumn = (typeof lifColumns)[number];

const DECIMAL = /^[+-]?(\d+\.?\d*|\.\d+)$/;

/** Track results of one heat: FinishLynx's .lif. */
export function parseLif(bytes: Uint8Array, fileName: string): ParseResult<ParsedEvent> {
  return guard(fileName, (warn) => {
    const [header, ...lines] = readLynxLines(bytes, warn);
    if (!header) return reject('the file is empty: no event header');
    const event = readEventHeader(header, false, warn);
    const tooMany = fileRowCapRefusal(event, lines.length);
    if (tooMany !== null) reject(tooMany);
    const rows = lines.map((line) => readResult(line, fileName, event.eventName));
    return {
      ...event,
      rows: checkedRows(
        rows,
        lines.map((line) => line.line),
      ),
    };
  });
}

/**
 * Place is digits, a result code or blank. A placed athlete must have a time, which is what
 * tells a start list or a second header apart from results. The performance is the time as
 * written; a DNS/DNF row without one carries its code so the row still says something.
 */
function readResult(line: CsvLine, file: string, eventName: string): AthleteRow {
  const cells = new Cells<LifColumn>(line, lifColumns);
  const place = cells.get('place');
  const placeCode = normalizeResultCode(place);
  if (place !== '' && !placeCode && !/^\d+$/.test(place)) {
    cells.reject('place', 'a place or DNS, DNF, DQ');
  }
  const time = cells.get('time');
  const timeCode = normalizeResultCode(time);
  if (time !== '' && !timeCode && parseRaceTime(time) === null) cells.reject('time', 'a time');
  if (time === '' && /^\d+$/.test(place)) {
    reject(`place ${place} has no time in column time`, line.line, 'time');
  }
  const reaction = cells.optional('reaction time');
  if (reaction !== null && !DECIMAL.test(reaction)) {
    cells.reject('reaction time', 'a reaction time');
  }
  const user1 = cells.get('user 1').toUpperCase();
  // The federation licence joins the athlete up across competitions (shared/athletes/person.ts).
  const licence = cells.optional('license');
  return lynxRow(file, line.line, {
    ...(licence !== null ? { licence } : {}),
    rank: placeCode ?? (place || null),
    bib: noneIfZero(cells.optional('ID')),
    lane: noneIfZero(cells.optional('lane')),
    ...entrant(cells.get('first name'), cells.get('last name'), cells.optional('affiliation')),
    eventName,
    performance: timeCode ?? (time || placeCode),
    reactionTime: reaction,
    gender: user1 === 'M' || user1 === 'F' ? user1 : null,
  });
}

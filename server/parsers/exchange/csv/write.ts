import type { AthleteRow } from '../../../../shared/schemas/athlete.ts';
import { codeOfEvent } from '../codes.ts';
import type { ExchangeCorrection, ExchangeEvent, ExchangeMeet } from '../model.ts';
import { CSV_COLUMNS } from './columns.ts';
import { quoted } from './records.ts';

/**
 * The template written: one line per athlete per event in CSV_COLUMNS order, quoted where
 * needed and guarded against spreadsheet formulas; trailing attempts without a trial left off.
 */

function splitName(name: string): [string, string] {
  const words = name.trim().split(/\s+/);
  return words.length < 2
    ? [words[0] ?? '', '']
    : [words.slice(0, -1).join(' '), words.at(-1) ?? ''];
}

function cellsOf(event: ExchangeEvent, row: AthleteRow | null): string[] {
  const attempts = [...(row?.attempts ?? [])];
  while (attempts.length > 0 && attempts.at(-1) === null) attempts.pop();
  const [first, last] = row ? splitName(row.name) : ['', ''];
  const wind = row?.windspeed ?? (event.eventType === 'ATHLETICS' ? event.wind : null);
  const values = [
    event.eventName, event.code ?? codeOfEvent(event), event.round === 'unknown' ? '' : event.round,
    event.heat === null ? '' : String(event.heat), event.time,
    wind, event.official === null ? '' : event.official ? 'official' : 'unofficial',
    row?.rank, row?.bib, first, last, row?.club, row?.category, row?.gender, row?.licence,
    row?.lane, row?.performance, row?.points, row?.pb, row?.sb,
    attempts.map((cell) => cell ?? '.').join(' '), (row?.heights ?? []).join(' '),
  ]; // prettier-ignore
  return values.map((value) => quoted(value ?? ''));
}

/**
 * The corrections of one athlete's row ("2025-06-12: 24.89 → 25.01, place 2 → 3"), from the
 * lines naming them ("Anna Byrne: 24.89 → 25.01, place 2 → 3") in their event's corrections.
 */
function correctionsOf(
  corrections: readonly ExchangeCorrection[],
  event: ExchangeEvent,
  row: AthleteRow | null,
): string {
  if (row === null) return '';
  const prefix = `${row.name}: `;
  return corrections
    .filter((correction) => correction.eventKey === event.key)
    .flatMap((correction) =>
      correction.changes
        .filter((change) => change.startsWith(prefix))
        .map((change) => `${correction.at.slice(0, 10)}: ${change.slice(prefix.length)}`),
    )
    .join(' | ');
}

/**
 * The template with every event's rows; an event without athletes is one line of its own.
 * With corrections (results changed after they were marked final), a last column,
 * "corrections", carries each athlete's; the reader ignores it.
 */
export function writeCsv(meet: ExchangeMeet, corrections?: readonly ExchangeCorrection[]): string {
  const line = (event: ExchangeEvent, row: AthleteRow | null) => {
    const cells = cellsOf(event, row);
    if (corrections) cells.push(quoted(correctionsOf(corrections, event, row)));
    return cells.join(',');
  };
  const lines = [[...CSV_COLUMNS, ...(corrections ? ['corrections'] : [])].join(',')];
  for (const event of meet.events) {
    const rows = event.results ?? event.startList ?? [];
    if (rows.length === 0) lines.push(line(event, null));
    for (const row of rows) lines.push(line(event, row));
  }
  return `${lines.join('\r\n')}\r\n`;
}

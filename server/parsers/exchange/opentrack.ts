import { failed, parsed, type ParseResult, type ParseWarning } from '../types.ts';
import type { ExchangeMeet } from './model.ts';
import { Unreadable } from './opentrack/fields.ts';
import { lineOfPath, pathText, syntaxError, type JsonPath } from './opentrack/json.ts';
import { readMeet } from './opentrack/read.ts';
import { writeMeet } from './opentrack/write.ts';

/**
 * OpenTrack's competition JSON (the `/json/` of a competition page, and its API): competitors
 * by bib, events by eventId with a unit per heat or field pool (../shared/formats/exchange.md).
 * Read into Rith's exchange model, one ExchangeEvent per unit, and written back the same way.
 */

const MAX_LINE_LOOKUPS = 100;

/**
 * A JSON object: the only JSON Rith imports is OpenTrack's, so a broken or cut one is read as
 * one and its error says where (not "not a file Rith can import").
 */
export function looksLikeOpenTrack(text: string): boolean {
  return text
    .replace(/^\uFEFF/, '')
    .trimStart()
    .startsWith('{');
}

export function readOpenTrack(text: string, file: string): ParseResult<ExchangeMeet> {
  const json = text.replace(/^\uFEFF/, '');
  let value: unknown;
  try {
    value = JSON.parse(json);
  } catch {
    const { line, reason } = syntaxError(json);
    return failed({ file, row: line, reason: `not valid JSON: ${reason}` });
  }
  const warnings: ParseWarning[] = [];
  // Each lookup walks the text from the top: the first warnings get their line, not thousands.
  let lookups = 0;
  const lineOf = (path: JsonPath) =>
    (lookups += 1) <= MAX_LINE_LOOKUPS ? lineOfPath(json, path) : undefined;
  try {
    const meet = readMeet(value, { file, warnings, lineOf });
    return parsed(meet, warnings);
  } catch (error) {
    if (!(error instanceof Unreadable)) {
      const reason = error instanceof Error ? error.message : String(error);
      return failed({ file, reason: `could not read the OpenTrack file (${reason})` });
    }
    const line = lineOfPath(json, error.path);
    return failed({
      file,
      ...(line === undefined ? {} : { row: line }),
      reason: `${pathText(error.path)}: ${error.reason}`,
    });
  }
}

/** OpenTrack-shaped JSON text; readOpenTrack reads it back as the same events. */
export function writeOpenTrack(meet: ExchangeMeet): string {
  return `${JSON.stringify(writeMeet(meet), null, 2)}\n`;
}

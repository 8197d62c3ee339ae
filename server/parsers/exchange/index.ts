import { decodeText } from '../../../shared/parsers/text.ts';
import {
  EVENT_CAP_MESSAGE,
  MAX_COMPETITION_EVENTS,
  NOTHING_APPLIED,
  rowCapRefusal,
} from '../../../shared/rowCap.ts';
import { failed, type ParseResult } from '../types.ts';
import type { ExchangeMeet } from './model.ts';
import { looksLikeOpenTrack, readOpenTrack } from './opentrack.ts';
import { looksLikeHytek, readHytek } from './hytek.ts';
import { looksLikeCsv, readCsv } from './csv.ts';

export type { ExchangeEvent, ExchangeMeet, ExchangeSource } from './model.ts';

export const UNKNOWN_EXCHANGE_FORMAT =
  "not a file Rith can import: send a Hy-Tek semicolon entries or results file, an OpenTrack competition JSON, or Rith's CSV template";

/** The caps every path keeps (shared/rowCap.ts): a file past one is refused whole. */
function withinCaps(meet: ExchangeMeet): string | null {
  if (meet.events.length > MAX_COMPETITION_EVENTS) return `${EVENT_CAP_MESSAGE} ${NOTHING_APPLIED}`;
  for (const event of meet.events) {
    for (const rows of [event.startList, event.results]) {
      const refusal = rows ? rowCapRefusal(rows.length, `the event "${event.eventName}"`) : null;
      if (refusal !== null) return `${refusal} ${NOTHING_APPLIED}`;
    }
  }
  return null;
}

/**
 * An entries or results file from meet software, told by what it holds (never its name):
 * OpenTrack's JSON, a Hy-Tek semicolon file (or the same records with commas), or Rith's CSV.
 */
export function parseExchange(bytes: Uint8Array, file: string): ParseResult<ExchangeMeet> {
  const text = decodeText(bytes);
  const read = looksLikeOpenTrack(text)
    ? readOpenTrack(text, file)
    : looksLikeHytek(text)
      ? readHytek(text, file)
      : looksLikeCsv(text)
        ? readCsv(text, file)
        : failed({ file, reason: UNKNOWN_EXCHANGE_FORMAT });
  if (!read.ok) return read;
  if (read.value.events.length === 0) {
    return failed({ file, reason: 'the file holds no events' });
  }
  const refusal = withinCaps(read.value);
  return refusal === null ? read : failed({ file, reason: refusal });
}

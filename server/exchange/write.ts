import type { ExchangeFormat } from '../../shared/schemas/exchange.ts';
import type { ExchangeCorrection, ExchangeMeet } from '../parsers/exchange/model.ts';
import { writeMeet } from '../parsers/exchange/opentrack/write.ts';
import { writeHytek } from '../parsers/exchange/hytek.ts';
import { writeCsv } from '../parsers/exchange/csv.ts';

/** When the club marked the results final, and the corrections since; null before it did. */
export interface FinalMark {
  resultsFinalAt: string | null;
  corrections: ExchangeCorrection[] | null;
}

/**
 * An export in one of the federation formats. Once the results were marked final, OpenTrack's
 * JSON carries the corrections since beside the results, and the CSV the corrections of each
 * athlete on their row; Hy-Tek's records have no place for them (README).
 */
export function writeExchange(
  format: ExchangeFormat,
  meet: ExchangeMeet,
  final: FinalMark,
): string {
  switch (format) {
    case 'opentrack': {
      const json = writeMeet(meet);
      const marked =
        final.resultsFinalAt === null
          ? json
          : { ...json, resultsFinalAt: final.resultsFinalAt, corrections: final.corrections ?? [] };
      return `${JSON.stringify(marked, null, 2)}\n`;
    }
    case 'hytek':
      return writeHytek(meet);
    case 'csv':
      // The byte order mark tells Excel the file is UTF-8 ("Høgstad", not "HÃ¸gstad").
      return `\uFEFF${writeCsv(meet, final.corrections ?? undefined)}`;
  }
}

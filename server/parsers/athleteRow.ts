import type { AthleteRow } from '../../shared/schemas/athlete.ts';

/**
 * An athlete row with every required field present and empty, filled in with what is known:
 * one builder for parsers, seed data and tests. Parsers pass an id made from the file and
 * line, so parsing the same file twice gives the same rows.
 */
export function athleteRow(fields: Partial<AthleteRow> & Pick<AthleteRow, 'name'>): AthleteRow {
  return {
    id: fields.id ?? crypto.randomUUID(),
    rank: null,
    bib: null,
    eventName: null,
    club: null,
    category: null,
    performance: null,
    points: null,
    lane: null,
    pdfUrl: null,
    ...fields,
  };
}

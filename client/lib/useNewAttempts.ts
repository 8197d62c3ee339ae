import { useState } from 'react';
import type { AthleteRow } from '../../shared/schemas/athlete.ts';
import { athleteKey } from '../../shared/athletes/identity.ts';

/** A cell of a field series: `{athlete}|{attempt or height index}`. */
export const seriesCellKey = (row: AthleteRow, index: number) => `${athleteKey(row)}|${index}`;

function cellsOf(rows: readonly AthleteRow[]): Map<string, string> {
  const cells = new Map<string, string>();
  for (const row of rows) {
    (row.attempts ?? []).forEach((cell, index) => {
      if (cell !== null && cell !== '') cells.set(seriesCellKey(row, index), cell);
    });
  }
  return cells;
}

export interface NewAttempts {
  /** The cells that changed with the last update: marked on screen for a moment. */
  fresh: ReadonlySet<string>;
  /** The last new trial in words, for a screen reader: "Anna Byrne, 11.07". */
  latest: string;
}

/**
 * Which trials of a field event arrived with the last update of its rows: a spectator sees
 * each new attempt marked as it lands, and a screen reader hears it. The first rows the page
 * has are not news.
 */
export function useNewAttempts(rows: readonly AthleteRow[]): NewAttempts {
  const [seen, setSeen] = useState({ rows, news: { fresh: new Set<string>(), latest: '' } });
  if (seen.rows !== rows) {
    const before = cellsOf(seen.rows);
    const fresh = new Set<string>();
    let latest = '';
    for (const row of rows) {
      (row.attempts ?? []).forEach((cell, index) => {
        const key = seriesCellKey(row, index);
        if (cell === null || cell === '' || before.get(key) === cell) return;
        fresh.add(key);
        latest = `${row.name}, ${cell}`;
      });
    }
    setSeen({ rows, news: { fresh, latest: latest || seen.news.latest } });
  }
  return seen.news;
}

import type { AthleteRow } from '../../shared/schemas/athlete.ts';
import { normalizeResultCode } from '../../shared/athletics/resultCode.ts';
import { sortResultRows } from '../../shared/athletics/resultOrder.ts';

const place = (rank: string | null): number | null =>
  /^\d+$/.test((rank ?? '').trim()) && Number(rank) > 0 ? Number(rank) : null;

const markOf = (text: string | null | undefined): number | null =>
  /^\d+(\.\d+)?$/.test((text ?? '').trim()) ? Number(text) : null;

/** Valid marks, best first: a horizontal series compared mark by mark (the count-back rule). */
function horizontalKey(row: AthleteRow): number[] {
  return (row.attempts ?? [])
    .flatMap((cell) => {
      const mark = markOf(cell);
      return mark === null ? [] : [mark];
    })
    .sort((a, b) => b - a);
}

/**
 * A vertical series: the highest bar cleared, then the fewest failures at it, then the fewest
 * failures up to and including it (World Athletics' order for high jump and pole vault).
 */
function verticalKey(row: AthleteRow): number[] {
  const heights = row.heights ?? [];
  let best = -1;
  let failuresAtBest = 0;
  let failuresToBest = 0;
  let failures = 0;
  heights.forEach((height, i) => {
    const cell = (row.attempts?.[i] ?? '').toUpperCase();
    const misses = (cell.match(/X/g) ?? []).length;
    failures += misses;
    if (cell.includes('O')) {
      best = Number(height);
      failuresAtBest = misses;
      failuresToBest = failures;
    }
  });
  // Larger is better in every place of the key.
  return best < 0 ? [] : [best, -failuresAtBest, -failuresToBest];
}

function compareKeys(a: number[], b: number[]): number {
  for (let i = 0; i < Math.max(a.length, b.length); i++) {
    const diff = (b[i] ?? -Infinity) - (a[i] ?? -Infinity);
    if (diff !== 0) return diff;
  }
  return 0;
}

/**
 * Whether the overall places FieldLynx wrote make one ranking of all the flights: every row
 * with a mark placed, and a place shared only by rows with the same series. Each flight run
 * as an event of its own writes places within it (1, 1, 2, 2 once merged).
 */
function placesHold(rows: readonly AthleteRow[], key: (row: AthleteRow) => number[]): boolean {
  const byPlace = new Map<number, number[]>();
  for (const row of rows) {
    const k = key(row);
    const p = place(row.rank);
    if (p === null) {
      if (k.length > 0 && !normalizeResultCode(row.rank)) return false;
      continue;
    }
    const held = byPlace.get(p);
    if (held && compareKeys(held, k) !== 0) return false;
    byPlace.set(p, k);
  }
  return true;
}

/**
 * The rows of all the flights of one field event as one result: FieldLynx's overall places
 * where they make one ranking, else places worked out from the series (ties share a place,
 * the next skipped); rows without a mark keep their code. Sorted as results are shown.
 */
export function rankFlights(rows: readonly AthleteRow[], vertical: boolean): AthleteRow[] {
  const key = vertical ? verticalKey : horizontalKey;
  const flights = new Set(rows.map((row) => row.flight ?? 1));
  if (flights.size < 2 || placesHold(rows, key)) return sortResultRows(rows);
  const marked = rows
    .map((row) => ({ row, key: key(row) }))
    .filter((entry) => entry.key.length > 0)
    .sort((a, b) => compareKeys(a.key, b.key));
  const ranked = marked.map(({ row, key: k }) => {
    const first = marked.findIndex((entry) => compareKeys(entry.key, k) === 0);
    return { ...row, rank: String(first + 1) };
  });
  const rest = rows
    .filter((row) => key(row).length === 0)
    .map((row) => ({
      ...row,
      rank: normalizeResultCode(row.rank) ?? normalizeResultCode(row.performance),
    }));
  return sortResultRows([...ranked, ...rest]);
}

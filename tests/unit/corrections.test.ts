import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  correctionSummary,
  correctsResults,
  correctsShown,
  isCorrection,
  NOTHING_SHOWN,
  resultChanges,
  shownResults,
  venueClock,
  type ShownResults,
} from '../../shared/results/corrections.ts';
import { athleteRow } from '../../server/parsers/athleteRow.ts';
import { eventStatuses } from '../../shared/domain.ts';
import type { AthleteRow } from '../../shared/schemas/athlete.ts';

const anna = (fields: Partial<AthleteRow> = {}) =>
  athleteRow({ name: 'Anna Byrne', bib: '12', rank: '2', performance: '24.89', ...fields });
const bea = (fields: Partial<AthleteRow> = {}) =>
  athleteRow({ name: 'Bea Kelly', bib: '7', rank: '3', performance: '24.95', ...fields });
const cara = (fields: Partial<AthleteRow> = {}) =>
  athleteRow({ name: 'Cara Walsh', bib: '3', rank: '1', performance: '24.50', ...fields });

const results = (rows: AthleteRow[], status: ShownResults['status'] = 'official') =>
  shownResults({ status, results: rows, live: null });
const live = (rows: AthleteRow[]) =>
  shownResults({ status: 'unofficial', results: [], live: { rows } });
const summaries = (
  before: ShownResults,
  after: ShownResults,
  type: 'ATHLETICS' | 'JUMP' = 'ATHLETICS',
) => resultChanges(before, after, type).map((c) => c.summary);

describe('what spectators are shown', () => {
  it('is the results when there are any, else the scoreboard lines, else nothing', () => {
    expect(results([anna()]).source).toBe('results');
    expect(
      shownResults({ status: 'official', results: [anna()], live: { rows: [bea()] } }),
    ).toMatchObject({ source: 'results', rows: [expect.objectContaining({ name: 'Anna Byrne' })] });
    expect(live([bea()])).toMatchObject({ source: 'live', status: 'unofficial' });
    expect(shownResults({ status: 'upcoming', results: [], live: { rows: [] } })).toEqual(
      NOTHING_SHOWN,
    );
    // Unofficial results (an XML file's) are not shown: the event page shows the start list.
    expect(results([anna()], 'unofficial').source).toBe('none');
  });
});

describe('what changed', () => {
  it('says a corrected time, and the places it moved', () => {
    const before = results([cara(), anna(), bea()]);
    const after = results([cara(), anna({ rank: '3', performance: '25.01' }), bea({ rank: '2' })]);
    expect(summaries(before, after)).toEqual([
      'Bea Kelly: place 3 → 2',
      'Anna Byrne: 24.89 → 25.01, place 2 → 3',
    ]);
    const [, annaChange] = resultChanges(before, after, 'ATHLETICS');
    expect(annaChange).toMatchObject({
      type: 'athlete',
      change: 'changed',
      key: 'bib:12',
      fields: ['place', 'mark'],
      before: { place: 2, mark: '24.89', code: null },
      after: { place: 3, mark: '25.01', code: null },
    });
    expect(isCorrection(before, resultChanges(before, after, 'ATHLETICS'))).toBe(true);
  });

  it('says a disqualification, an athlete added and one removed', () => {
    const before = results([cara(), anna(), bea()]);
    const tom = athleteRow({ name: 'Tom Ryan', bib: '40', rank: '3', performance: '25.40' });
    const after = results([cara(), anna({ rank: 'DQ', performance: null }), tom]);
    expect(summaries(before, after)).toEqual([
      'Tom Ryan added: 25.40, place 3',
      'Anna Byrne: 24.89 → DQ, place 2 → –',
      'Bea Kelly removed',
    ]);
  });

  it('compares what the table shows: the same time to the hundredth is no change', () => {
    const before = results([anna({ performance: '24.881' })]);
    expect(resultChanges(before, results([anna({ performance: '24.89' })]), 'ATHLETICS')).toEqual(
      [],
    );
    // A field mark is cut, not rounded; its best is the result.
    const jump = (best: string) => anna({ performance: null, best, rank: '1' });
    expect(summaries(results([jump('6.411')]), results([jump('6.41')]), 'JUMP')).toEqual([]);
    expect(summaries(results([jump('6.41')]), results([jump('6.14')]), 'JUMP')).toEqual([
      'Anna Byrne: 6.41 → 6.14',
    ]);
  });

  it('ignores a name or club spelled better: the same bib is the same athlete', () => {
    const before = results([anna({ name: 'BYRNE Anna', club: null })]);
    expect(resultChanges(before, results([anna({ club: 'Tuam AC' })]), 'ATHLETICS')).toEqual([]);
  });

  it('measures a correction against the results last shown, and lets a field event grow', () => {
    const official = results([cara(), anna()], 'official');
    const withdrawn = shownResults({ status: 'official', results: [], live: null });
    const putBack = results([cara(), anna({ performance: '25.01' })], 'official');
    // Results withdrawn in the form: no correction of its own…
    expect(correctsResults(official, withdrawn, 'ATHLETICS')).toBe(false);
    // …and the file that puts them back changed is one, against the results withdrawn.
    expect(correctsResults(official, putBack, 'ATHLETICS')).toBe(true);
    expect(correctsResults(official, results([cara(), anna()]), 'ATHLETICS')).toBe(false);
    expect(correctsResults(null, putBack, 'ATHLETICS')).toBe(false);

    // A long jump's unofficial results gain a round: the event is being run, not corrected.
    const round1 = results([anna({ performance: '5.80' })], 'unofficial');
    const round2 = results(
      [anna({ performance: '6.02' }), bea({ performance: '5.90' })],
      'unofficial',
    );
    expect(correctsResults(round1, round2, 'JUMP')).toBe(false);
    const final = results([anna({ performance: '6.02' }), bea({ performance: '5.90' })]);
    expect(
      correctsResults(
        final,
        results([anna({ performance: '6.05' }), bea({ performance: '5.90' })]),
        'JUMP',
      ),
    ).toBe(true);
  });

  it('tells the normal flow apart from a correction', () => {
    const lines = live([cara(), anna({ performance: '24.88' })]);
    const official = results([cara(), anna()], 'official');
    const corrected = results([cara(), anna({ performance: '25.01' })], 'official');

    const firstLines = resultChanges(NOTHING_SHOWN, lines, 'ATHLETICS');
    expect(firstLines.map((c) => c.summary)).toEqual([
      'Status: upcoming → unofficial',
      'Cara Walsh added: 24.50, place 1',
      'Anna Byrne added: 24.88, place 2',
    ]);
    expect(isCorrection(NOTHING_SHOWN, firstLines)).toBe(false);

    // The file replaces the scoreboard's lines, with its own (better) time: not a correction.
    const file = resultChanges(lines, official, 'ATHLETICS');
    expect(file.map((c) => c.summary)).toEqual([
      'Status: unofficial → official',
      "The results replaced the scoreboard's unofficial lines",
      'Anna Byrne: 24.88 → 24.89',
    ]);
    expect(isCorrection(lines, file)).toBe(false);
    expect(correctsResults(null, official, 'ATHLETICS')).toBe(false);

    const correction = resultChanges(official, corrected, 'ATHLETICS');
    expect(correction.map((c) => c.summary)).toEqual(['Anna Byrne: 24.89 → 25.01']);
    expect(isCorrection(official, correction)).toBe(true);
    expect(correctsResults(official, corrected, 'ATHLETICS')).toBe(true);
  });

  it('measures a correction against the results last shown', () => {
    const official = results([cara(), anna()], 'official');
    const withdrawn = shownResults({ status: 'official', results: [], live: null });
    const putBack = results([cara(), anna({ performance: '25.01' })], 'official');
    // Results withdrawn in the form: no correction of its own…
    expect(correctsResults(official, withdrawn, 'ATHLETICS')).toBe(false);
    // …and the file that puts them back changed is one, against the results withdrawn.
    expect(correctsResults(official, putBack, 'ATHLETICS')).toBe(true);
    expect(correctsResults(official, results([cara(), anna()]), 'ATHLETICS')).toBe(false);
  });
  it('sums a correction up in one line', () => {
    const rows = [cara(), anna(), bea()];
    const changed = rows.map((row) => ({ ...row, performance: `${row.performance}9` }));
    const moved = resultChanges(results(rows), results(changed), 'ATHLETICS');
    expect(correctionSummary(moved, 2)).toBe(
      'Cara Walsh: 24.50 → 24.51; Anna Byrne: 24.89 → 24.90; and 1 more',
    );
  });

  it('reads a moment on the venue’s clock', () => {
    expect(venueClock('2026-07-14T13:03:40Z')).toBe('14:03');
    expect(venueClock('2026-01-14T13:03:40Z')).toBe('13:03');
  });
});

describe('growth is no correction', () => {
  const shown = (rows: AthleteRow[]) => results(rows, 'official');

  it('a heat whose file came in two steps: the rows only added to', () => {
    const first = shown([cara(), anna()]);
    // Bea ran between them: Anna is third now, but nothing shown of her changed.
    const whole = shown([cara(), bea({ rank: '2', performance: '24.70' }), anna({ rank: '3' })]);
    expect(correctsResults(first, whole, 'ATHLETICS')).toBe(false);
    // An athlete read after the others: nothing shown (no place, no time) becomes a result.
    const unread = shown([cara(), anna({ rank: null, performance: null })]);
    expect(correctsResults(unread, shown([cara(), anna()]), 'ATHLETICS')).toBe(false);
  });

  it('a correction is a time, a code or an order shown that changed, or an athlete gone', () => {
    const before = shown([cara(), anna(), bea()]);
    expect(correctsResults(before, shown([cara(), anna()]), 'ATHLETICS')).toBe(true);
    expect(
      correctsResults(
        before,
        shown([cara(), anna({ rank: 'DQ' }), bea({ rank: '2' })]),
        'ATHLETICS',
      ),
    ).toBe(true);
    // Places swapped with the same times: the photo was read again.
    expect(
      correctsResults(
        before,
        shown([cara(), anna({ rank: '3' }), bea({ rank: '2' })]),
        'ATHLETICS',
      ),
    ).toBe(true);
  });

  it("a field event's next flight and its next rounds, but not a trial changed", () => {
    const trials = (attempts: (string | null)[], fields: Partial<AthleteRow> = {}) => ({
      attempts,
      ...fields,
    });
    const flight1 = shown([
      anna(trials(['11.07', 'X', '11.40'], { rank: '1', best: '11.40', flight: 1 })),
      bea(trials(['10.20', '10.50', 'X'], { rank: '2', best: '10.50', flight: 1 })),
    ]);
    // Flight 2's thrower goes between them: the places move, no mark shown changed.
    const flights = shown([
      anna(trials(['11.07', 'X', '11.40'], { rank: '1', best: '11.40', flight: 1 })),
      cara(trials(['10.90', '10.95', 'X'], { rank: '2', best: '10.95', flight: 2 })),
      bea(trials(['10.20', '10.50', 'X'], { rank: '3', best: '10.50', flight: 1 })),
    ]);
    expect(correctsResults(flight1, flights, 'JUMP')).toBe(false);
    // The final rounds: Bea's fourth trial is her best and she goes up.
    const round4 = shown([
      bea(trials(['10.20', '10.50', 'X', '11.60'], { rank: '1', best: '11.60', flight: 1 })),
      anna(trials(['11.07', 'X', '11.40', 'X'], { rank: '2', best: '11.40', flight: 1 })),
      cara(trials(['10.90', '10.95', 'X', '-'], { rank: '3', best: '10.95', flight: 2 })),
    ]);
    expect(correctsResults(flights, round4, 'JUMP')).toBe(false);
    // A trial shown that changed is a correction.
    const misread = shown([
      anna(trials(['11.70', 'X', '11.40'], { rank: '1', best: '11.70', flight: 1 })),
      cara(trials(['10.90', '10.95', 'X'], { rank: '2', best: '10.95', flight: 2 })),
      bea(trials(['10.20', '10.50', 'X'], { rank: '3', best: '10.50', flight: 1 })),
    ]);
    expect(correctsResults(flights, misread, 'JUMP')).toBe(true);
    // A disqualification, or a tie broken the other way, with no trial added: a correction.
    const [a, c, b] = flights.rows;
    const dq = shown([
      { ...a!, rank: 'DQ' },
      { ...c!, rank: '1' },
      { ...b!, rank: '2' },
    ]);
    expect(correctsResults(flights, dq, 'JUMP')).toBe(true);
    const swapped = shown([{ ...a!, rank: '2' }, { ...c!, rank: '1' }, b!]);
    expect(correctsResults(flights, swapped, 'JUMP')).toBe(true);
    // A bar: a height's cell may only go on ("X" to "XO").
    const bar = (cells: string[]) => trials(cells, { heights: ['1.60', '1.65'] });
    expect(
      correctsResults(
        shown([anna({ ...bar(['O', 'X']), rank: '1', best: '1.60' })]),
        shown([anna({ ...bar(['O', 'XO']), rank: '1', best: '1.65' })]),
        'JUMP',
      ),
    ).toBe(false);
    expect(
      correctsResults(
        shown([anna({ ...bar(['O', 'XO']), rank: '1', best: '1.65' })]),
        shown([anna({ ...bar(['XO', 'XO']), rank: '1', best: '1.65' })]),
        'JUMP',
      ),
    ).toBe(true);
  });
});

describe('the rule, for any results', () => {
  const row = fc.record({
    name: fc.constantFrom('Anna Byrne', 'Bea Kelly', 'Cara Walsh', ''),
    bib: fc.constantFrom(null, '1', '2', '3', '004'),
    club: fc.constantFrom(null, 'Tuam AC'),
    rank: fc.constantFrom(null, '1', '2', '3', 'DQ', 'DNS', '0'),
    performance: fc.constantFrom(null, '24.89', '25.01', '10.5', 'DNF', ''),
  });
  const shown = fc.record({
    status: fc.constantFrom(...eventStatuses),
    results: fc.array(
      row.map((r) => athleteRow(r)),
      { maxLength: 6 },
    ),
    live: fc.option(
      fc.record({
        rows: fc.array(
          row.map((r) => athleteRow(r)),
          { maxLength: 6 },
        ),
      }),
      { nil: null },
    ),
  });

  it('finds nothing changed between a version and itself, or a copy of it', () => {
    fc.assert(
      fc.property(shown, (event) => {
        const version = shownResults(event);
        const copy = shownResults(JSON.parse(JSON.stringify(event)) as typeof event);
        expect(resultChanges(version, copy, 'ATHLETICS')).toEqual([]);
      }),
    );
  });

  it('adds in one direction what it removes in the other, and changes the same athletes', () => {
    fc.assert(
      fc.property(shown, shown, (a, b) => {
        const before = shownResults(a);
        const after = shownResults(b);
        const forth = resultChanges(before, after, 'ATHLETICS');
        const back = resultChanges(after, before, 'ATHLETICS');
        const keys = (changes: typeof forth, change: string) =>
          changes
            .flatMap((c) => (c.type === 'athlete' && c.change === change ? [c.key] : []))
            .sort();
        expect(keys(forth, 'added')).toEqual(keys(back, 'removed'));
        expect(keys(forth, 'removed')).toEqual(keys(back, 'added'));
        expect(keys(forth, 'changed')).toEqual(keys(back, 'changed'));
        // Every athlete shown after is either unchanged or named once.
        const named = forth.flatMap((c) => (c.type === 'athlete' ? [c.key] : []));
        expect(named.length).toBeLessThanOrEqual(before.rows.length + after.rows.length);
        expect(forth.length === 0).toBe(back.length === 0);
      }),
    );
  });

  it('never calls rows only added a correction, wherever they rank', () => {
    // Athletes with their times; a heat's first file holds some of them, its last all.
    const heat = fc.uniqueArray(fc.integer({ min: 1000, max: 9999 }), {
      minLength: 1,
      maxLength: 10,
    });
    const ranked = (times: number[]) =>
      [...times]
        .sort((a, b) => a - b)
        .map((time, i) =>
          athleteRow({
            name: `Runner ${time}`,
            bib: String(time),
            rank: String(i + 1),
            performance: (time / 100).toFixed(2),
          }),
        );
    fc.assert(
      fc.property(heat, fc.integer({ min: 0, max: 10 }), (times, cut) => {
        const first = ranked(times.slice(0, Math.max(1, Math.min(cut, times.length))));
        expect(correctsShown(first, ranked(times), 'ATHLETICS')).toBe(false);
      }),
    );
  });

  it('calls nothing a correction that was not shown as results before', () => {
    fc.assert(
      fc.property(shown, shown, (a, b) => {
        const before = shownResults(a);
        const changes = resultChanges(before, shownResults(b), 'ATHLETICS');
        if (before.source !== 'results') expect(isCorrection(before, changes)).toBe(false);
        if (changes.every((c) => c.type === 'status')) {
          expect(isCorrection(before, changes)).toBe(false);
        }
      }),
    );
  });
});

// The rules against real officials' results: FieldLynx files carry each athlete's trials and
// the place the officials gave them, across flights. Rebuilding each card from its trials,
// the rules must give the same places, the same cut and the same best marks.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parseLff } from '../../../server/parsers/lynx/index.ts';
import type { AthleteRow } from '../../../shared/schemas/athlete.ts';
import {
  DEFAULT_FIELD_SETTINGS,
  type CardAthlete,
  type HorizontalTrial,
  type VerticalTrial,
} from '../../../shared/athletics/field/card.ts';
import { horizontalStandings } from '../../../shared/athletics/field/horizontal.ts';
import { verticalStandings } from '../../../shared/athletics/field/vertical.ts';
import { fieldRows } from '../../../shared/athletics/field/view.ts';

function rowsOf(name: string, flight: number): (AthleteRow & { flight: number })[] {
  const parsed = parseLff(
    readFileSync(new URL(`../../fixtures/finishlynx/${name}`, import.meta.url)),
    name,
  );
  if (!parsed.ok) throw new Error(JSON.stringify(parsed.error));
  // DNS rows never took a trial: not on the card.
  return parsed.value.rows.filter((row) => row.rank !== 'DNS').map((row) => ({ ...row, flight }));
}

const athleteOf = (row: AthleteRow & { flight: number }): CardAthlete => ({
  bib: row.bib!,
  name: row.name,
  club: row.club,
  flight: row.flight,
  order: Number(row.lane),
});

function horizontalCard(rows: (AthleteRow & { flight: number })[]) {
  const trials: HorizontalTrial[] = rows.flatMap((row) =>
    (row.attempts ?? []).map((cell, index) => ({
      id: `${row.bib}-${index}`,
      bib: row.bib!,
      round: index + 1,
      mark: cell!.toLowerCase(),
      wind: null,
    })),
  );
  return { athletes: rows.map(athleteOf), trials };
}

const placesOf = (lines: { athlete: CardAthlete; place: number | null }[]) =>
  Object.fromEntries(lines.map((line) => [line.athlete.bib, line.place]));

describe('horizontal events against FieldLynx', () => {
  it('two flights of a shot put: every overall place, and the cut to 9 this meet used', () => {
    const rows = [...rowsOf('038-1-01.lff', 1), ...rowsOf('038-1-02.lff', 2)];
    const { athletes, trials } = horizontalCard(rows);
    // A college meet: nine go on to trials 4-6 (a setting of the event).
    const settings = { ...DEFAULT_FIELD_SETTINGS, finalists: 9 };
    const standings = horizontalStandings(athletes, trials, settings);
    expect(placesOf(standings.lines)).toEqual(
      Object.fromEntries(rows.map((row) => [row.bib, Number(row.rank)])),
    );
    const finalists = rows.filter((row) => (row.attempts?.length ?? 0) > 3).map((row) => row.bib);
    expect(
      standings.lines
        .filter((l) => l.inFinal)
        .map((l) => l.athlete.bib)
        .sort(),
    ).toEqual(finalists.sort());
    // Trials 4-6 in reverse order of the standing after trial 3: the 9th first, the leader last.
    expect(standings.finalOrder.map((a) => a.name)).toEqual([
      'Jack Paradis',
      'Bradley Pollard',
      'Patrick Donaher',
      'Ivan Tejada',
      'Robert Lerner',
      'Jaston Ormsby',
      'Braiden Pulver',
      'Braden Stryker',
      'Wade Shomper',
    ]);
    const published = fieldRows({
      discipline: 'SHOT_PUT',
      settings,
      athletes,
      horizontal: trials,
      vertical: [],
    });
    expect(published.map((row) => [row.bib, row.rank, row.best])).toEqual(
      [...rows]
        .sort((a, b) => Number(a.rank) - Number(b.rank))
        .map((row) => [row.bib, row.rank, row.best]),
    );
  });

  it.each(['037-1-01.lff', '039-1-01.lff'])("%s: the officials' order of places", (name) => {
    // One flight of an event: its overall places have gaps where the other flight's are.
    const rows = rowsOf(name, 1);
    const { athletes, trials } = horizontalCard(rows);
    const standings = horizontalStandings(athletes, trials, DEFAULT_FIELD_SETTINGS);
    const byOfficials = [...rows].sort((a, b) => Number(a.rank) - Number(b.rank));
    expect(standings.lines.map((l) => l.athlete.bib)).toEqual(byOfficials.map((r) => r.bib));
  });
});

describe('vertical events against FieldLynx', () => {
  it('a high jump: places by the count-back, the bar, who is out', () => {
    const rows = rowsOf('035-1-01.lff', 1);
    const heights = rows[0]!.heights!;
    const athletes = rows.map(athleteOf);
    // Jumped height by height, each height's round of trials down the order.
    const trials: VerticalTrial[] = [];
    heights.forEach((height, h) => {
      for (let trial = 0; trial < 3; trial += 1) {
        for (const row of [...rows].sort((a, b) => Number(a.lane) - Number(b.lane))) {
          const cell = (row.attempts?.[h] ?? '').toLowerCase();
          const mark = cell[trial];
          if (mark === 'o' || mark === 'x' || mark === '-') {
            trials.push({ id: `${row.bib}-${h}-${trial}`, bib: row.bib!, height, mark });
          }
        }
      }
    });
    const standings = verticalStandings(athletes, trials);
    expect(placesOf(standings.lines)).toEqual(
      Object.fromEntries(rows.map((row) => [row.bib, Number(row.rank)])),
    );
    expect(standings.lines.every((line) => line.out)).toBe(true);
    expect(standings.jumpOff).toBe(false);
    const published = fieldRows({
      discipline: 'HIGH_JUMP',
      settings: DEFAULT_FIELD_SETTINGS,
      athletes,
      horizontal: [],
      vertical: trials,
    });
    expect(published.map((row) => [row.bib, row.best])).toEqual(
      rows.map((row) => [row.bib, row.best]),
    );
  });
});

import { describe, expect, it } from 'vitest';
import {
  formatTeamPoints,
  isRelay,
  isScoringEvent,
  sharedPoints,
  teamTables,
  type ScoredEvent,
} from '../../shared/athletics/teams.ts';
import type { AthleteRow } from '../../shared/schemas/athlete.ts';
import {
  DEFAULT_TEAM_SCORING,
  TeamScores,
  TeamScoringSettings,
} from '../../shared/schemas/teamScores.ts';

let nextId = 0;
const row = (rank: string | null, club: string | null, extra: Partial<AthleteRow> = {}) => ({
  id: String((nextId += 1)),
  rank,
  bib: null,
  name: 'Athlete',
  eventName: null,
  club,
  category: null,
  performance: null,
  points: null,
  lane: null,
  pdfUrl: null,
  ...extra,
});

/** A final not split in heats, its clubs in finishing order (places 1, 2, 3...). */
const final = (eventName: string, clubs: (string | null)[]): ScoredEvent => ({
  eventName,
  round: 'finals',
  heat: null,
  heatCount: 1,
  rows: clubs.map((club, index) => row(String(index + 1), club)),
});

const settings = (changes: Partial<TeamScoringSettings> = {}) => TeamScoringSettings.parse(changes);

/** The one table's teams as { team: points }. */
function pointsOf(scores: TeamScores): Record<string, number> {
  expect(scores.tables).toHaveLength(1);
  return Object.fromEntries(scores.tables[0]!.teams.map(({ team, points }) => [team, points]));
}

describe('team scores', () => {
  it('scores the first eight of a final 10-8-6-5-4-3-2-1', () => {
    const clubs = ['A', 'B', 'C', 'D', 'E', 'F', 'G', 'H', 'I', 'J'];
    const scores = teamTables(DEFAULT_TEAM_SCORING, [final('100m', clubs)]);
    expect(scores).toEqual({
      tables: [
        {
          name: 'Overall',
          teams: [
            { team: 'A', points: 10, place: 1 },
            { team: 'B', points: 8, place: 2 },
            { team: 'C', points: 6, place: 3 },
            { team: 'D', points: 5, place: 4 },
            { team: 'E', points: 4, place: 5 },
            { team: 'F', points: 3, place: 6 },
            { team: 'G', points: 2, place: 7 },
            { team: 'H', points: 1, place: 8 },
          ],
        },
      ],
    });
    expect(TeamScores.parse(scores)).toEqual(scores);
  });

  it('shares the points of the places a tie covers: two tied 2nd in 10-8-6 score 7 each', () => {
    expect(sharedPoints([10, 8, 6], 2, 2)).toBe(7);
    const event = final('100m', []);
    event.rows = [row('1', 'A'), row('2', 'B'), row('2', 'C'), row('4', 'D')];
    expect(pointsOf(teamTables(settings({ points: [10, 8, 6, 5] }), [event]))).toEqual({
      A: 10,
      B: 7,
      C: 7,
      D: 5,
    });
  });

  it('counts places beyond the table as 0 when a tie straddles its end', () => {
    expect(sharedPoints(DEFAULT_TEAM_SCORING.points, 8, 2)).toBe(0.5);
    expect(sharedPoints(DEFAULT_TEAM_SCORING.points, 8, 3)).toBe(1 / 3);
    expect(sharedPoints(DEFAULT_TEAM_SCORING.points, 7, 3)).toBe(1);
    expect(sharedPoints(DEFAULT_TEAM_SCORING.points, 9, 2)).toBe(0);
    const event = final('High Jump', ['A', 'B', 'C', 'D', 'E', 'F', 'G']);
    event.rows = [...event.rows, row('8', 'X'), row('8.', 'Y'), row('8', 'Z')];
    const points = pointsOf(teamTables(DEFAULT_TEAM_SCORING, [event]));
    expect(points).toMatchObject({ G: 2, X: 1 / 3, Y: 1 / 3, Z: 1 / 3 });
    expect(formatTeamPoints(points.X!)).toBe('0.33');
    expect(formatTeamPoints(0.5)).toBe('0.5');
    expect(formatTeamPoints(7)).toBe('7');
  });

  it('scores finals and timed finals, not heats, prelims, quarters or semis', () => {
    const clubs = ['A', 'B'];
    const heats = (['heats', 'prelims', 'quarters', 'semis'] as const).map((round) => ({
      ...final('Men 100m', clubs),
      round,
      heat: 1,
      heatCount: 3,
    }));
    for (const heat of heats) expect(isScoringEvent(heat)).toBe(false);
    expect(teamTables(DEFAULT_TEAM_SCORING, heats)).toEqual({
      tables: [{ name: 'Men', teams: [] }],
    });

    // A timed final scores once, by its overall ranking; its sections do not count again.
    const overall = { ...final('Men 800m', clubs), heat: null, heatCount: 3 };
    const section = { ...final('Men 800m', clubs), heat: 2, heatCount: 3 };
    expect(isScoringEvent(overall)).toBe(true);
    expect(isScoringEvent(section)).toBe(false);
    expect(pointsOf(teamTables(DEFAULT_TEAM_SCORING, [overall, section]))).toEqual({
      A: 10,
      B: 8,
    });
  });

  it('counts a round the name does not give as a final unless the race is split in heats', () => {
    const unnamed = { ...final('Boys 60m', ['A']), round: 'unknown' as const };
    expect(isScoringEvent(unnamed)).toBe(true);
    expect(isScoringEvent({ ...unnamed, heat: 1, heatCount: 2 })).toBe(false);
  });

  it('multiplies a relay by relayMultiplier', () => {
    const relay = final('Women 4x100 Meter Relay', ['A', 'B']);
    expect(pointsOf(teamTables(settings({ relayMultiplier: 2 }), [relay]))).toEqual({
      A: 20,
      B: 16,
    });
    expect(pointsOf(teamTables(DEFAULT_TEAM_SCORING, [relay]))).toEqual({ A: 10, B: 8 });
    const individual = final('Women 100 Meter Dash', ['A', 'B']);
    expect(pointsOf(teamTables(settings({ relayMultiplier: 2 }), [individual]))).toEqual({
      A: 10,
      B: 8,
    });
  });

  it('tells a relay by its legs or its word', () => {
    for (const name of ['4x100', '4 x 400m Relay', '4×400 m', 'Staffel', 'Sprint Medley']) {
      expect(isRelay(name), name).toBe(true);
    }
    for (const name of ['Men 100 Meter Dash', '400m Hurdles', 'Bieg 4', 'U14x Long Jump']) {
      expect(isRelay(name), name).toBe(false);
    }
  });

  it('lets perTeam athletes of a team score, the others keeping their own places', () => {
    const event = final('Girls 1500m', ['A', 'A', 'A', 'B', 'C']);
    expect(pointsOf(teamTables(settings({ perTeam: 2 }), [event]))).toEqual({
      A: 18,
      B: 5,
      C: 4,
    });
  });

  it('gives the places on to the next athletes with reassign', () => {
    const event = final('Girls 1500m', ['A', 'A', 'A', 'B', 'C']);
    expect(pointsOf(teamTables(settings({ perTeam: 2, reassign: true }), [event]))).toEqual({
      A: 18,
      B: 6,
      C: 5,
    });
  });

  it('lets a row without a club take its place for no team; DNS, DNF and DQ take none', () => {
    const event = final('100m', []);
    event.rows = [
      row('1', null),
      row('2', '  A  '),
      row('3', 'B', { performance: 'DQ' }),
      row(null, 'C', { performance: 'DNF' }),
      row('DNS', 'D'),
      row('4', 'E'),
    ];
    expect(pointsOf(teamTables(DEFAULT_TEAM_SCORING, [event]))).toEqual({ A: 8, E: 5 });
  });

  it('keeps one table per gender the names say, the rest in Mixed', () => {
    const events = [
      final('Men 100 Meter Dash Final', ['A', 'B']),
      final('Women Long Jump', ['B', 'C']),
      final('Mixed 4x400 Relay', ['C']),
      final('Open 1500m', ['A']),
    ];
    expect(teamTables(DEFAULT_TEAM_SCORING, events).tables).toEqual([
      {
        name: 'Men',
        teams: [
          { team: 'A', points: 10, place: 1 },
          { team: 'B', points: 8, place: 2 },
        ],
      },
      {
        name: 'Women',
        teams: [
          { team: 'B', points: 10, place: 1 },
          { team: 'C', points: 8, place: 2 },
        ],
      },
      {
        name: 'Mixed',
        teams: [
          { team: 'A', points: 10, place: 1 },
          { team: 'C', points: 10, place: 1 },
        ],
      },
    ]);
    expect(pointsOf(teamTables(settings({ byGender: false }), events))).toEqual({
      A: 20,
      B: 18,
      C: 18,
    });
    expect(teamTables(DEFAULT_TEAM_SCORING, [final('100m', ['A'])]).tables[0]!.name).toBe(
      'Overall',
    );
  });

  it('gives teams on equal points the same place, skipping the next (1, 1, 3, 3)', () => {
    const events = [final('Long Jump', ['A', 'B', 'C']), final('Shot Put', ['B', 'A', 'D'])];
    expect(teamTables(DEFAULT_TEAM_SCORING, events).tables[0]!.teams).toEqual([
      { team: 'A', points: 18, place: 1 },
      { team: 'B', points: 18, place: 1 },
      { team: 'C', points: 6, place: 3 },
      { team: 'D', points: 6, place: 3 },
    ]);
  });

  it('does not let float noise split equal totals (0.2 + 0.1 against 0.3)', () => {
    const events = [final('Long Jump', ['B', 'A']), final('Shot Put', ['C', 'D', 'A'])];
    const teams = teamTables(settings({ points: [0.3, 0.2, 0.1] }), events).tables[0]!.teams;
    expect(teams.map(({ team, place }) => [team, place])).toEqual([
      ['A', 1],
      ['B', 1],
      ['C', 1],
      ['D', 4],
    ]);
  });
});

describe('team scoring settings', () => {
  it('fills every field left out with its default', () => {
    expect(DEFAULT_TEAM_SCORING).toEqual({
      points: [10, 8, 6, 5, 4, 3, 2, 1],
      perTeam: null,
      reassign: false,
      relayMultiplier: 1,
      byGender: true,
    });
    expect(TeamScoringSettings.parse({ points: [5, 3, 1] })).toEqual({
      ...DEFAULT_TEAM_SCORING,
      points: [5, 3, 1],
    });
  });

  it('refuses an empty table, a negative point, a perTeam of 0 and a multiplier of 0', () => {
    for (const body of [
      { points: [] },
      { points: [10, -1] },
      { perTeam: 0 },
      { perTeam: 1.5 },
      { relayMultiplier: 0 },
      { relayMultiplier: 11 },
    ]) {
      expect(TeamScoringSettings.safeParse(body).success, JSON.stringify(body)).toBe(false);
    }
  });
});

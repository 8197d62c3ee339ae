import { describe, expect, it } from 'vitest';
import { dueAlerts } from '../../server/push/alerts.ts';
import type { EventRows } from '../../server/events/queries.ts';
import type { EventEstimate } from '../../shared/schedule/venue.ts';
import { athleteRow } from '../../server/parsers/athleteRow.ts';
import type { Follows } from '../../shared/schemas/follow.ts';

const ana = athleteRow({ id: 'a', name: 'Ana Reyes', bib: '40', club: 'Tuam AC', lane: '2' });
const bo = athleteRow({ id: 'b', name: 'Bo Chen', bib: '41', club: 'Tuam AC', lane: '3' });
const event = (fields: Partial<EventRows>): EventRows => ({
  id: 'e1',
  competitionUic: 1,
  eventName: 'Women 100 Meter Dash',
  eventType: 'ATHLETICS',
  trackDiscipline: 'ONE_HUNDRED_METER',
  fieldDiscipline: null,
  round: 'heats',
  heat: 2,
  heatCount: 3,
  time: '14:00',
  status: 'upcoming',
  runOrder: null,
  startedAt: null,
  resultsAt: null,
  startListFile: [ana, bo],
  results: [],
  live: null,
  ...fields,
});
const follows: Follows = {
  athletes: [{ competitionUic: 1, key: 'bib:40', name: 'Ana Reyes', club: 'Tuam AC', bib: '40' }],
  clubs: [{ competitionUic: 1, club: 'tuam ac' }],
};
const estimate: EventEstimate = { estimatedStart: '14:12', lateMinutes: 12 };
const due = (e: EventRows, minutesToStart: number | null) =>
  dueAlerts([e], new Map([[e.id, estimate]]), () => minutesToStart, follows, 1);

describe('alerts due', () => {
  it('"through to the final as a fastest loser" once every heat is in, by place at once', () => {
    const progression = (final: boolean) => ({
      byPlace: 1,
      byTime: 2,
      final,
      heatsIn: final ? 3 : 2,
      heatCount: 3,
      nextRound: 'finals' as const,
      qualifiers: [],
      ties: [],
    });
    const results = [
      { ...bo, rank: '1', performance: '11.80', qualified: 'Q' as const },
      { ...ana, rank: '2', performance: '11.92', qualified: 'q' as const },
    ];
    const inProgress = {
      ...event({ status: 'official', results }),
      progression: progression(false),
    };
    const provisional = dueAlerts([inProgress], new Map(), () => null, follows, 1);
    // The official result says Q and q at once; "through" waits for every heat.
    expect(provisional.map((a) => a.kind)).not.toContain('qualified');
    expect(provisional.find((a) => a.kind === 'official')?.alert.body).toBe(
      '2. Ana Reyes 11.92 q; 1. Bo Chen 11.80 Q',
    );
    const complete = { ...inProgress, progression: progression(true) };
    const alert = dueAlerts([complete], new Map(), () => null, follows, 1).find(
      (a) => a.kind === 'qualified',
    );
    expect(alert?.alert).toMatchObject({
      title: 'Through to the final: Women 100 Meter Dash, Heat 2 of 3',
      // The athlete followed by name first, then the club's.
      body: 'Ana Reyes 11.92: through to the final as a fastest loser (q); Bo Chen 11.80: through to the final by place (Q)',
    });
  });

  it('a start list names the followed athletes once, with heat words and the estimate', () => {
    const [alert, ...rest] = due(event({}), 60);
    expect(rest).toEqual([]);
    expect(alert).toMatchObject({
      kind: 'startList',
      keys: ['e1:startList:bib:40', 'e1:startList:club:tuam ac'],
      alert: {
        title: 'Start list out: Women 100 Meter Dash, Heat 2 of 3',
        body: 'Ana Reyes (lane 2); Bo Chen (lane 3) · ≈ 14:12 · running 12 min late',
        url: '/event/e1',
        tag: 'e1:startList',
      },
    });
  });

  it('"starting soon" within 15 minutes of the estimate, not after the heat started', () => {
    expect(due(event({}), 14).map((a) => a.kind)).toEqual(['startList', 'startingSoon']);
    expect(due(event({}), 16).map((a) => a.kind)).toEqual(['startList']);
    expect(due(event({ startedAt: '14:11' }), 5).map((a) => a.kind)).toEqual(['startList']);
  });

  it('results: unofficial from the scoreboard, official from the file, said as such', () => {
    const live = { rows: [{ ...ana, rank: '1', performance: '11.90' }], wind: null, updatedAt: '' };
    const [, unofficial] = due(event({ live }), null);
    expect(unofficial?.alert.body).toBe('1. Ana Reyes 11.90 · provisional, may change');
    const official = due(
      event({ status: 'official', results: [{ ...bo, rank: '1', performance: '11.80' }] }),
      null,
    ).find((a) => a.kind === 'official');
    // Bo is followed through the club only.
    expect(official?.keys).toEqual(['e1:official:club:tuam ac']);
    expect(official?.alert.body).toBe('1. Bo Chen 11.80');
  });

  it('a field event on the card: its place once the judge ended it, not during it', () => {
    const shotPut = (ended: boolean) =>
      event({
        eventName: 'Women Shot Put',
        eventType: 'JUMP',
        trackDiscipline: null,
        fieldDiscipline: 'SHOT_PUT',
        live: {
          rows: [{ ...ana, rank: '2', best: '11.07', performance: '11.07', attempts: ['11.07'] }],
          wind: null,
          updatedAt: '',
          field: {
            up: ended ? null : { bib: '41', name: 'Bo Chen', trial: 1, height: null },
            onDeck: null,
            next: null,
            bar: null,
            ended,
          },
        },
      });
    expect(due(shotPut(false), null).map((a) => a.kind)).toEqual(['startList']);
    const final = due(shotPut(true), null).find((a) => a.kind === 'unofficial');
    expect(final?.alert.body).toBe('2. Ana Reyes 11.07 · provisional, may change');
  });

  it('nothing for another competition, or for nobody followed', () => {
    expect(dueAlerts([event({})], new Map(), () => null, follows, 2)).toEqual([]);
    expect(
      dueAlerts(
        [event({ startListFile: [athleteRow({ id: 'x', name: 'X', club: 'Y' })] })],
        new Map(),
        () => null,
        follows,
        1,
      ),
    ).toEqual([]);
  });
});

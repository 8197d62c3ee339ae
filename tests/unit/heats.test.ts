import { describe, expect, it } from 'vitest';
import { eventTitle, heatLabel, isTimedFinal } from '../../shared/athletics/heats.ts';
import { eventSelectorOptions } from '../../shared/selection.ts';
import { runningOrder } from '../../shared/meet/runningOrder.ts';
import { shareText } from '../../shared/athletics/eventDisplay.ts';
import { timedFinalRanking } from '../../server/athletics/timedFinal.ts';
import { athleteRow } from '../../server/parsers/athleteRow.ts';

describe('heats told apart', () => {
  it('says "Heat 2 of 6", "Section 2 of 3" for a timed final, nothing for a race not split', () => {
    expect(heatLabel({ round: 'heats', heat: 2, heatCount: 6 })).toBe('Heat 2 of 6');
    expect(heatLabel({ round: 'finals', heat: 2, heatCount: 3 })).toBe('Section 2 of 3');
    expect(heatLabel({ round: 'finals', heat: null, heatCount: 1 })).toBeNull();
    expect(isTimedFinal({ round: 'finals', heat: 1, heatCount: 2 })).toBe(true);
    expect(isTimedFinal({ round: 'heats', heat: 1, heatCount: 2 })).toBe(false);
  });

  it('names the heat with the event, in the selector and in share texts', () => {
    const heat = {
      eventName: 'Men 100 Meter Dash',
      round: 'heats' as const,
      heat: 2,
      heatCount: 6,
    };
    expect(eventTitle(heat)).toBe('Men 100 Meter Dash, Heat 2 of 6');
    expect(
      eventSelectorOptions([{ id: 'a', time: '13:05', runOrder: null, ...heat }]).map(
        (o) => o.label,
      ),
    ).toEqual(['13:05 | Men 100 Meter Dash, Heat 2 of 6']);
    expect(shareText({ ...heat, shown: 'results' }, 'Indoor Open', 'https://x/e')).toBe(
      'Check out the results for "Men 100 Meter Dash, Heat 2 of 6" at Indoor Open! See details here: https://x/e',
    );
  });

  it('orders heats by number and rounds in the order they are run', () => {
    const event = (id: string, round: 'heats' | 'finals', heat: number | null, heatCount = 3) => ({
      id,
      time: null,
      runOrder: null,
      eventName: 'Women 60 Meter Dash',
      round,
      heat,
      heatCount,
    });
    const sorted = runningOrder([
      event('final', 'finals', null, 1),
      event('h3', 'heats', 3),
      event('h1', 'heats', 1),
      event('h2', 'heats', 2),
    ]);
    expect(sorted.map((e) => e.id)).toEqual(['h1', 'h2', 'h3', 'final']);
  });
});

describe('a timed final ranked across its sections', () => {
  const row = (name: string, rank: string, performance: string | null) =>
    athleteRow({ id: name, name, rank, performance });

  it('ranks every finisher by time at full precision, ties shared, then those without one', () => {
    const overall = timedFinalRanking([
      { heat: 2, rows: [row('Fast B', '1', '2:08.121'), row('Slow B', '2', '2:20.000')] },
      {
        heat: 1,
        rows: [
          row('Fast A', '1', '2:08.124'),
          row('Tied A', '2', '2:10.500'),
          row('Gone A', 'DNF', null),
        ],
      },
      { heat: 3, rows: [row('Tied C', '1', '2:10.500'), row('Out C', 'DQ', null)] },
    ]);
    expect(overall.map((r) => [r.rank, r.name, r.heat])).toEqual([
      ['1', 'Fast B', 2],
      ['2', 'Fast A', 1],
      ['3', 'Tied A', 1],
      ['3', 'Tied C', 3],
      ['5', 'Slow B', 2],
      ['DNF', 'Gone A', 1],
      ['DQ', 'Out C', 3],
    ]);
  });
});

import { describe, expect, it } from 'vitest';
import { boardPlan, boardResultRows, fieldLeaders } from '../../shared/board.ts';
import { scheduleEstimates } from '../../shared/schedule/venue.ts';
import { competitionClock } from '../../shared/entries.ts';
import { eventSummary } from '../../shared/live/merge.ts';
import type { PublicEvent } from '../../shared/schemas/event.ts';
import { publicEvent, row } from '../support/publicFixtures.ts';

/** An event as the competition's list has it: upcoming, no rows, unless said otherwise. */
const event = (id: string, over: Partial<PublicEvent> = {}) =>
  eventSummary(
    publicEvent({
      id: `00000000-0000-4000-8000-${id.padStart(12, '0')}`,
      status: 'upcoming',
      hasResults: false,
      hasStartList: false,
      estimatedStart: null,
      ...over,
    }),
  );

describe('what the big screen shows', () => {
  it('shows the heat whose results came last, the next race, and field events under way', () => {
    const heat1 = event('1', {
      eventName: '100m',
      heat: 1,
      heatCount: 3,
      time: '10:00',
      round: 'heats',
      status: 'official',
      hasResults: true,
      resultsAt: '10:02:10',
    });
    const heat2 = event('2', {
      eventName: '100m',
      heat: 2,
      heatCount: 3,
      time: '10:10',
      round: 'heats',
      status: 'unofficial',
      resultsAt: '10:12:40',
    });
    const heat3 = event('3', {
      eventName: '100m',
      heat: 3,
      heatCount: 3,
      time: '10:20',
      round: 'heats',
      status: 'upcoming',
      hasStartList: true,
    });
    const longJump = event('4', {
      eventName: 'Long Jump',
      eventType: 'JUMP',
      time: '10:05',
      status: 'unofficial',
      hasResults: true,
    });
    const highJump = event('5', {
      eventName: 'High Jump',
      eventType: 'JUMP',
      time: '10:15',
      status: 'upcoming',
    });
    const scratched = event('6', { eventName: '800m', time: '10:08', status: 'scratched' });
    const hidden = event('7', {
      eventName: '1500m',
      time: '10:09',
      status: 'upcoming',
      visible: false,
    });
    const plan = boardPlan([heat1, heat2, heat3, longJump, highJump, scratched, hidden]);
    expect(plan.latest?.id).toBe(heat2.id);
    // The high jump is earlier on the timetable, but the stands wait for the next race.
    expect(plan.next?.id).toBe(heat3.id);
    expect(plan.later.map((e) => e.id)).toEqual([highJump.id]);
    expect(plan.inProgress.map((e) => e.id)).toEqual([longJump.id]);
  });

  it('goes by the timetable when no arrival was stamped, and shows nothing of an empty meet', () => {
    const a = event('1', { time: '10:00', status: 'official', hasResults: true });
    const b = event('2', { time: '11:00', status: 'official', hasResults: true });
    expect(boardPlan([b, a]).latest?.id).toBe(b.id);
    expect(boardPlan([])).toEqual({ latest: null, next: null, later: [], inProgress: [] });
  });

  it('shows unofficial results labelled provisional, the camera lines before them, in place order', () => {
    const rows = [row('b', 'B', { rank: '2' }), row('a', 'A', { rank: '1' })];
    const unofficial = publicEvent({ status: 'unofficial', results: rows });
    expect(boardResultRows(unofficial)).toEqual({
      rows: [rows[1], rows[0]],
      unofficial: true,
    });
    const lines = publicEvent({
      status: 'unofficial',
      results: [],
      live: { rows, wind: null, updatedAt: new Date().toISOString() },
    });
    expect(boardResultRows(lines).rows.map((r) => r.name)).toEqual(['A', 'B']);
    expect(boardResultRows(publicEvent({ status: 'official', results: rows })).unofficial).toBe(
      false,
    );
    expect(boardResultRows(publicEvent({ status: 'scratched', results: rows })).rows).toEqual([]);
    expect(fieldLeaders(publicEvent({ status: 'unofficial', results: rows }), 1)[0]?.name).toBe(
      'A',
    );
  });
});

describe('estimates of events already over', () => {
  it('gives none for results typed in with nothing observed, and they hold up no heat', () => {
    const now = new Date();
    const { date } = competitionClock(now);
    const over = event('1', {
      time: '00:01',
      round: 'heats',
      heat: 1,
      heatCount: 2,
      status: 'official',
      hasResults: true,
    });
    const next = event('2', {
      time: '23:58',
      round: 'heats',
      heat: 2,
      heatCount: 2,
      status: 'upcoming',
    });
    const estimates = scheduleEstimates([over, next], date, now);
    expect(estimates.get(over.id)).toMatchObject({
      started: true,
      text: null,
      estimatedStart: null,
    });
    expect(estimates.get(next.id)?.started).toBe(false);
  });
});

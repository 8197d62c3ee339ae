import { describe, expect, it } from 'vitest';
import { fieldLeaders, meetNow, resultRows } from '../../shared/meet/now.ts';
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

describe('now and next: what the competition page, the big screen and the widget show', () => {
  it('shows the heat whose results came last, races and field events under way, the next race', () => {
    const heat1 = event('1', {
      eventName: '100m',
      heat: 1,
      heatCount: 4,
      time: '10:00',
      round: 'heats',
      status: 'official',
      hasResults: true,
      shown: 'results',
      resultsAt: '10:02:10',
    });
    const heat2 = event('2', {
      eventName: '100m',
      heat: 2,
      heatCount: 4,
      time: '10:10',
      round: 'heats',
      status: 'unofficial',
      shown: 'live',
      resultsAt: '10:12:40',
    });
    // The gun went: the race is on, no results yet.
    const heat3 = event('3', {
      eventName: '100m',
      heat: 3,
      heatCount: 4,
      time: '10:20',
      round: 'heats',
      startedAt: '10:20:05',
      shown: 'startList',
      hasStartList: true,
    });
    const heat4 = event('8', {
      eventName: '100m',
      heat: 4,
      heatCount: 4,
      time: '10:30',
      round: 'heats',
      status: 'upcoming',
      shown: 'startList',
      hasStartList: true,
    });
    const longJump = event('4', {
      eventName: 'Long Jump',
      eventType: 'JUMP',
      time: '10:05',
      status: 'unofficial',
      shown: 'live',
      progress: { part: 'flights', done: 1, of: 2 },
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
    const plan = meetNow([heat1, heat2, heat3, heat4, longJump, highJump, scratched, hidden], {
      now: 10 * 60 + 21,
    });
    expect(plan.latest?.id).toBe(heat2.id);
    expect(plan.running.map((e) => e.id)).toEqual([heat3.id]);
    expect(plan.fieldInProgress.map((e) => e.id)).toEqual([longJump.id]);
    // The high jump is earlier in the running order, but the stands wait for the next race.
    expect(plan.next?.id).toBe(heat4.id);
    expect(plan.later.map((e) => e.id)).toEqual([highJump.id]);
    // A gun an hour and more ago with nothing since is no race on now.
    expect(meetNow([heat3], { now: 12 * 60 }).running).toEqual([]);
    // A race before the last one run that never reported is behind the meet, not next.
    const unreported = event('9', { eventName: '4x100m', time: '09:50', status: 'upcoming' });
    expect(meetNow([unreported, heat1, heat2, heat3, heat4], { now: 10 * 60 + 21 }).next?.id).toBe(
      heat4.id,
    );
  });

  it('goes by the running order when no arrival was stamped, and shows nothing of an empty meet', () => {
    const a = event('1', { time: '10:00', status: 'official', hasResults: true, shown: 'results' });
    const b = event('2', { time: '11:00', status: 'official', hasResults: true, shown: 'results' });
    expect(meetNow([b, a]).latest?.id).toBe(b.id);
    expect(meetNow([])).toEqual({
      running: [],
      fieldInProgress: [],
      latest: null,
      next: null,
      later: [],
    });
  });

  it('shows the rows the event page shows: unofficial lines provisional, results official', () => {
    const rows = [row('b', 'B', { rank: '2' }), row('a', 'A', { rank: '1' })];
    const lines = publicEvent({
      status: 'unofficial',
      results: [],
      live: { rows, wind: null, updatedAt: new Date().toISOString() },
    });
    expect(resultRows(lines)).toEqual({ rows: [rows[1], rows[0]], provisional: true });
    expect(resultRows(publicEvent({ status: 'official', results: rows })).provisional).toBe(false);
    // Unofficial results (an XML file's) are not shown on any screen: the page shows none.
    expect(resultRows(publicEvent({ status: 'unofficial', results: rows })).rows).toEqual([]);
    expect(resultRows(publicEvent({ status: 'scratched', results: rows })).rows).toEqual([]);
    expect(fieldLeaders(lines, 1)[0]?.name).toBe('A');
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

import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parseEventTime } from '../../shared/athletics/eventTime.ts';
import { estimateStarts, formatEstimate, meetLateness } from '../../shared/schedule/estimate.ts';
import type { ScheduledEvent, StartEstimate } from '../../shared/schedule/estimate.ts';

// --- Recorded meets: timetable plus what really happened (see each file's `source`). ---

type Known = 'startedAt' | 'resultsAt';
interface RecordedEvent extends Omit<ScheduledEvent, Known> {
  actualStart: string;
  resultsAt: string;
}
interface RecordedMeet {
  name: string;
  source: string;
  events: RecordedEvent[];
}

const folder = new URL('../fixtures/recordedMeets/', import.meta.url);
const meets: RecordedMeet[] = readdirSync(folder)
  .filter((file) => file.endsWith('.json'))
  .sort()
  .map((file) => {
    const meet = JSON.parse(readFileSync(new URL(file, folder), 'utf8')) as RecordedMeet;
    return { ...meet, name: file.replace(/\.json$/, '') };
  });

/** "HH:MM:SS" as meet-clock minutes. */
function clock(text: string): number {
  const minutes = parseEventTime(text);
  if (minutes === null) throw new Error(`not a clock time: ${text}`);
  return minutes;
}

/** The meet as the server saw it at `now`: starts and results that had happened by then. */
const knownAt = (meet: RecordedMeet, now: number): ScheduledEvent[] =>
  meet.events.map(({ actualStart, resultsAt, ...event }) => ({
    ...event,
    startedAt: clock(actualStart) <= now ? clock(actualStart) : null,
    resultsAt: clock(resultsAt) <= now ? clock(resultsAt) : null,
  }));

const LEADS = [60, 30, 10] as const;

interface Errors {
  rule: number[];
  timetable: number[];
}

/** For each event, `lead` minutes before it really started: how far off each guess was. */
function replay(meet: RecordedMeet, lead: number): Errors {
  const errors: Errors = { rule: [], timetable: [] };
  for (const event of meet.events) {
    const scheduled = parseEventTime(event.time);
    if (scheduled === null) continue;
    const actual = clock(event.actualStart);
    const now = actual - lead;
    const guess = estimateStarts(knownAt(meet, now), now).get(event.id)?.estimatedStart;
    if (guess === null || guess === undefined) throw new Error(`no estimate for ${event.id}`);
    errors.rule.push(Math.abs(guess - actual));
    errors.timetable.push(Math.abs(scheduled - actual));
  }
  return errors;
}

const mean = (values: readonly number[]) => values.reduce((a, b) => a + b, 0) / values.length;
const p90 = (values: readonly number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil(sorted.length * 0.9) - 1)] ?? NaN;
};

const pooled = (lead: number): Errors => {
  const all: Errors = { rule: [], timetable: [] };
  for (const meet of meets) {
    const { rule, timetable } = replay(meet, lead);
    all.rule.push(...rule);
    all.timetable.push(...timetable);
  }
  return all;
};

describe('recorded meets', () => {
  it('are there: at least 3 meets, 25+ track heats and some field events', () => {
    expect(meets.length).toBeGreaterThanOrEqual(3);
    const events = meets.flatMap((m) => m.events);
    expect(events.filter((e) => e.eventType === 'ATHLETICS').length).toBeGreaterThanOrEqual(25);
    expect(events.filter((e) => e.eventType === 'JUMP').length).toBeGreaterThan(0);
    for (const meet of meets) expect(meet.source.length).toBeGreaterThan(40);
  });

  it('replays every meet and reports the error against the timetable alone', () => {
    const rows = LEADS.map((lead) => {
      const { rule, timetable } = pooled(lead);
      const r = (n: number) => Math.round(n * 10) / 10;
      return {
        lead: `${lead} min`,
        events: rule.length,
        'rule MAE': r(mean(rule)),
        'rule p90': r(p90(rule)),
        'timetable MAE': r(mean(timetable)),
        'timetable p90': r(p90(timetable)),
      };
    });
    console.log('Estimated start vs actual start (absolute minutes, all meets):');
    console.table(rows);
    for (const row of rows) expect(row['rule MAE']).toBeLessThan(row['timetable MAE']);
  });

  it('beats the timetable on a meet that runs late', () => {
    const late = meets.find((m) => m.name === 'us-high-school');
    if (!late) throw new Error('us-high-school.json is missing');
    for (const lead of LEADS) {
      const { rule, timetable } = replay(late, lead);
      expect(mean(rule)).toBeLessThan(mean(timetable) / 2);
    }
  });

  it('is within a few minutes ten minutes ahead', () => {
    const { rule } = pooled(10);
    // Measured: p90 4.7 min, mean 1.9 min (against 24.2 and 10.5 for the timetable alone).
    expect(p90(rule)).toBeLessThanOrEqual(6);
    expect(mean(rule)).toBeLessThanOrEqual(3);
  });
});

// --- Focused cases on a made-up timetable. ---

const track = (
  id: string,
  eventName: string,
  time: string | null,
  heat: number | null,
  heatCount: number,
  more: Partial<ScheduledEvent> = {},
): ScheduledEvent => ({
  id,
  eventName,
  time,
  round: 'heats',
  heat,
  heatCount,
  eventType: 'ATHLETICS',
  trackDiscipline: 'ONE_HUNDRED_METER',
  fieldDiscipline: null,
  startedAt: null,
  resultsAt: null,
  ...more,
});

const field = (id: string, time: string, more: Partial<ScheduledEvent> = {}): ScheduledEvent => ({
  ...track(id, 'Women Long Jump', time, null, 1, more),
  round: 'finals',
  eventType: 'JUMP',
  trackDiscipline: null,
  fieldDiscipline: 'LONG_JUMP',
});

const at = (text: string) => clock(text);
const get = (estimates: Map<string, StartEstimate>, id: string): StartEstimate => {
  const estimate = estimates.get(id);
  if (!estimate) throw new Error(`no estimate for ${id}`);
  return estimate;
};
const startOf = (estimates: Map<string, StartEstimate>, id: string): number => {
  const start = get(estimates, id).estimatedStart;
  if (start === null) throw new Error(`no start for ${id}`);
  return start;
};

describe('estimateStarts', () => {
  const hundred = [1, 2, 3].map((h) => track(`a${h}`, 'Men 100 Meter Dash', '14:00', h, 3));
  const twoHundred = [1, 2].map((h) =>
    track(`b${h}`, 'Men 200 Meter Dash', '14:15', h, 2, { trackDiscipline: 'TWO_HUNDRED_METER' }),
  );

  it('a late meet pushes the later heats', () => {
    const [first, ...rest] = hundred;
    if (!first) throw new Error('no heat');
    const events = [{ ...first, startedAt: at('14:10') }, ...rest, ...twoHundred];
    const estimates = estimateStarts(events, at('14:11'));
    expect(startOf(estimates, 'a2')).toBeGreaterThan(at('14:12'));
    expect(startOf(estimates, 'a3')).toBeGreaterThan(startOf(estimates, 'a2'));
    expect(startOf(estimates, 'b1')).toBeGreaterThan(at('14:15'));
    expect(get(estimates, 'b1').lateMinutes).toBeGreaterThan(0);
    expect(startOf(estimates, 'b2')).toBeGreaterThan(startOf(estimates, 'b1'));
    expect(meetLateness(events, at('14:11'))).toBe(10);
  });

  it('slack in the timetable absorbs the delay', () => {
    const later = track('c', 'Women 400 Meter Dash', '15:30', null, 1);
    const [first, ...rest] = hundred;
    if (!first) throw new Error('no heat');
    const events = [{ ...first, startedAt: at('14:10') }, ...rest, later];
    const estimate = get(estimateStarts(events, at('14:11')), 'c');
    expect(estimate.estimatedStart).toBe(at('15:30'));
    expect(estimate.lateMinutes).toBe(0);
  });

  it('never estimates a start before now while the meet is seen running', () => {
    const [first, ...rest] = hundred;
    if (!first) throw new Error('no heat');
    const events = [{ ...first, startedAt: at('14:02') }, ...rest, field('lj', '13:00')];
    const now = at('14:20');
    const estimates = estimateStarts(events, now);
    for (const id of ['a2', 'a3', 'lj']) expect(startOf(estimates, id)).toBeGreaterThanOrEqual(now);
    expect(get(estimates, 'lj').lateMinutes).toBe(80);
  });

  it('says no meet is hours late because its results were not published', () => {
    // Nothing seen all afternoon: the timetable's times stand, and nothing is pushed to now.
    const events = [...hundred, ...twoHundred, field('lj', '13:00')];
    const now = at('18:31');
    const estimates = estimateStarts(events, now);
    expect(startOf(estimates, 'a1')).toBe(at('14:00'));
    expect(get(estimates, 'b1').lateMinutes).toBe(0);
    expect(startOf(estimates, 'lj')).toBe(at('13:00'));
    // The last gun hours ago: whatever came after it is not estimated from the clock either.
    const [first, ...rest] = hundred;
    if (!first) throw new Error('no heat');
    const stale = estimateStarts([{ ...first, startedAt: at('14:00') }, ...rest], now);
    expect(startOf(stale, 'a2')).toBeLessThan(at('14:10'));
  });

  it('holds nothing up for a heat that never reported, and guesses nothing for it', () => {
    const [first, second, third] = hundred;
    if (!first || !second || !third) throw new Error('no heat');
    const events = [
      { ...first, startedAt: at('14:00') },
      second,
      { ...third, startedAt: at('14:04') },
    ];
    const estimates = estimateStarts(events, at('14:05'));
    expect(get(estimates, 'a2')).toMatchObject({ estimatedStart: null, started: false });
  });

  it('follows the running order of races with no time: after the heat seen last', () => {
    const listed = [1, 2].map((h) =>
      track(`u${h}`, 'Men 100 Meter Dash', null, h, 2, { runOrder: h }),
    );
    const [first, second] = listed;
    if (!first || !second) throw new Error('no heat');
    const estimates = estimateStarts([{ ...first, startedAt: at('14:00') }, second], at('14:01'));
    expect(startOf(estimates, 'u2')).toBe(at('14:03:30'));
    // Before anything is seen, a race with no time has no estimate.
    expect(get(estimateStarts(listed, at('13:00')), 'u1').estimatedStart).toBeNull();
  });

  it('reports a started event as started, at its start', () => {
    const events = [track('s', 'Men 100 Meter Dash', '14:00', null, 1, { startedAt: at('14:07') })];
    expect(get(estimateStarts(events, at('14:30')), 's')).toEqual({
      estimatedStart: at('14:07'),
      lateMinutes: 7,
      started: true,
    });
  });

  it('takes a heat known only by its results as started shortly before they came', () => {
    const events = [track('r', 'Men 100 Meter Dash', '14:00', null, 1, { resultsAt: at('14:10') })];
    const estimate = get(estimateStarts(events, at('14:11')), 'r');
    expect(estimate.started).toBe(true);
    expect(estimate.estimatedStart).toBeGreaterThan(at('14:07'));
    expect(estimate.estimatedStart).toBeLessThan(at('14:10'));
  });

  it('spaces the heats of one race by the gaps observed between its heats', () => {
    const heats = [1, 2, 3, 4, 5].map((h) => track(`h${h}`, 'Men 100 Meter Dash', '14:00', h, 5));
    const starts = ['14:00', '14:06', '14:12'];
    const events = heats.map((e, i) => ({ ...e, startedAt: starts[i] ? at(starts[i]) : null }));
    const estimates = estimateStarts(events, at('14:12:30'));
    const [fourth, fifth] = [startOf(estimates, 'h4'), startOf(estimates, 'h5')];
    // 6 minutes a heat observed against 3.5 by default: well above the default, near 6.
    expect(fourth).toBeGreaterThan(at('14:17'));
    expect(fourth).toBeLessThan(at('14:19'));
    expect(fifth - fourth).toBeGreaterThan(5);
  });

  it('takes heats named with their number ("Lauf 1", "Lauf 2") as one race', () => {
    const heats = [1, 2].map((h) =>
      track(`l${h}`, `100 m Männer Vorlauf - Lauf ${h}`, '14:00', h, 2),
    );
    const [first, second] = heats;
    if (!first || !second) throw new Error('no heat');
    const estimates = estimateStarts([{ ...first, startedAt: at('14:00') }, second], at('14:01'));
    // One heat's duration after the first, without a changeover between races.
    expect(startOf(estimates, 'l2')).toBe(at('14:03:30'));
  });

  it('does not push field events with the track delay', () => {
    const [first, ...rest] = hundred;
    if (!first) throw new Error('no heat');
    const events = [{ ...first, startedAt: at('14:25') }, ...rest, field('lj', '14:30')];
    const estimate = get(estimateStarts(events, at('14:26')), 'lj');
    expect(estimate.estimatedStart).toBe(at('14:30'));
    expect(estimate.lateMinutes).toBe(0);
  });

  it('has no estimate without a readable time, unless it started', () => {
    const events = [
      track('x', 'Men 100 Meter Dash', null, null, 1),
      track('y', 'Men 100 Meter Dash', 'after the 800', null, 1),
      field('z', '', { startedAt: at('15:00') }),
    ];
    const estimates = estimateStarts(events, at('14:00'));
    expect(get(estimates, 'x')).toEqual({
      estimatedStart: null,
      lateMinutes: null,
      started: false,
    });
    expect(get(estimates, 'y').estimatedStart).toBeNull();
    expect(get(estimates, 'z')).toEqual({
      estimatedStart: at('15:00'),
      lateMinutes: null,
      started: true,
    });
  });
});

describe('meetLateness', () => {
  it('is null before anything has started', () => {
    expect(
      meetLateness([track('a', 'Men 100 Meter Dash', '14:00', null, 1)], at('14:30')),
    ).toBeNull();
  });

  it('counts a hold: the next heat overdue makes the meet later', () => {
    const events = [
      track('a', 'Men 100 Meter Dash', '14:00', null, 1, { startedAt: at('14:02') }),
      track('b', 'Women 100 Meter Dash', '14:05', null, 1),
    ];
    expect(meetLateness(events, at('14:04'))).toBe(2);
    expect(meetLateness(events, at('14:25'))).toBe(20);
  });
});

describe('formatEstimate', () => {
  const upcoming = (estimatedStart: number | null, lateMinutes: number | null): StartEstimate => ({
    estimatedStart,
    lateMinutes,
    started: false,
  });

  it.each([
    [upcoming(at('14:32'), 12), '≈ 14:32 · running 12 min late'],
    [upcoming(at('14:32'), -3), '≈ 14:32 · running 3 min early'],
    [upcoming(at('14:32'), 1), '≈ 14:32 · on time'],
    [upcoming(at('14:32'), -1), '≈ 14:32 · on time'],
    [upcoming(at('14:32'), 2), '≈ 14:32 · running 2 min late'],
    [upcoming(at('14:31:40'), 0), '≈ 14:32 · on time'],
    [upcoming(at('9:05'), 0), '≈ 9:05 · on time'],
    [upcoming(at('14:32'), null), '≈ 14:32'],
  ])('%j reads %j', (estimate, text) => {
    expect(formatEstimate(estimate)).toBe(text);
  });

  it('says nothing for a started event or one without an estimate', () => {
    expect(
      formatEstimate({ estimatedStart: at('14:00'), lateMinutes: 0, started: true }),
    ).toBeNull();
    expect(formatEstimate(upcoming(null, null))).toBeNull();
  });
});

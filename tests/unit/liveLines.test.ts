import { describe, expect, it } from 'vitest';
import { coalesced, linesApply, withLines } from '../../shared/live/liveLines.ts';
import { compactEvent, linesEvent } from '../../shared/live/pushedEvent.ts';
import type { LiveMessage } from '../../shared/live/messages.ts';
import type { PublicEvent } from '../../shared/schemas/event.ts';
import { publicEvent, row } from '../support/publicFixtures.ts';

// `event.live` (shared/live/liveLines.ts): which events a change of the lines alone applies
// to, and what a node sends when a burst of lines and whole events meets in its coalescer.

const startList = [row('s1', 'Sam Carter', { lane: '4' }), row('s2', 'Ola Berg', { lane: '5' })];
const liveRows = (n: number) =>
  startList.slice(0, n).map((r, i) => ({ ...r, rank: String(i + 1), performance: `10.4${i}` }));

/** The heat at `version`, its first `finishers` on the scoreboard. */
const heat = (version: number, finishers: number): PublicEvent =>
  publicEvent({
    version,
    results: [],
    startListFile: startList,
    shown: 'live',
    live: { rows: liveRows(finishers), wind: '+0.3', updatedAt: `2026-03-14T10:3${version}:00Z` },
  });

const changed = (e: PublicEvent): LiveMessage => ({
  name: 'event.changed',
  payload: {
    event: compactEvent(e),
    competitionVersion: e.competition.version,
    version: e.version,
  },
});
const lines = (e: PublicEvent, since = e.version - 1): LiveMessage => ({
  name: 'event.live',
  payload: {
    event: linesEvent(compactEvent(e)),
    competitionVersion: e.competition.version,
    since,
    version: e.version,
  },
});

describe('linesApply', () => {
  it('takes an event held at any version from `since` up to the one before the lines', () => {
    const at = { since: 4, version: 7 };
    expect([3, 4, 5, 6, 7, 8].map((held) => linesApply(at, held))).toEqual([
      false,
      true,
      true,
      true,
      false,
      false,
    ]);
  });
});

describe('withLines', () => {
  it('keeps the rows the lines leave out and takes everything else from them', () => {
    const before = compactEvent(heat(4, 1));
    const after = compactEvent({ ...heat(5, 2), startedAt: '10:31:02' });
    expect(withLines(before, linesEvent(after))).toEqual(after);
  });
});

describe('coalesced: what waits for an event when newer news of it comes', () => {
  it('is the whole event at the lines’ version when lines come on a whole event', () => {
    const merged = coalesced(changed(heat(4, 1)), lines(heat(5, 2)));
    expect(merged).toEqual(changed(heat(5, 2)));
  });

  it('is the newer lines, from the older ones’ `since`, when lines come on lines', () => {
    const merged = coalesced(lines(heat(5, 2)), lines(heat(6, 2)));
    expect(merged).toEqual(lines(heat(6, 2), 4));
    // And on again: the page that held version 4 still puts the event together.
    expect(coalesced(merged, lines(heat(7, 2)))).toEqual(lines(heat(7, 2), 4));
  });

  it('is the lines as they came when they do not follow what waits (a version went by unseen)', () => {
    expect(coalesced(changed(heat(4, 1)), lines(heat(6, 2)))).toEqual(lines(heat(6, 2)));
    expect(coalesced(lines(heat(4, 1)), lines(heat(6, 2)))).toEqual(lines(heat(6, 2)));
  });

  it('is the newer message whenever it is not lines: it carries all the waiting one did', () => {
    const whole = changed(heat(6, 2));
    expect(coalesced(lines(heat(5, 2)), whole)).toBe(whole);
    const removed: LiveMessage = {
      name: 'event.removed',
      payload: { eventId: heat(7, 2).id, competitionUic: 101, version: 7 },
    };
    expect(coalesced(lines(heat(6, 2)), removed)).toBe(removed);
  });

  it('is the lines after an event too large to push: pages short of it fetch it', () => {
    const outdated: LiveMessage = {
      name: 'event.outdated',
      payload: { eventId: heat(4, 1).id, competitionUic: 101, version: 4 },
    };
    expect(coalesced(outdated, lines(heat(5, 2)))).toEqual(lines(heat(5, 2)));
  });
});

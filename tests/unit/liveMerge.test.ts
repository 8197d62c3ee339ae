import { describe, expect, it } from 'vitest';
import {
  eventSummary,
  isBehind,
  removeByVersion,
  upsertByVersion,
} from '../../shared/live/merge.ts';
import { EventSummary, PublicEvent } from '../../shared/schemas/event.ts';
import { publicEvent } from '../support/publicFixtures.ts';

interface Row {
  id: string;
  name: string;
  version: number;
}

const row = (id: string, version: number, name = `row ${id} v${version}`): Row => ({
  id,
  name,
  version,
});
const byId = (id: string) => (held: Row) => held.id === id;

describe('upsertByVersion', () => {
  it('replaces the entry when the item is newer, keeping the order', () => {
    const list = [row('a', 1), row('b', 1), row('c', 1)];
    const next = upsertByVersion(list, row('b', 2, 'renamed'), byId('b'));
    expect(next).toEqual([row('a', 1), row('b', 2, 'renamed'), row('c', 1)]);
    expect(next).not.toBe(list);
    expect(list[1]).toEqual(row('b', 1)); // the held list is not mutated
  });

  it('returns the same list when the held entry is as new', () => {
    const list = [row('a', 3), row('b', 5)];
    expect(upsertByVersion(list, row('b', 5, 'same version'), byId('b'))).toBe(list);
  });

  it('returns the same list when the held entry is newer', () => {
    const list = [row('a', 3), row('b', 5)];
    const next = upsertByVersion(list, row('b', 4, 'older'), byId('b'));
    expect(next).toBe(list);
    expect(next[1]).toEqual(row('b', 5));
  });

  it('appends the item when the list has no entry for it', () => {
    const list = [row('a', 3)];
    const next = upsertByVersion(list, row('z', 1), byId('z'));
    expect(next).toEqual([row('a', 3), row('z', 1)]);
    expect(list).toHaveLength(1);
  });

  it('appends to an empty list', () => {
    expect(upsertByVersion([], row('a', 1), byId('a'))).toEqual([row('a', 1)]);
  });
});

describe('removeByVersion', () => {
  it('removes the entry when the held version is older than the removal', () => {
    const list = [row('a', 1), row('b', 2), row('c', 1)];
    const next = removeByVersion(list, 3, byId('b'));
    expect(next).toEqual([row('a', 1), row('c', 1)]);
    expect(list).toHaveLength(3);
  });

  it('removes the entry when the held version equals the removal', () => {
    const list = [row('a', 1), row('b', 3)];
    expect(removeByVersion(list, 3, byId('b'))).toEqual([row('a', 1)]);
  });

  it('keeps the entry (same list) when the held version is newer than the removal', () => {
    const list = [row('a', 1), row('b', 4)];
    expect(removeByVersion(list, 3, byId('b'))).toBe(list);
  });

  it('returns the same list when there is nothing to remove', () => {
    const list = [row('a', 1), row('b', 4)];
    expect(removeByVersion(list, 10, byId('z'))).toBe(list);
  });
});

describe('eventSummary', () => {
  it('drops results, startListFile, live results, the last correction, competition and club', () => {
    const summary = eventSummary(publicEvent());
    expect(summary).not.toHaveProperty('results');
    expect(summary).not.toHaveProperty('live');
    expect(summary).not.toHaveProperty('startListFile');
    expect(summary).not.toHaveProperty('competition');
    expect(summary).not.toHaveProperty('club');
    expect(summary).not.toHaveProperty('correctedAt');
  });

  it('keeps every other field with its value', () => {
    const event = publicEvent();
    const summary = eventSummary(event);
    const listingFields = Object.keys(EventSummary.shape) as (keyof EventSummary)[];
    // The rows of every kind, the last correction, the round's progression, the competition
    // and the club.
    expect(listingFields).toHaveLength(Object.keys(event).length - 8);
    expect(summary).toEqual(Object.fromEntries(listingFields.map((key) => [key, event[key]])));
    expect(Object.keys(summary).sort()).toEqual(Object.keys(EventSummary.shape).sort());
    expect(EventSummary.strict().parse(summary)).toEqual(summary);
  });

  it('does not modify the event it summarises', () => {
    const event = publicEvent();
    const copy = structuredClone(event);
    eventSummary(event);
    expect(event).toEqual(copy);
    expect(PublicEvent.parse(event)).toEqual(copy);
  });
});

describe('isBehind', () => {
  const held = new Map([
    ['competition:101', 4],
    ['event:a', 2],
    ['event:b', 7],
  ]);

  it('is true when the snapshot has a key that is not held', () => {
    expect(isBehind(held, { 'competition:101': 4, 'event:a': 2, 'event:b': 7, 'event:c': 1 })).toBe(
      true,
    );
  });

  it('is true when the snapshot has a newer version of a held key', () => {
    expect(isBehind(held, { 'competition:101': 4, 'event:a': 3, 'event:b': 7 })).toBe(true);
    expect(isBehind(held, { 'competition:101': 5, 'event:a': 2, 'event:b': 7 })).toBe(true);
  });

  it('is true when something held is missing from the snapshot', () => {
    expect(isBehind(held, { 'competition:101': 4, 'event:a': 2 })).toBe(true);
  });

  it('is false when every held version equals the snapshot', () => {
    expect(isBehind(held, { 'competition:101': 4, 'event:a': 2, 'event:b': 7 })).toBe(false);
  });

  it('is false when what is held is newer than the snapshot', () => {
    expect(isBehind(held, { 'competition:101': 3, 'event:a': 1, 'event:b': 7 })).toBe(false);
  });

  it('is false for nothing held and an empty snapshot, true once the snapshot has an entry', () => {
    expect(isBehind(new Map(), {})).toBe(false);
    expect(isBehind(new Map(), { 'event:a': 1 })).toBe(true);
  });
});

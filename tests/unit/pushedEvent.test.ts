import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { AthleteRow } from '../../shared/schemas/athlete.ts';
import { liveMessages } from '../../shared/live/messages.ts';
import {
  compactEvent,
  fullEvent,
  fullLinesEvent,
  linesEvent,
  NULLABLE_ROW_FIELDS,
} from '../../shared/live/pushedEvent.ts';
import { withLines } from '../../shared/live/liveLines.ts';
import { publicEvent, row } from '../support/publicFixtures.ts';

// The compact form of `event.changed` (shared/live/pushedEvent.ts): smaller, and the page
// gets back exactly the event the API serves.

const text = fc.option(fc.string({ maxLength: 12 }), { nil: null });
const arbitraryRow = fc
  .record({
    id: fc.uuid(),
    name: fc.string({ minLength: 1, maxLength: 20 }),
    rank: text,
    bib: text,
    eventName: text,
    club: text,
    category: text,
    performance: text,
    points: text,
    lane: text,
    pdfUrl: text,
    best: fc.option(text, { nil: undefined }),
    heat: fc.option(fc.option(fc.integer({ min: 1, max: 9 }), { nil: null }), { nil: undefined }),
    attempts: fc.option(fc.array(text, { maxLength: 6 }), { nil: undefined }),
  })
  .map((r) => Object.fromEntries(Object.entries(r).filter(([, v]) => v !== undefined)))
  .map((r) => AthleteRow.parse(r));

describe('the pushed form of an event', () => {
  it('leaves out exactly the row fields that are always present and may be null', () => {
    const nullable = Object.entries(AthleteRow.shape)
      .filter(([, field]) => field.safeParse(null).success && !field.safeParse(undefined).success)
      .map(([key]) => key);
    expect(Object.keys(NULLABLE_ROW_FIELDS).sort()).toEqual(nullable.sort());
  });

  it('comes back whole with the parents a page holds, and passes the message schema', () => {
    fc.assert(
      fc.property(
        fc.array(arbitraryRow, { maxLength: 8 }),
        fc.array(arbitraryRow, { maxLength: 8 }),
        fc.option(fc.array(arbitraryRow, { maxLength: 4 }), { nil: null }),
        (results, startListFile, liveRows) => {
          const event = publicEvent({
            results,
            startListFile,
            live: liveRows && { rows: liveRows, wind: null, updatedAt: '2026-11-26T10:00:00Z' },
          });
          const pushed = compactEvent(event);
          const payload = { event: pushed, competitionVersion: 1, version: event.version };
          const parsed = liveMessages['event.changed'].parse(payload);
          expect(fullEvent(parsed.event, event)).toEqual(event);
        },
      ),
    );
  });

  it('of its lines alone puts the event together over the version before, and passes the schema', () => {
    fc.assert(
      fc.property(
        fc.array(arbitraryRow, { maxLength: 8 }),
        fc.array(arbitraryRow, { maxLength: 4 }),
        fc.array(arbitraryRow, { maxLength: 4 }),
        (startListFile, before, after) => {
          const lines = (rows: AthleteRow[], version: number) =>
            publicEvent({
              version,
              results: [],
              startListFile,
              live: { rows, wind: '-0.4', updatedAt: `2026-11-26T10:00:0${version}Z` },
            });
          const event = lines(after, 3);
          const payload = {
            event: linesEvent(compactEvent(event)),
            competitionVersion: 1,
            since: 2,
            version: 3,
          };
          const parsed = liveMessages['event.live'].parse(payload);
          expect(parsed.event).not.toHaveProperty('startListFile');
          expect(withLines(lines(before, 2), fullLinesEvent(parsed.event))).toEqual(event);
        },
      ),
    );
  });

  it('is smaller: no competition, no club, no empty fields', () => {
    const event = publicEvent({
      startListFile: [row('s1', 'Sam Carter', { lane: '4', bib: null, performance: null })],
    });
    const pushed = compactEvent(event);
    expect(pushed).not.toHaveProperty('competition');
    expect(pushed).not.toHaveProperty('club');
    expect(pushed.startListFile[0]).toEqual({
      id: 's1',
      name: 'Sam Carter',
      club: 'Harbour AC',
      category: 'Senior',
      lane: '4',
    });
    expect(JSON.stringify(pushed).length).toBeLessThan(JSON.stringify(event).length * 0.8);
  });
});

import { describe, expect, it } from 'vitest';
import { isScratched, shareText, whatsappShareUrl } from '../../shared/athletics/eventDisplay.ts';
import {
  eventTableContent,
  publicRows,
  shownTable,
  type ShownTable,
} from '../../shared/meet/shown.ts';
import { athleteRow } from '../../server/parsers/athleteRow.ts';
import { eventStatuses } from '../../shared/schemas/enums.ts';
import type { EventStatus } from '../../shared/schemas/enums.ts';

const rows = [athleteRow({ id: '1', name: 'Anna Byrne' })];

describe('eventTableContent', () => {
  const cases: [EventStatus, boolean, boolean, ReturnType<typeof eventTableContent>][] = [
    // status, has results, has start list, shown
    ['official', true, true, 'results'],
    ['official', true, false, 'results'],
    ['official', false, true, 'none'],
    ['official', false, false, 'none'],
    ['unofficial', true, true, 'startList'],
    ['unofficial', true, false, 'none'],
    ['unofficial', false, true, 'startList'],
    ['unofficial', false, false, 'none'],
    ['upcoming', true, true, 'startList'],
    ['upcoming', false, true, 'startList'],
    ['upcoming', false, false, 'startList'],
    ['scratched', true, true, 'none'],
    ['scratched', false, true, 'none'],
    // What a file published shows, even while the admin owes the event an edit.
    ['imported', true, true, 'results'],
    ['imported', false, true, 'startList'],
  ];

  it.each(cases)('%s with results %s and start list %s -> %s', (status, res, start, shown) => {
    expect(
      eventTableContent({
        status,
        results: res ? rows : [],
        startListFile: start ? rows : [],
        live: null,
      }),
    ).toBe(shown);
  });
});

describe("one rule for every screen: the finish camera's lines", () => {
  it('shows unofficial lines before results, above the start list, never on a scratched event', () => {
    const facts = (status: EventStatus, results: number, live: number) =>
      shownTable({ status, results, startList: 3, live });
    expect(facts('unofficial', 0, 4)).toBe('live');
    expect(facts('upcoming', 0, 4)).toBe('live');
    expect(facts('official', 8, 4)).toBe('results');
    // Unofficial results (an XML file) are not shown: the start list is.
    expect(facts('unofficial', 8, 0)).toBe('startList');
    expect(facts('scratched', 0, 4)).toBe('none');
  });

  it('publishes only what is shown', () => {
    const live = { rows, wind: null, updatedAt: '2026-11-27T10:00:00Z' };
    const unofficial = publicRows({
      status: 'unofficial',
      results: rows,
      startListFile: rows,
      live,
    });
    expect(unofficial.results).toEqual([]);
    expect(unofficial.live).toBe(live);
    const official = publicRows({ status: 'official', results: rows, startListFile: rows, live });
    expect(official.results).toBe(rows);
    expect(official.live).toBeNull();
  });
});

describe('shareText', () => {
  const link = 'https://rith.example/dublin-open/events/42';

  it('offers the results the page shows', () => {
    expect(shareText({ eventName: '100m Final', shown: 'results' }, 'Dublin Open', link)).toBe(
      'Check out the results for "100m Final" at Dublin Open! See details here: https://rith.example/dublin-open/events/42',
    );
  });

  it('offers the unofficial lines as provisional', () => {
    expect(shareText({ eventName: '100m Final', shown: 'live' }, 'Dublin Open', link)).toBe(
      'Check out the unofficial results for "100m Final" at Dublin Open (provisional: they may still change)! See details here: https://rith.example/dublin-open/events/42',
    );
  });

  it.each<ShownTable>(['startList', 'none'])('offers the start list otherwise (%s)', (shown) => {
    expect(shareText({ eventName: 'Long Jump', shown }, 'Dublin Open', link)).toBe(
      'Check out the start list for "Long Jump" at Dublin Open! See the start list here: https://rith.example/dublin-open/events/42',
    );
  });
});

describe('whatsappShareUrl', () => {
  it('percent-encodes the whole text', () => {
    expect(whatsappShareUrl('Results for "100m" & more: https://x.ie/a?b=1#c')).toBe(
      'https://wa.me/?text=Results%20for%20%22100m%22%20%26%20more%3A%20https%3A%2F%2Fx.ie%2Fa%3Fb%3D1%23c',
    );
  });

  it('encodes non-ASCII text as UTF-8', () => {
    expect(whatsappShareUrl('Éire')).toBe('https://wa.me/?text=%C3%89ire');
  });
});

describe('isScratched', () => {
  it.each(eventStatuses.map((status) => [status, status === 'scratched'] as const))(
    '%s -> %s',
    (status, scratched) => {
      expect(isScratched(status)).toBe(scratched);
    },
  );
});
